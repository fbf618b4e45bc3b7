// Pages of a complete list: the rows at the offset, the total, the next offset (null on the last
// page) and a note saying how to get more; an envelope keeps its own fields; bad limits are refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError } from '../service/errors.js';
import { pageArgs, pageOf, pageText } from './list-pages.js';

const rows = Array.from({ length: 7 }, (_, i) => ({ n: i }));

test('pages of an array walk it in order, each row once', () => {
  const a = pageOf('array', rows, { limit: 3, offset: 0 });
  const b = pageOf('array', rows, { limit: 3, offset: 3 });
  const c = pageOf('array', rows, { limit: 3, offset: 6 });
  assert.deepEqual([...a.rows, ...b.rows, ...c.rows], rows);
  assert.deepEqual(a.content, { records: rows.slice(0, 3), total: 7, offset: 0, limit: 3, next_offset: 3 });
  assert.equal(c.content.next_offset, null);
  assert.equal(a.note, 'Rows 1-3 of 7. More: call again with offset=3.');
  assert.equal(c.note, 'Rows 7-7 of 7.');
  assert.equal(pageOf('array', rows, { limit: 3, offset: 9 }).note, 'No rows at offset 9: the list has 7.');
  assert.equal(pageOf('array', [], { limit: 3, offset: 0 }).note, 'The list is empty.');
});

test('an envelope keeps its fields besides data, without the page URLs', () => {
  const env = { exchange: 'NYSE', year: 2025, data: rows, next_page_url: null, previous_page_url: null };
  const p = pageOf('envelope', env, { limit: 2, offset: 2 });
  assert.deepEqual(p.content, { exchange: 'NYSE', year: 2025, data: rows.slice(2, 4), total: 7, offset: 2, limit: 2, next_offset: 4 });
  assert.equal(pageText(p, (r) => r.map((x) => x.n).join(',')), 'Rows 3-4 of 7. More: call again with offset=4.\n{"exchange":"NYSE","year":2025}\n2,3');
});

test('limit and offset: defaults 50 and 0; out of range or not integers refused', () => {
  assert.deepEqual(pageArgs({}), { limit: 50, offset: 0 });
  assert.deepEqual(pageArgs({ limit: 5, offset: '10' }), { limit: 5, offset: 10 });
  for (const bad of [{ limit: 0 }, { limit: 1001 }, { limit: 2.5 }, { offset: -1 }, { limit: 'ten' }]) {
    assert.throws(() => pageArgs(bad), (e: unknown) => e instanceof ApiError && /must be an integer from/.test(e.message), JSON.stringify(bad));
  }
});
