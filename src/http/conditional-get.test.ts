import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ifNoneMatchHits } from './conditional-get.js';

const tag = '"abc123"';

test('If-None-Match: exact, listed, weak and * match; others and absent do not', () => {
  assert.equal(ifNoneMatchHits(undefined, tag), false);
  assert.equal(ifNoneMatchHits('"abc123"', tag), true);
  assert.equal(ifNoneMatchHits('"x", "abc123"', tag), true);
  assert.equal(ifNoneMatchHits('W/"abc123"', tag), true);
  assert.equal(ifNoneMatchHits('*', tag), true);
  assert.equal(ifNoneMatchHits('"abc1234"', tag), false);
  assert.equal(ifNoneMatchHits('abc123', tag), false, 'an unquoted tag is malformed');
  assert.equal(ifNoneMatchHits('', tag), false);
  assert.equal(ifNoneMatchHits(['"x"', '"abc123"'], tag), true);
});
