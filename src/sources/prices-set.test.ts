import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { listPriceFiles, readPriceFile, readPriceSetManifest } from './prices-set.js';
import { parseSplitsCsv } from './splits-csv.js';

test('a price set: manifest columns and bases, gzip and plain files', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-prices-'));
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({
    format: 'Yahoo daily CSV (Date,Open,High,Low,Close,Adj Close,Volume)',
    columns: { Close: 'splits', 'Adj Close': 'splits_and_dividends' }, as_of: '2023-04-14',
  }));
  const csv = 'Date,Open,High,Low,Close,Adj Close,Volume\n2023-04-14,164.59,166.32,163.82,165.21,165.0,49337200\n2023-04-13,161.63,165.8,161.42,165.56,,68445600\n2023-04-12,1,1,1,,1,1\n';
  fs.writeFileSync(path.join(dir, 'AAPL.csv.gz'), zlib.gzipSync(csv));
  fs.writeFileSync(path.join(dir, 'msft.csv'), csv);
  const m = readPriceSetManifest(dir);
  assert.ok(typeof m !== 'string');
  assert.equal(m.closeBasis, 'splits');
  assert.equal(m.adjCloseBasis, 'splits_and_dividends');
  assert.equal(m.asOf, '2023-04-14');
  const files = listPriceFiles(dir);
  assert.deepEqual([...files.keys()], ['AAPL', 'MSFT']);
  const bars = readPriceFile(files.get('AAPL')!, m.columns);
  assert.equal(bars.length, 2); // the row without a close is dropped
  assert.equal(bars[0]!.date, '2023-04-13'); // sorted ascending
  assert.equal(bars[1]!.close, 165.21);
  assert.equal(bars[0]!.adjClose, null);
  assert.equal(readPriceFile(files.get('MSFT')!, m.columns).length, 2);
});

test('a manifest without the close basis is refused with a reason', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-prices-'));
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ format: 'CSV (date,close)', columns: {}, as_of: '2017-03-31' }));
  assert.equal(typeof readPriceSetManifest(dir), 'string');
});

test('splits.csv: forward, reverse and fractional ratios; malformed rows rejected', () => {
  const { splits, rejected } = parseSplitsCsv('symbol,date,from,to,source\nAAPL,2020-08-31,1,4,public record\nAA,2016-10-06,3,1,derived\nBAX,2015-07-01,1,1.841,derived\nX,2015-13,1,2,bad\n');
  assert.equal(splits.length, 3);
  assert.deepEqual(splits.map((s) => s.symbol), ['AA', 'AAPL', 'BAX']);
  assert.equal(splits[0]!.from, 3);
  assert.equal(rejected.length, 1);
});
