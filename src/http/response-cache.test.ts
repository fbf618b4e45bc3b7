// The response cache is bounded in bytes as well as entries: a cache-busting run of distinct URLs
// never holds more than the byte budget, and the oldest bodies go first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ResponseCache } from './response-cache.js';

const body = (n: number, fill: number) => ({ body: Buffer.alloc(n, fill), contentType: 'application/json' });

test('the byte budget holds under many distinct keys; eviction is oldest first', () => {
  const cache = new ResponseCache(1_000_000, 64 * 1024, 1024 * 1024);
  for (let i = 0; i < 5000; i += 1) {
    cache.set(`k${i}`, body(10_000, i % 256));
    assert.ok(cache.bytes <= 1024 * 1024, `bytes ${cache.bytes} after ${i + 1} sets`);
  }
  assert.ok(cache.size >= 90 && cache.size <= 105, `size ${cache.size}`);
  assert.equal(cache.get('k0'), undefined);
  assert.equal(cache.get('k4999')?.body[0], 4999 % 256);
  assert.equal(cache.hits, 1);
  assert.equal(cache.misses, 1);
});

test('replacing a key keeps the byte count exact; oversize bodies are not kept', () => {
  const cache = new ResponseCache(10, 1000, 100_000);
  cache.set('a', body(500, 1));
  const once = cache.bytes;
  cache.set('a', body(500, 2));
  assert.equal(cache.bytes, once);
  assert.equal(cache.size, 1);
  cache.set('big', body(1001, 3));
  assert.equal(cache.get('big'), undefined);
  assert.equal(cache.bytes, once);
});
