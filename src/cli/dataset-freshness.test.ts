// The dataset-freshness line of `tenk serve`: both dates when the dataset has them, "no prices" /
// "no filings" when it has none (a dataset built without price sets or the fact store).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Dataset } from '../dataset/sqlite/sqlite-dataset.js';
import { buildTinyDataset } from '../../test/support/tiny-dataset.js';
import { freshnessLine, readDatasetFreshness } from './dataset-freshness.js';

test('the line names the newest price and filing dates, or says there are none', () => {
  assert.equal(freshnessLine({ newestPrice: '2026-08-14', newestFiling: '2026-07-30' }),
    'tenk: the dataset has prices through 2026-08-14 and filings through 2026-07-30 (`tenk sync` fetches newer ones)\n');
  assert.equal(freshnessLine({ newestPrice: null, newestFiling: null }),
    'tenk: the dataset has no prices and no filings (`tenk sync` fetches newer ones)\n');
});

test('a dataset without prices or stored facts reads as none of either; an asynchronous backend is awaited', async () => {
  const ds = Dataset.open(buildTinyDataset([{ cik: '0000320193', ticker: 'AAPL', years: [2024] }]));
  try {
    assert.deepEqual(await readDatasetFreshness(ds), { newestPrice: null, newestFiling: null });
  } finally {
    ds.close();
  }
  const pgLike = { prices: { newestDate: async () => '2026-08-14' }, factStore: { newestFiled: async () => '2026-07-30' } };
  assert.deepEqual(await readDatasetFreshness(pgLike as unknown as Parameters<typeof readDatasetFreshness>[0]), { newestPrice: '2026-08-14', newestFiling: '2026-07-30' });
});
