// Market values of foreign issuers on the corpus dataset over HTTP (docs/metrics.md, Market values of
// foreign issuers): the US listing's close / ordinary shares per depositary share x the ECB rate of
// the close's date, in the reporting currency. Expected values are computed here by hand from the
// price file, reference/adr_ratios.csv and fx/eurofxref-hist.csv.gz.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { hasCorpusDataset, startTestServer, type TestServer, okJson, annualRecordAt } from './support/test-server.js';
import { decodePayload, openZipArchive } from '../src/sources/sec-zip.js';

/** TSMC's ifrs-full:ClosingForeignExchangeRate facts (TWD per USD, unit "pure"), from the corpus companyfacts zip. */
async function tsmcClosingRates(): Promise<Array<{ end: string; val: number; accn: string }>> {
  const zip = await openZipArchive(path.join(corpus, 'sec', 'companyfacts.zip'));
  try {
    const entry = zip.entries.find((e) => e.fileName.endsWith('CIK0001046179.json'));
    assert.ok(entry, 'TSMC in the corpus');
    const doc = JSON.parse(decodePayload(zip.readRawSync(entry)).toString('utf8'));
    return doc.facts['ifrs-full'].ClosingForeignExchangeRate.units.pure;
  } finally {
    zip.close();
  }
}

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
  const getJson = (p: string): Promise<any> => okJson(s, p);
  const at = (route: string, id: string, date: string, extra = ''): Promise<Rec> => annualRecordAt(s, route, id, date, extra);

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
    const ev = await at('enterprise-value', 'ASML', '2023-12-31', '&include=provenance');
    near(ev.market_cap, price * shares, 1e-7, 'market cap = 756.92 x 0.904977 x shares (EUR 269.49 bn)');
    // the provenance names the ECB pair and the rate used
    assert.deepEqual(ev.provenance?.market_cap?.concepts, ['ECB reference rate USDEUR']);
    assert.match(ev.provenance?.market_cap?.derivation ?? '', /close of 2023-12-29 in reporting currency at the ECB USDEUR rate 0\.904977 of 2023-12-29$/);
    near(ev.market_cap, 269_491_986_857, 1e-7, 'market cap');
    assert.notEqual(Math.round(ev.market_cap), Math.round(close * shares), 'not the USD value');
    const fx = await getJson('/v2/forex/USDEUR?date_start=2023-12-29&date_end=2023-12-29').catch(() => null);
    if (Array.isArray(fx) && fx.length === 1 && typeof fx[0].close === 'number') assert.equal(fx[0].close, eurPerUsd, 'the forex endpoint serves the same rate');
  });

  /** TSM FY2023 by hand: the 2023-12-29 NYSE ADR close / 5 ordinary shares per ADR x TSMC's own 2023-12-31 closing rate. */
  const tsmFy2023ByHand = async (): Promise<{ price: number; rate: number; accn: string }> => {
    const ratios = fs.readFileSync(path.join(corpus, 'reference', 'adr_ratios.csv'), 'utf8').split('\n').filter((l) => l.startsWith('TSM,'));
    assert.ok(ratios.length > 0 && ratios.every((l) => Number(l.split(',')[1]) === 5), 'every TSM row: 5 ordinary shares per ADR');
    const close = Number(cell(gz(path.join(corpus, 'prices', 'yahoo-adr-2024', 'TSM.csv.gz')), '2023-12-29', 'Close'));
    const fact = (await tsmcClosingRates()).find((f) => f.end === '2023-12-31');
    assert.ok(fact, 'TSMC tags its 2023-12-31 closing rate');
    assert.equal(fact.val, 30.62);
    return { price: close / 5 * fact.val, rate: fact.val, accn: fact.accn };
  };

  test('TSM FY2023 (2023-12-31): no USD->TWD rate in the ECB data, so the close of 2023-12-29 is converted at TSMC\'s own tagged 2023-12-31 rate (30.62 TWD per USD)', async () => {
    const { price, accn } = await tsmFy2023ByHand();
    const m = await at('multiples', 'TSM', '2023-12-31', '&include=provenance');
    near(m.pr_last, price, 1e-9, 'pr_last in TWD per ordinary share');
    // one close has a rate: the 52-week high, low and mean are unknown, and say why
    for (const f of ['pr_high', 'pr_low', 'average_price_earnings_ratio', 'high_enterprise_value']) {
      assert.equal(m[f], null, f);
      assert.match(m.provenance?.[f]?.derivation ?? '', /52-week high, low and mean close are unknown in the reporting currency: only the close of 2023-12-29 has a rate/, f);
    }
    const bs = await at('balance-sheet', 'TSM', '2023-12-31');
    const shares = bs.bs_sh_out as number;
    const ev = await at('enterprise-value', 'TSM', '2023-12-31', '&include=provenance');
    near(ev.market_cap, price * shares, 1e-9, 'market cap = close / 5 x 30.62 x shares');
    assert.match(ev.provenance?.market_cap?.derivation ?? '', new RegExp(`ifrs-full:ClosingForeignExchangeRate 30\\.62 per USD of 2023-12-31 \\(accn ${accn}\\)`));
    // the old value: NYSE ADR close (USD) x ordinary shares, labelled TWD
    assert.notEqual(ev.market_cap, 745_496_125_000);
  });

  test('TSM FY2021 (2021-12-31): TSMC tagged its closing rate at 2021-12-30, not at the balance date, so market values stay null with the reason', async () => {
    const rates = await tsmcClosingRates();
    assert.ok(rates.some((f) => f.end === '2021-12-30') && !rates.some((f) => f.end === '2021-12-31'), 'the FY2021 rate is dated 2021-12-30');
    const ev = await at('enterprise-value', 'TSM', '2021-12-31', '&include=provenance');
    assert.equal(ev.market_cap, null);
    assert.equal(ev.provenance?.market_cap?.derivation, 'no USD->TWD rate for 2021-12-31');
    const profile = await getJson('/v2/company/profile/TSM');
    assert.equal(profile.currency, 'TWD');
  });

  test('point in time (as_of 2024-06-30): ASML FY2023 the same EUR market cap, TSM FY2023 the same TWD market cap at TSMC\'s own rate', async () => {
    const asml = await at('enterprise-value', 'ASML', '2023-12-31', '&as_of=2024-06-30');
    near(asml.market_cap, 269_491_986_857, 1e-7, 'ASML market cap as of 2024-06-30');
    const served = await at('enterprise-value', 'TSM', '2023-12-31');
    const tsm = await at('enterprise-value', 'TSM', '2023-12-31', '&as_of=2024-06-30&include=provenance');
    assert.equal(typeof tsm.market_cap, 'number');
    near(tsm.market_cap, served.market_cap, 1e-12, 'TSM market cap as of 2024-06-30');
    assert.match(tsm.provenance?.market_cap?.derivation ?? '', /ClosingForeignExchangeRate 30\.62 per USD of 2023-12-31/);
  });

  test('AAPL FY2022 (2022-09-24): a USD listing of a USD reporter is unchanged (150.43 x 15,908,118,000)', async () => {
    const ev = await at('enterprise-value', 'AAPL', '2022-09-24');
    near(ev.market_cap, 150.43 * 15_908_118_000, 1e-9, 'AAPL market cap');
  });
});
