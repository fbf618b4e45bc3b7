import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readSplitsCsv } from './splits-csv.js';

test('splits.csv: forward, reverse and fractional ratios; malformed rows rejected', () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-splits-')), 'splits.csv');
  fs.writeFileSync(file, 'symbol,date,from,to,source\nAAPL,2020-08-31,1,4,public record\nAA,2016-10-06,3,1,derived\nBAX,2015-07-01,1,1.841,derived\nX,2015-13,1,2,bad\n');
  const { splits, rejected } = readSplitsCsv(file);
  assert.equal(splits.length, 3);
  assert.deepEqual(splits.map((s) => s.symbol), ['AA', 'AAPL', 'BAX']);
  assert.equal(splits[0]!.from, 3);
  assert.equal(rejected.length, 1);
});
