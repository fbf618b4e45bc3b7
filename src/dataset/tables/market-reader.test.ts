// The records build's market reader: closes held in memory (the market step's hand-off, bounded by
// a byte budget) and closes read from the prices table give the same market data, whichever
// symbols the hand-off holds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { PRICES_DDL } from './prices-table.js';
import { SPLITS_DDL } from './splits-table.js';
import { createMarketReader, type SymbolCloses } from './market-reader.js';

function db(): Database.Database {
  const d = new Database(':memory:');
  for (const sql of [...PRICES_DDL, ...SPLITS_DDL]) d.exec(sql);
  const put = d.prepare("INSERT INTO prices (symbol, date, close, adj_close, source) VALUES (?, ?, ?, ?, 'test')");
  for (const [symbol, date, close] of [['ABC', '2020-01-02', 10], ['ABC', '2020-01-03', 11], ['ABC', '2020-06-01', 5.5], ['XYZ', '2021-03-01', 100], ['XYZ', '2021-03-02', 101]] as const) {
    put.run(symbol, date, close, close);
  }
  d.prepare("INSERT INTO splits (id, symbol, date, from_shares, to_shares, source) VALUES ('s1', 'ABC', '2020-05-01', 1, 2, 'test')").run();
  return d;
}

function held(d: Database.Database, symbols: string[]): Map<string, SymbolCloses> {
  const out = new Map<string, SymbolCloses>();
  for (const s of symbols) {
    const rows = d.prepare('SELECT date, close FROM prices WHERE symbol = ? ORDER BY date').raw(true).all(s) as Array<[string, number]>;
    out.set(s, { dates: Buffer.from(rows.map((r) => r[0]).join(''), 'latin1'), closes: Float64Array.from(rows, (r) => r[1]) });
  }
  return out;
}

test('market data from held closes, from the table, and from a hand-off holding only some symbols are the same', () => {
  const d = db();
  const wanted = ['ABC', 'XYZ', 'NOPRICES'];
  const fromTable = createMarketReader(d).read(wanted);
  assert.ok(fromTable);
  assert.equal(fromTable.ticker, 'ABC');
  assert.deepEqual(createMarketReader(d, held(d, ['ABC', 'XYZ'])).read(wanted), fromTable);
  assert.deepEqual(createMarketReader(d, held(d, ['XYZ'])).read(wanted), fromTable);
  assert.deepEqual(createMarketReader(d, new Map()).read(wanted), fromTable);
  assert.deepEqual(createMarketReader(d, held(d, ['ABC'])).read(['XYZ']), createMarketReader(d).read(['XYZ']));
  d.close();
});
