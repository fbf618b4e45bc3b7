// The market build step on a tiny constructed mirror: three overlapping price sets (as traded,
// split-only, split-and-dividend) and a splits file, built into a real dataset file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import { buildDataset } from '../src/ingest/build-dataset.js';
import { marketStep } from '../src/ingest/market-step.js';

function mirror(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-market-'));
  const set = (name: string, manifest: object, files: Record<string, string>) => {
    fs.mkdirSync(path.join(dir, 'prices', name), { recursive: true });
    fs.writeFileSync(path.join(dir, 'prices', name, 'manifest.json'), JSON.stringify(manifest));
    for (const [f, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, 'prices', name, f), f.endsWith('.gz') ? zlib.gzipSync(text) : text);
  };
  set('raw', { format: 'CSV (date,open,high,low,close,adj_close,volume)', columns: { close: 'none', adj_close: 'splits_and_dividends' }, as_of: '2017-03-31' },
    { 'XYZ.csv.gz': 'date,open,high,low,close,adj_close,volume\n2016-01-04,50,50,50,50,49,100\n2016-01-05,52,52,52,52,51,100\n' });
  set('stooq', { format: 'stooq daily CSV (Date,Open,High,Low,Close,Volume,OpenInt)', columns: { Close: 'splits_and_dividends' }, as_of: '2017-11-10' },
    // XYZ 2-for-1 on 2016-06-01: stooq prices before are halved and 2 % dividend-adjusted
    { 'XYZ.csv': 'Date,Open,High,Low,Close,Volume,OpenInt\n2015-12-31,24.5,24.5,24.5,24.5,400,0\n2016-01-04,24.5,24.5,24.5,24.5,200,0\n2016-01-05,25.48,25.48,25.48,25.48,200,0\n2017-11-10,30,30,30,30,300,0\n' });
  set('yahoo', { format: 'Yahoo daily CSV (Date,Open,High,Low,Close,Adj Close,Volume)', columns: { Close: 'splits', 'Adj Close': 'splits_and_dividends' }, as_of: '2023-04-14' },
    // ABC 4-for-1 on 2020-08-31
    { 'ABC.csv.gz': 'Date,Open,High,Low,Close,Adj Close,Volume\n2020-08-28,10,10,10,10,9,400\n2020-08-31,11,11,11,11,10,100\n' });
  fs.mkdirSync(path.join(dir, 'splits'));
  fs.writeFileSync(path.join(dir, 'splits', 'splits.csv'), 'symbol,date,from,to,source\nXYZ,2016-06-01,1,2,test\nABC,2020-08-31,1,4,test\nQQQ,2015-01-01,x,2,bad\n');
  return dir;
}

test('market step: as-traded prices from overlapping sets, splits table with prices around the ex-date', async () => {
  const src = mirror();
  const target = path.join(src, 'out', 'dataset.sqlite');
  const summary = await buildDataset({ sourceDir: src, targetPath: target, steps: [marketStep] });
  assert.equal(summary.counts.splits, 2);
  assert.ok(summary.skipped.some((s) => s.subject === 'splits.csv row'));
  const db = new Database(target, { readonly: true });
  const px = (sym: string, d: string) => db.prepare('SELECT close, adj_close, volume, source FROM prices WHERE symbol = ? AND date = ?').get(sym, d) as { close: number; adj_close: number; volume: number; source: string };
  // as traded wins over stooq on the overlap
  assert.deepEqual(px('XYZ', '2016-01-04'), { close: 50, adj_close: 25, volume: 100, source: 'raw' });
  // stooq before the overlap: x2 for the split, then anchored on 2016-01-04 (50 / 49 = 1.0204...): 24.5 x 2 x 50/49 = 50
  assert.equal(px('XYZ', '2015-12-31').close, 50);
  assert.equal(px('XYZ', '2015-12-31').volume, 200); // 400 split-adjusted shares = 200 traded
  // stooq after the split and after the last anchor: kept
  assert.equal(px('XYZ', '2017-11-10').close, 30);
  // yahoo split-only restored exactly
  assert.deepEqual(px('ABC', '2020-08-28'), { close: 40, adj_close: 10, volume: 100, source: 'yahoo' });
  const sp = db.prepare('SELECT symbol, from_shares, to_shares, pre_split_price, post_split_price, id FROM splits ORDER BY symbol').all() as Array<Record<string, unknown>>;
  assert.equal(sp.length, 2);
  assert.equal(sp[0]!.symbol, 'ABC');
  assert.equal(sp[0]!.pre_split_price, 40);
  assert.equal(sp[0]!.post_split_price, 11);
  assert.match(sp[0]!.id as string, /^split_[0-9a-f]{20}$/);
  // XYZ's nearest closes are 5 months before and 17 months after its split: null, not a stale
  // close (issue 18: NVDA's 2021 and 2024 splits showed the 2017-11-10 close as pre_split_price)
  assert.deepEqual([sp[1]!.symbol, sp[1]!.pre_split_price, sp[1]!.post_split_price], ['XYZ', null, null]);
  db.close();
});

