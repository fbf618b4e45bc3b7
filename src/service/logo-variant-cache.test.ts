import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LogoVariantCache } from './logo-variant-cache.js';

const bytes = (n: number, fill = 1) => Buffer.alloc(n, fill);

test('keeps renders within the byte bound, least recently used out first', async () => {
  const c = new LogoVariantCache(100);
  let renders = 0;
  const r = (n: number) => () => { renders += 1; return Promise.resolve(bytes(n)); };
  await c.get('a', r(40));
  await c.get('b', r(40));
  await c.get('a', r(40)); // hit: a is now the most recent
  assert.equal(renders, 2);
  await c.get('c', r(40)); // 120 > 100: b (least recent) leaves
  assert.equal(c.bytes, 80);
  assert.equal(c.size, 2);
  await c.get('a', r(40));
  assert.equal(renders, 3);
  await c.get('b', r(40));
  assert.equal(renders, 4);
  assert.ok(c.bytes <= 100);
});

test('a variant larger than the bound is served but not kept; 0 keeps nothing', async () => {
  const c = new LogoVariantCache(10);
  assert.equal((await c.get('big', () => Promise.resolve(bytes(11)))).length, 11);
  assert.equal(c.size, 0);
  const off = new LogoVariantCache(0);
  await off.get('x', () => Promise.resolve(bytes(1)));
  assert.equal(off.size, 0);
});

test('concurrent requests share one render; a failure is not kept', async () => {
  const c = new LogoVariantCache(100);
  let renders = 0;
  let release!: (b: Buffer) => void;
  const slow = () => { renders += 1; return new Promise<Buffer>((res) => { release = res; }); };
  const both = Promise.all([c.get('k', slow), c.get('k', slow)]);
  release(bytes(5, 7));
  const [x, y] = await both;
  assert.equal(renders, 1);
  assert.equal(x, y);
  await assert.rejects(c.get('bad', () => Promise.reject(new Error('corrupt'))), /corrupt/);
  assert.equal(await c.get('bad', () => Promise.resolve(bytes(3))).then((b) => b.length), 3);
});
