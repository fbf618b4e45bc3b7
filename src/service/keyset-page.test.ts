import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError } from './errors.js';
import { keysetPage, type KeysetSequence } from './keyset-page.js';

/** An ascending sequence of keys "k00".."k(n-1)" held in memory. */
function sequence(n: number): KeysetSequence<string> {
  const rows = Array.from({ length: n }, (_, i) => `k${String(i).padStart(2, '0')}`);
  return {
    key: (r) => r,
    forward: (after, m) => rows.filter((r) => after === null || r > after).slice(0, m),
    backward: (before, m) => rows.filter((r) => r < before).reverse().slice(0, m),
  };
}

const KEY = /^k\d\d$/;

async function walk(seq: KeysetSequence<string>, limit: number): Promise<{ forward: string[][]; back: string[][] }> {
  const forward: string[][] = [];
  let page = await keysetPage(seq, null, KEY, limit);
  forward.push(page.rows);
  while (page.next) { page = await keysetPage(seq, page.next, KEY, limit); forward.push(page.rows); }
  const back: string[][] = [page.rows];
  while (page.previous) { page = await keysetPage(seq, page.previous, KEY, limit); back.unshift(page.rows); }
  return { forward, back };
}

test('keyset pages: forward to the end and back to the start, every row once', async () => {
  for (const [n, limit] of [[10, 3], [9, 3], [1, 5], [5, 5], [6, 5]] as const) {
    const { forward, back } = await walk(sequence(n), limit);
    const all = Array.from({ length: n }, (_, i) => `k${String(i).padStart(2, '0')}`);
    assert.deepEqual(forward.flat(), all, `n=${n} limit=${limit}`);
    assert.ok(forward.every((p) => p.length > 0 && p.length <= limit));
    assert.deepEqual(back.flat(), all, `back n=${n} limit=${limit}`);
  }
});

test('keyset pages: the first page has no previous, the last no next; an empty sequence has neither', async () => {
  const first = await keysetPage(sequence(4), null, KEY, 2);
  assert.equal(first.previous, null);
  assert.equal(first.next, 'a:k01');
  const last = await keysetPage(sequence(4), 'a:k01', KEY, 2);
  assert.deepEqual(last, { rows: ['k02', 'k03'], next: null, previous: 'b:k02' });
  assert.deepEqual(await keysetPage(sequence(0), null, KEY, 2), { rows: [], next: null, previous: null });
});

test('keyset pages: a cursor that is not ours is page_token_invalid', async () => {
  for (const c of ['x:k01', 'a:', 'a:2025-01-01', 'k01']) {
    await assert.rejects(keysetPage(sequence(4), c, KEY, 2), (e: unknown) => e instanceof ApiError && e.code === 'page_token_invalid');
  }
});