test('market step, incremental: unchanged symbols carried over from the previous dataset, a changed one built again; same tables and counts as a full build', async () => {
  const src = mirror();
  const dump = (file: string) => {
    const db = new Database(file, { readonly: true });
    try {
      return {
        prices: db.prepare('SELECT * FROM prices ORDER BY symbol, date').all(),
        splits: db.prepare('SELECT * FROM splits ORDER BY symbol, date').all(),
        inputs: db.prepare('SELECT * FROM price_inputs ORDER BY symbol').all(),
      };
    } finally {
      db.close();
    }
  };
  const first = path.join(src, 'a', 'dataset.sqlite');
  await buildDataset({ sourceDir: src, targetPath: first, steps: [marketStep] });
  // ABC's yahoo file changes (a later close); XYZ's files do not
  const abc = path.join(src, 'prices', 'yahoo', 'ABC.csv.gz');
  fs.writeFileSync(abc, zlib.gzipSync('Date,Open,High,Low,Close,Adj Close,Volume\n2020-08-28,10,10,10,10,9,400\n2020-08-31,11,11,11,11,10,100\n2020-09-01,12,12,12,12,11,100\n'));
  const full = path.join(src, 'b', 'dataset.sqlite');
  const fullSummary = await buildDataset({ sourceDir: src, targetPath: full, steps: [marketStep] });
  const inc = path.join(src, 'c', 'dataset.sqlite');
  const incSummary = await buildDataset({ sourceDir: src, targetPath: inc, steps: [marketStep], carryOver: { fromPath: first, ciks: new Set() } });
  assert.ok(incSummary.notes.some((n) => n.includes('price symbols carried over from the previous dataset (inputs unchanged): 1 of 2')), incSummary.notes.join('\n'));
  assert.deepEqual(dump(inc), dump(full));
  assert.deepEqual(incSummary.counts, fullSummary.counts);
  assert.equal((dump(inc).prices as Array<{ symbol: string }>).filter((r) => r.symbol === 'ABC').length, 3, 'the changed file was read again');
  // a symbol gone from the mirror since the previous build leaves no rows behind
  fs.rmSync(abc);
  const fullGone = path.join(src, 'e', 'dataset.sqlite');
  await buildDataset({ sourceDir: src, targetPath: fullGone, steps: [marketStep] });
  const incGone = path.join(src, 'f', 'dataset.sqlite');
  const goneSummary = await buildDataset({ sourceDir: src, targetPath: incGone, steps: [marketStep], carryOver: { fromPath: first, ciks: new Set() } });
  assert.ok(goneSummary.notes.some((n) => n.includes('carried over from the previous dataset (inputs unchanged): 1 of 1')), goneSummary.notes.join('\n'));
  assert.deepEqual(dump(incGone), dump(fullGone));
  assert.equal((dump(incGone).prices as Array<{ symbol: string }>).filter((r) => r.symbol === 'ABC').length, 0);
  // a previous dataset without price_inputs (built before them) carries nothing
  const old = new Database(first);
  old.exec('DROP TABLE price_inputs');
  old.close();
  const again = await buildDataset({ sourceDir: src, targetPath: path.join(src, 'd', 'dataset.sqlite'), steps: [marketStep], carryOver: { fromPath: first, ciks: new Set() } });
  assert.ok(again.notes.some((n) => n.includes('carried over from the previous dataset (inputs unchanged): 0 of 1')));
  assert.deepEqual(dump(path.join(src, 'd', 'dataset.sqlite')), dump(fullGone));
});
