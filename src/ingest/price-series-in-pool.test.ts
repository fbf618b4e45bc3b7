// A symbol's price series built in the standardize pool's worker equals the one built in-thread
// (nulls, sources, counts and the unreadable file included), so the market step's rows do not
// depend on where the series was built.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildPriceSeries, type PriceSeriesTask } from '../market/price-series.js';
import { createStandardizePool } from './standardize-pool.js';

const COLUMNS = { date: 0, open: 1, high: 2, low: 3, close: 4, adjClose: 5, volume: 6 };

function task(): PriceSeriesTask {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-price-series-'));
  const raw = path.join(dir, 'raw.csv.gz');
  fs.writeFileSync(raw, zlib.gzipSync('date,open,high,low,close,adj_close,volume\n2016-01-04,,50,50,50,49,\n2016-01-05,52,52,52,52,51,100\n'));
  const adjusted = path.join(dir, 'adjusted.csv');
  fs.writeFileSync(adjusted, 'date,open,high,low,close,adj_close,volume\n2015-12-31,24.5,24.5,24.5,24.5,24,400\n2016-01-05,26,26,26,26,25,200\n2017-11-10,30,30,30,30,30,300\n');
  const truncated = path.join(dir, 'truncated.csv.gz');
  fs.writeFileSync(truncated, zlib.gzipSync('date,open,high,low,close,adj_close,volume\n2016-01-04,1,1,1,1,1,1\n').subarray(0, 20));
  return {
    symbol: 'XYZ',
    files: [
      { set: { name: 'raw', asOf: '2017-03-31', closeBasis: 'none', columns: COLUMNS }, file: raw },
      { set: { name: 'adjusted', asOf: '2017-11-10', closeBasis: 'splits', columns: COLUMNS }, file: adjusted },
      { set: { name: 'truncated', asOf: '2016-01-01', closeBasis: 'splits_and_dividends', columns: COLUMNS }, file: truncated },
    ],
    splits: [{ date: '2016-06-01', from: 1, to: 2 }],
  };
}

test('price series: built in a pool worker as in-thread, nulls as NaN, the unreadable set named', async () => {
  const t = task();
  const local = buildPriceSeries(t);
  assert.equal(local.dates, '2015-12-312016-01-042016-01-052017-11-10');
  assert.deepEqual(local.unreadable, ['truncated']);
  assert.ok(Number.isNaN(local.open[1]!) && Number.isNaN(local.volume[1]!), 'empty open and volume stay null');
  assert.deepEqual([...local.source].map((s) => local.sourceNames[s]), ['adjusted', 'raw', 'raw', 'adjusted']);
  const pool = createStandardizePool(1);
  try {
    const result = await pool.run({ kind: 'prices', prices: t });
    assert.ok(result.kind === 'prices' && result.ok);
    assert.deepEqual(result.series, local);
  } finally {
    await pool.close();
  }
});
