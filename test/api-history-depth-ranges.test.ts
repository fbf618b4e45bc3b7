// Regressions (issue 20, defect 10): a range that ends before the plan's history depth
// (fiscal_year_end=2019 on Individual) answered 200 [] instead of 403; the split calendar and
// /v2/stock-splits/{id} ignored the depth. On the corpus with today = 2026-01-15 the Individual
// cutoff is 2021-01-15 (AAPL split 4:1 on 2020-08-31 and 7:1 on 2014-06-09).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { expectError } from './support/security-suite.js';
import { hasCorpusDataset, startTestServer, type TestServer } from './support/test-server.js';

const CUTOFF = '2021-01-15';

describe('history depth applies to range ends and to stock splits', { skip: hasCorpusDataset() ? false : 'needs the corpus dataset (npm test builds it)' }, () => {
  let s: TestServer;
  before(async () => { s = await startTestServer(); });
  after(async () => { await s.close(); });

  const json = async (p: string, key: string): Promise<any> => {
    const res = await s.get(p, { key });
    const text = await res.text();
    assert.equal(res.status, 200, `${p}: ${text.slice(0, 200)}`);
    return JSON.parse(text);
  };

  test('fiscal_year_end before the depth -> 403 (was 200 []); inside the depth -> 200', async () => {
    const msg = await expectError(await s.get('/v2/fundamental/income-statement/AAPL?fiscal_year_end=2019', { key: s.keys.individual }), 403, 'v2', 'history_beyond_plan');
    assert.match(msg, /Individual plan/);
    assert.match(msg, /fiscal_year_end=2019/);
    const ok = await json('/v2/fundamental/income-statement/AAPL?fiscal_year_end=2022', s.keys.individual);
    assert.ok(ok.length > 0 && ok.every((r: { date: string }) => r.date >= CUTOFF));
    assert.ok((await json('/v2/fundamental/income-statement/AAPL?fiscal_year_end=2019', s.keys.professional)).length > 0);
  });

  test('date_end before the depth -> 403 on statements and on v3 stock prices', async () => {
    await expectError(await s.get('/v2/fundamental/balance-sheet/AAPL?date_end=2019-12-31', { key: s.keys.individual }), 403, 'v2', 'history_beyond_plan');
    await expectError(await s.get('/v3.0.0/stock-prices/AAPL?date_end=2019-12-31', { key: s.keys.free }), 403, 'v3', 'history_beyond_plan');
  });

  test('split calendar: date_start before the depth -> 403; without it the calendar is clipped to the depth', async () => {
    await expectError(await s.get('/v2/stock-splits?date_start=2020-01-01&date_end=2020-12-31', { key: s.keys.individual }), 403, 'v2', 'history_beyond_plan');
    const clipped = await json('/v2/stock-splits?order=ASC&limit=1000', s.keys.individual);
    assert.ok(clipped.length > 0);
    assert.ok(clipped.every((r: { split_date: string }) => r.split_date >= CUTOFF), clipped[0]?.split_date);
    const all = await json('/v2/stock-splits?order=ASC&limit=1000', s.keys.professional);
    assert.ok(all.some((r: { split_date: string }) => r.split_date < CUTOFF));
  });

  test('/v2/stock-splits/{id} clips to the depth', async () => {
    const all = await json('/v2/stock-splits/AAPL', s.keys.professional);
    assert.ok(all.some((r: { split_date: string }) => r.split_date === '2020-08-31'), JSON.stringify(all.map((r: { split_date: string }) => r.split_date)));
    const individual = await json('/v2/stock-splits/AAPL', s.keys.individual);
    assert.ok(individual.every((r: { split_date: string }) => r.split_date >= CUTOFF));
    assert.ok(individual.length < all.length);
  });
});
