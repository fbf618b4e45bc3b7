// Long text a part at a time: the parts of a walk make up the field, each at most TEXT_PART_CHARS,
// never splitting a surrogate pair; the note names the next offset; bad offsets are refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError } from '../service/errors.js';
import { TEXT_PART_CHARS, textOffset, textPartOf } from './text-parts.js';

test('the parts of a walk make up the text, with its length and the next offset', () => {
  // a surrogate pair straddles the first part's end
  const text = `${'a'.repeat(TEXT_PART_CHARS - 1)}😀${'b'.repeat(TEXT_PART_CHARS + 5)}`;
  const value = { symbol: 'X', content: text };
  let joined = '';
  let offset: number | null = 0;
  const notes: string[] = [];
  while (offset !== null) {
    const { content, note } = textPartOf('content', value, offset);
    assert.equal(content.symbol, 'X');
    assert.equal(content.content_length, text.length);
    assert.ok((content.content as string).length <= TEXT_PART_CHARS);
    joined += content.content as string;
    notes.push(note);
    offset = content.next_content_offset as number | null;
  }
  assert.equal(joined, text);
  assert.equal(notes.length, 3);
  assert.equal(notes[0], `content: characters 1-${TEXT_PART_CHARS - 1} of ${text.length}. More: call again with content_offset=${TEXT_PART_CHARS - 1}.`);
  assert.match(notes[2]!, new RegExp(`of ${text.length}\\.$`));
  assert.equal(textPartOf('content', value, text.length + 3).note, `No content at offset ${text.length + 3}: it has ${text.length} characters.`);
});

test('content_offset: default 0; negative or not an integer refused', () => {
  assert.equal(textOffset('content', {}), 0);
  assert.equal(textOffset('content', { content_offset: 12 }), 12);
  for (const bad of [-1, 1.5, 'x']) {
    assert.throws(() => textOffset('content', { content_offset: bad }), (e: unknown) => e instanceof ApiError && e.message === 'content_offset must be an integer from 0');
  }
});
