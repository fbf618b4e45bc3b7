// Market values of foreign issuers on the corpus dataset over HTTP (docs/metrics.md, Market values of
// foreign issuers): the US listing's close / ordinary shares per depositary share x the ECB rate of
// the close's date, in the reporting currency. Expected values are computed here by hand from the
// price file, reference/adr_ratios.csv and fx/eurofxref-hist.csv.gz.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { hasCorpusDataset, startTestServer, type TestServer } from './support/test-server.js';

type Rec = Record<string, any>;
const corpus = path.resolve(process.env.TENK_TEST_DATA ?? '../shared/data');

function gz(file: string): string {
  return zlib.gunzipSync(fs.readFileSync(file)).toString();
}
/** A column of one date's row in a CSV text. */
function cell(text: string, date: string, column: string): string {
  const lines = text.split('\n');
  const header = lines[0]!.split(',').map((h) => h.trim());
  const row = lines.find((l) => l.startsWith(date));
  assert.ok(row, `row ${date}`);
  return row.split(',')[header.indexOf(column)]!.trim();
}
function near(actual: unknown, expected: number, rel: number, what: string): void {
  assert.equal(typeof actual, 'number', `${what}: ${String(actual)}`);
  assert.ok(Math.abs((actual as number) - expected) <= Math.abs(expected) * rel, `${what}: ${String(actual)} vs ${expected}`);
}

describe('market values of foreign issuers', { skip: hasCorpusDataset() ? false : 'corpus test dataset not built (run npm test)' }, () => {
  let s: TestServer;
  before(async () => { s = await startTestServer(); });
  after(async () => { await s?.close(); });
  const getJson = async (p: string): Promise<any> => {
    const res = await s.get(p, { key: s.keys.enterprise });
    const text = await res.text();
    assert.equal(res.status, 200, `${p}: ${text.slice(0, 300)}`);
    return JSON.parse(text);
  };
  const at = async (route: string, id: string, date: string, extra = ''): Promise<Rec> => {
    const rows = await getJson(`/v2/fundamental/${route}/${id}?period=annual&date_start=${date}&date_end=${date}${extra}`);
    assert.equal(rows.length, 1, `${route} ${id} ${date}`);
    return rows[0]!;
  };

  test('ASML FY2023 (2023-12-31): market cap in EUR = the 2023-12-29 NYSE close x EUR per USD of that day x shares (ratio 1)', async () => {
    const ratios = fs.readFileSync(path.join(corpus, 'reference', 'adr_ratios.csv'), 'utf8').split('\n').filter((l) => l.startsWith('ASML,'));
    assert.ok(ratios.length > 0 && ratios.every((l) => Number(l.split(',')[1]) === 1), 'every ASML row: 1 ordinary share per listed share');
    const close = Number(cell(gz(path.join(corpus, 'prices', 'yahoo-adr-2024', 'ASML.csv.gz')), '2023-12-29', 'Close'));
    near(close, 756.92, 1e-7, 'close'); // 756.919983 in the file
    const usdPerEur = Number(cell(gz(path.join(corpus, 'fx', 'eurofxref-hist.csv.gz')), '2023-12-29', 'USD'));
    assert.equal(usdPerEur, 1.105);
    const eurPerUsd = Number((1 / usdPerEur).toPrecision(6)); // the USDEUR cross of the forex endpoints: 0.904977
    const price = close / 1 * eurPerUsd; // 684.9952 EUR
    const m = await at('multiples', 'ASML', '2023-12-31');
    near(m.pr_last, price, 1e-6, 'pr_last in EUR');
    const bs = await at('balance-sheet', 'ASML', '2023-12-31');
    const shares = bs.bs_sh_out as number; // 393,421,721 (cover page)
    const ev = await at('enterprise-value', 'ASML', '2023-12-31');
    near(ev.market_cap, price * shares, 1e-7, 'market cap = 756.92 x 0.904977 x shares (EUR 269.49 bn)');
    near(ev.market_cap, 269_491_986_857, 1e-7, 'market cap');
    assert.notEqual(Math.round(ev.market_cap), Math.round(close * shares), 'not the USD value');
    const fx = await getJson('/v2/forex/USDEUR?date_start=2023-12-29&date_end=2023-12-29').catch(() => null);
    if (Array.isArray(fx) && fx.length === 1 && typeof fx[0].close === 'number') assert.equal(fx[0].close, eurPerUsd, 'the forex endpoint serves the same rate');
  });

  test('TSM FY2023 (2023-12-31): no USD->TWD rate in the ECB data, so market values are null with the reason; never the old mixed value', async () => {
    const ev = await at('enterprise-value', 'TSM', '2023-12-31', '&include=provenance');
    assert.equal(ev.market_cap, null);
    assert.equal(ev.enterprise_value, null);
    assert.equal(ev.provenance?.market_cap?.derivation, 'no USD->TWD rate for 2023-12-29');
    assert.equal(ev.provenance?.enterprise_value?.derivation, 'no USD->TWD rate for 2023-12-29');
    const m = await at('multiples', 'TSM', '2023-12-31');
    assert.equal(m.pr_last, null);
    assert.equal(m.pe_ratio, null);
    const profile = await getJson('/v2/company/profile/TSM');
    assert.equal(profile.currency, 'TWD');
    // the old value: NYSE ADR close (USD) x ordinary shares, labelled TWD
    assert.notEqual(profile.market_cap, 745_496_125_000);
    assert.equal(profile.market_cap, null);
  });

  test('point in time (as_of 2024-06-30): ASML FY2023 the same EUR market cap, TSM FY2023 null with the same reason', async () => {
    const asml = await at('enterprise-value', 'ASML', '2023-12-31', '&as_of=2024-06-30');
    near(asml.market_cap, 269_491_986_857, 1e-7, 'ASML market cap as of 2024-06-30');
    const tsm = await at('enterprise-value', 'TSM', '2023-12-31', '&as_of=2024-06-30&include=provenance');
    assert.equal(tsm.market_cap, null);
    assert.equal(tsm.provenance?.market_cap?.derivation, 'no USD->TWD rate for 2023-12-29');
  });

  test('AAPL FY2022 (2022-09-24): a USD listing of a USD reporter is unchanged (150.43 x 15,908,118,000)', async () => {
    const ev = await at('enterprise-value', 'AAPL', '2022-09-24');
    near(ev.market_cap, 150.43 * 15_908_118_000, 1e-9, 'AAPL market cap');
  });
});
