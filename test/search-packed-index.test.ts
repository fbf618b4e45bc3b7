// The search index's compact representation (packed id lists, name forms kept as one string per
// entry) against the straightforward one (maps of arrays, forms derived from the names) on the
// real universe: every list of every key, every entry's forms, and the hits and scores of many
// queries must be equal.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type Database from 'better-sqlite3';
import { loadSearchEntriesFromDb } from '../src/dataset/sqlite/sqlite-tickers.js';
import { nameForms, TickerIndex } from '../src/search/ticker-index.js';
import { searchTickers } from '../src/search/ticker-search.js';
import { referenceDb } from './reference-fixture.js';

let db: Database.Database;
let packed: TickerIndex;
let plain: TickerIndex;
before(async () => {
  db = await referenceDb();
  const entries = loadSearchEntriesFromDb(db);
  packed = new TickerIndex(entries);
  plain = new TickerIndex(entries, { pack: false });
});
after(() => db.close());

test('every key of every look-up list has the same ids in the same order', () => {
  const a = packed.listsForTest();
  const b = plain.listsForTest();
  for (const name of Object.keys(b)) {
    const p = a[name]!;
    const q = b[name]!;
    assert.equal(p.size, q.size, name);
    assert.ok(q.size > 1000, `${name}: ${q.size} keys`);
    for (const k of q.keys()) {
      const x = p.get(k);
      const y = q.get(k);
      if (x.length !== y.length || [...x].some((v, i) => v !== y[i])) assert.fail(`${name} ${k}: ${[...x].join()} != ${[...y].join()}`);
    }
  }
});

test('the forms kept per entry equal the forms derived from its names', () => {
  for (const e of packed.entries) assert.deepEqual(packed.forms(e.id), nameForms(e), e.symbol);
});

test('searches give the same hits and scores (symbols, names, prefixes, typos, filters)', () => {
  const queries: string[] = [];
  for (let i = 0; i < packed.size; i += 53) {
    const e = packed.entry(i);
    const w = e.name.split(/\s+/);
    const first = w[0] ?? '';
    queries.push(e.symbol, e.name, first, first.slice(0, 3), w.slice(0, 2).join(' '));
    if (first.length > 4) queries.push(first[0]! + first[2]! + first[1]! + first.slice(3));
  }
  assert.ok(queries.length > 2000);
  for (const q of queries) {
    for (const opts of [{}, { mode: 'name' as const }, { exchange: 'NASDAQ' }]) {
      const x = searchTickers(packed, q, { limit: 10, ...opts }).map((h) => `${h.entry.symbol} ${h.score}`);
      const y = searchTickers(plain, q, { limit: 10, ...opts }).map((h) => `${h.entry.symbol} ${h.score}`);
      assert.deepEqual(x, y, q);
    }
  }
});
