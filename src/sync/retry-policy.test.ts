import { test } from 'node:test';
import assert from 'node:assert/strict';
import { retryAfterMs, retryDelayMs, retryableStatus, retryPolicy } from './retry-policy.js';

test('429, 5xx retry; 404 and 403 do not', () => {
  assert.deepEqual([429, 500, 503, 404, 403, 400].map(retryableStatus), [true, true, true, false, false, false]);
});

test('Retry-After as seconds or an HTTP date; absent or unreadable is null', () => {
  assert.equal(retryAfterMs('3'), 3000);
  assert.equal(retryAfterMs(new Date(61_000).toUTCString(), 1_000), 60_000);
  assert.equal(retryAfterMs(null), null);
  assert.equal(retryAfterMs('soon'), null);
});

test('backoff doubles per retry up to the cap, jittered below it; Retry-After wins but is capped', () => {
  const p = retryPolicy(1000);
  assert.deepEqual([1, 2, 3, 4, 8, 20].map((r) => retryDelayMs(p, r, null, () => 1)), [1000, 2000, 4000, 8000, 60_000, 60_000]);
  assert.equal(retryDelayMs(p, 3, null, () => 0.5), 2000);
  assert.equal(retryDelayMs(p, 3, null, () => 0), 0);
  assert.equal(retryDelayMs(p, 1, 5000), 5000);
  assert.equal(retryDelayMs(p, 1, 3_600_000), 60_000);
});
