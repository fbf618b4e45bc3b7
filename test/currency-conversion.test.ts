// currency= on the statement and derived endpoints over HTTP on the corpus dataset (docs/metrics.md,
// Currency conversion): flows at the period's average rate, balances at the period-end rate, from
// the ECB reference rates, which this test reads itself from fx/eurofxref-hist.csv.gz.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { hasCorpusDataset, startTestServer, type TestServer, okJson, annualRecordAt } from './support/test-server.js';
import { expectError } from './support/security-suite.js';

type Rec = Record<string, any>;
const corpus = path.resolve(process.env.TENK_TEST_DATA ?? '../shared/data');

/** USD per EUR by date from the ECB file (every row with a USD value). */
function ecbUsd(): Map<string, number> {
  const lines = zlib.gunzipSync(fs.readFileSync(path.join(corpus, 'fx', 'eurofxref-hist.csv.gz'))).toString().split('\n');
  const header = lines[0]!.split(',');
  const col = header.indexOf('USD');
  const out = new Map<string, number>();
  for (const l of lines.slice(1)) {
    const cells = l.split(',');
    const v = Number(cells[col]);
    if (cells[0] && Number.isFinite(v) && v > 0) out.set(cells[0], v);
  }
  return out;
}

describe('currency conversion', { skip: hasCorpusDataset() ? false : 'corpus test dataset not built (run npm test)' }, () => {
  let s: TestServer;
  before(async () => { s = await startTestServer(); });
  after(async () => { await s?.close(); });
  const getJson = (p: string): Promise<Rec[]> => okJson(s, p);
  const at = (route: string, id: string, date: string, extra = ''): Promise<Rec> => annualRecordAt(s, route, id, date, extra);

  test('ASML FY2023 in USD: income statement at the 2023 average of the ECB EURUSD rates, balance sheet at the 2023-12-29 rate (1.105)', async () => {
    const usd = ecbUsd();
    const year = [...usd].filter(([d]) => d >= '2023-01-01' && d <= '2023-12-31').map(([, v]) => v);
    const avg = Number((year.reduce((a, b) => a + b, 0) / year.length).toPrecision(6));
    assert.ok(avg > 1.07 && avg < 1.09, String(avg));
    const end = usd.get('2023-12-29')!;
    assert.equal(end, 1.105);
    assert.equal(usd.get('2023-12-31'), undefined, 'no rate on the Sunday: the Friday\'s');

    const isEur = await at('income-statement', 'ASML', '2023-12-31');
    const isUsd = await at('income-statement', 'ASML', '2023-12-31', '&currency=usd&include=provenance');
    assert.equal(isEur.currency, 'EUR');
    assert.equal(isUsd.currency, 'USD');
    assert.equal(isUsd.is_sales_revenue_turnover, Math.round(isEur.is_sales_revenue_turnover * avg));
    assert.equal(isUsd.is_net_income, Math.round(isEur.is_net_income * avg));
    assert.equal(isUsd.diluted_eps, Math.round(isEur.diluted_eps * avg * 1e4) / 1e4, 'per share likewise');
    assert.equal(isUsd.gross_margin, isEur.gross_margin, 'percentages unchanged');
    assert.equal(isUsd.is_sh_for_diluted_eps, isEur.is_sh_for_diluted_eps, 'share counts unchanged');
    assert.match(isUsd.provenance.is_sales_revenue_turnover.conversion, new RegExp(`^EUR->USD at the period average: average of ${year.length} ECB daily rates 2023-01-01\\.\\.2023-12-31 ${avg}$`));
    assert.ok(isUsd.provenance.is_sales_revenue_turnover.concepts, 'the filing\'s provenance is kept');

    const bsEur = await at('balance-sheet', 'ASML', '2023-12-31');
    const bsUsd = await at('balance-sheet', 'ASML', '2023-12-31', '&currency=USD&include=provenance');
    assert.equal(bsUsd.bs_tot_asset, Math.round(bsEur.bs_tot_asset * end));
    assert.equal(bsUsd.bs_sh_out, bsEur.bs_sh_out);
    assert.equal(bsUsd.provenance.bs_tot_asset.conversion, 'EUR->USD at the period-end rate: ECB rate of 2023-12-29 1.105');

    // derived: market cap is a value at the record date (period-end rate); TTM revenue a flow
    const evEur = await at('enterprise-value', 'ASML', '2023-12-31');
    const evUsd = await at('enterprise-value', 'ASML', '2023-12-31', '&currency=USD');
    assert.equal(evUsd.market_cap, Math.round(evEur.market_cap * end));
    assert.equal(evUsd.ttm_net_sales, Math.round(evEur.ttm_net_sales * avg));
    assert.equal(evUsd.ev_to_ttm_sales, evEur.ev_to_ttm_sales, 'ratios unchanged');
  });

  test('TSM in USD: the ECB data has no TWD rates, so its monetary values are null, provenance saying why (no guess)', async () => {
    const usd = await at('income-statement', 'TSM', '2023-12-31', '&currency=USD&include=provenance');
    assert.equal(usd.currency, 'USD');
    assert.equal(usd.is_sales_revenue_turnover, null);
    assert.match(usd.provenance.is_sales_revenue_turnover.conversion, /^no ECB rates of TWD/);
    assert.equal(typeof usd.gross_margin, 'number', 'percentages are kept');
  });

  test('a USD filer with currency=USD is unchanged; currency=EUR converts it', async () => {
    const plain = await getJson('/v2/fundamental/income-statement/AAPL?limit=3');
    assert.deepEqual(await getJson('/v2/fundamental/income-statement/AAPL?limit=3&currency=USD'), plain);
    assert.deepEqual(await getJson('/v2/fundamental/balance-sheet/AAPL?limit=3&currency=usd'), await getJson('/v2/fundamental/balance-sheet/AAPL?limit=3'));
    const eur = await at('balance-sheet', 'AAPL', '2023-09-30', '&currency=EUR');
    assert.equal(eur.currency, 'EUR');
    const usdPerEur = ecbUsd().get('2023-09-29')!;
    const orig = await at('balance-sheet', 'AAPL', '2023-09-30');
    assert.equal(eur.bs_tot_asset, Math.round(orig.bs_tot_asset * Number((1 / usdPerEur).toPrecision(6))));
  });

  test('a currency without rates is 400 currency_unsupported in the envelope; a malformed one is the usual parameter error', async () => {
    const msg = await expectError(await s.get('/v2/fundamental/income-statement/AAPL?currency=XYZ', { key: s.keys.enterprise }), 400, 'v2', 'currency_unsupported');
    assert.match(msg, /XYZ/);
    await expectError(await s.get('/v2/fundamental/per-share/AAPL?currency=TWD', { key: s.keys.enterprise }), 400, 'v2', 'currency_unsupported');
    await expectError(await s.get('/v2/fundamental/income-statement/AAPL?currency=US1', { key: s.keys.enterprise }), 422, 'v2');
  });
});
