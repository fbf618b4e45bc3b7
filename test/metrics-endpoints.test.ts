// End-to-end: the real server on the corpus dataset, called over HTTP, for the derived-metric
// and stock-split endpoints. Expected values are computed by hand from the companies' filings
// (SEC companyfacts) and the raw price files, and written here with their arithmetic.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { recordColumns } from '../src/metrics/registry.js';
import type { RecordType } from '../src/model/record-types.js';
import { hasCorpusDataset, startTestServer, type TestServer, okJson } from './support/test-server.js';

type Rec = Record<string, unknown>;
const corpus = hasCorpusDataset();

/** |actual - expected| within rel (relative) of expected. */
function near(actual: unknown, expected: number, rel = 1e-3, what = ''): void {
  assert.equal(typeof actual, 'number', `${what}: expected a number, got ${String(actual)}`);
  const a = actual as number;
  assert.ok(Math.abs(a - expected) <= Math.abs(expected) * rel + 1e-9, `${what}: ${a} is not within ${rel * 100}% of ${expected}`);
}

describe('derived-metric endpoints on the corpus dataset', { skip: corpus ? false : 'corpus test dataset not built (run npm test)' }, () => {
  let s: TestServer;
  before(async () => { s = await startTestServer(); });
  after(async () => { await s?.close(); });

  const getJson = (p: string): Promise<Rec[]> => okJson(s, p);
  const at = async (route: string, id: string, date: string, period = 'annual'): Promise<Rec> => {
    const rows = await getJson(`/v2/fundamental/${route}/${id}?period=${period}&date_start=${date}&date_end=${date}`);
    assert.equal(rows.length, 1, `${route} ${id} ${period} ${date}`);
    return rows[0]!;
  };

  test('every record type: all registry columns in order, currency only where the spec puts it', async () => {
    const routes: Array<[string, RecordType]> = [
      ['ratios/credit', 'credit'], ['ratios/liquidity', 'liquidity'], ['ratios/profitability', 'profitability'],
      ['ratios/working-capital', 'working_capital'], ['ratios/yield-analysis', 'yield_analysis'],
      ['enterprise-value', 'enterprise_value'], ['multiples', 'multiples'], ['per-share', 'per_share'],
    ];
    for (const [route, rt] of routes) {
      const rows = await getJson(`/v2/fundamental/${route}/AAPL?limit=3`);
      assert.equal(rows.length, 3, route);
      assert.deepEqual(Object.keys(rows[0]!), [...recordColumns(rt)], route);
      for (const [k, v] of Object.entries(rows[0]!)) if (!['ticker', 'date', 'period', 'period_label', 'fiscal_year', 'currency'].includes(k)) assert.ok(v === null || typeof v === 'number', `${route}.${k}`);
    }
  });

  test('Apple FY2022 (2022-09-24), every derived record type against its 10-K and the 2022-09-23 close', async () => {
    // 10-K FY2022 ($M): revenue 394,328; COGS 223,546; operating income 119,437; D&A 11,104; pre-tax 119,103;
    // tax 19,300; net income 99,803; CFO 122,151; capex -10,708; dividends -14,841; buybacks -89,402; CFF -110,749.
    // Balance 2022-09-24 (2021-09-25): assets 352,755 (351,002); current assets 135,405; current liabilities
    // 153,982 (125,481); commercial paper 9,982 + current term debt 11,128; term debt 98,959; cash 23,646 +
    // current marketable securities 24,658; receivables 28,184 (26,278); inventories 4,946 (6,580); payables
    // 64,115 (54,763); total liabilities 302,083; equity 50,672. Close 2022-09-23: 150.43 (yahoo-2023, no split
    // since); cover-page shares 15,908,118,000 (2022-10-14). Diluted shares 16,325,819,000; diluted EPS 6.11.
    const credit = await at('ratios/credit', 'AAPL', '2022-09-24');
    near(credit.short_and_long_term_debt, 120_069e6, 1e-9, 'debt = 9,982 + 11,128 + 98,959');
    near(credit.tot_debt_to_ebitda, 120_069 / 130_541, 1e-3, 'debt / (119,437 + 11,104)');
    near(credit.net_debt_to_ebitda, (120_069 - 48_304) / 130_541, 1e-3, 'net debt / EBITDA');
    near(credit.tot_debt_to_tot_eqy, 120_069 / 50_672 * 100, 1e-4, 'debt / equity');
    const liq = await at('ratios/liquidity', 'AAPL', '2022-09-24');
    near(liq.cur_ratio, 135_405 / 153_982, 1e-3, 'current ratio');
    near(liq.cash_ratio, 48_304 / 153_982, 1e-3, 'cash ratio');
    near(liq.cfo_to_avg_current_liabilities, 122_151 / ((125_481 + 153_982) / 2), 1e-3, 'CFO / avg current liabilities');
    const prof = await at('ratios/profitability', 'AAPL', '2022-09-24');
    near(prof.return_on_asset, 99_803 / ((351_002 + 352_755) / 2) * 100, 1e-4, 'ROA');
    near(prof.gross_margin, (394_328 - 223_546) / 394_328 * 100, 1e-4, 'gross margin');
    near(prof.eff_tax_rate, 19_300 / 119_103 * 100, 1e-4, 'tax rate');
    near(prof.dvd_payout_ratio, 14_841 / 99_803 * 100, 1e-4, 'payout');
    const wc = await at('ratios/working-capital', 'AAPL', '2022-09-24');
    near(wc.acct_rcv_turn, 394_328 / ((26_278 + 28_184) / 2), 1e-3, 'receivable turnover');
    near(wc.invent_turn, 223_546 / ((6_580 + 4_946) / 2), 1e-3, 'inventory turnover');
    // 365/38.790 + 365/14.481 - 365/3.7609 = 9.41 + 25.21 - 97.05
    near(wc.cash_conversion_cycle, -62.44, 1e-3, 'cash conversion cycle (negative: paid before suppliers)');
    const y = await at('ratios/yield-analysis', 'AAPL', '2022-09-24');
    const mcap = 150.43 * 15_908_118_000;
    near(y.ttm_free_cash_flow, 111_443e6, 1e-9, 'FCF = 122,151 - 10,708');
    near(y.free_cash_flow_yield, 111_443e6 / mcap * 100, 1e-3, 'FCF yield');
    near(y.returned_capital_ex_debt, 104_243e6, 1e-9, 'dividends + buybacks');
    near(y.shareholder_yield_cff, 110_749e6 / mcap * 100, 1e-3, 'CFF yield');
    const ev = await at('enterprise-value', 'AAPL', '2022-09-24');
    near(ev.market_cap, mcap, 1e-6, 'market cap = 150.43 x 15,908,118,000');
    near(ev.enterprise_value, mcap + 120_069e6 - 48_304e6, 1e-6, 'EV = mcap + debt - cash');
    near(ev.ev_to_ttm_ebitda, (mcap + 71_765e6) / 130_541e6, 1e-3, 'EV / EBITDA');
    const m = await at('multiples', 'AAPL', '2022-09-24');
    near(m.pr_last, 150.43, 1e-6, 'pr_last');
    near(m.pe_ratio, 150.43 / 6.11, 1e-3, 'P/E');
    near(m.pr_to_book_ratio, 150.43 / (50_672e6 / 15_908_118_000), 1e-3, 'P/B');
    const ps = await at('per-share', 'AAPL', '2022-09-24');
    near(ps.revenue_per_sh, 394_328e6 / 16_325_819_000, 1e-3, 'revenue per diluted share');
    near(ps.book_val_per_sh, 50_672e6 / 15_908_118_000, 1e-3, 'book value per share');
  });

  test('aapl-7-for-1-2014-06-09: price and shares both right on each side of the split', async () => {
    // Q2 FY2014 (2014-03-29): close 2014-03-28 = 536.86 as traded (yahoo 19.1736 x 28); cover shares 861,381,000
    // (2014-04-11; the balance sheet tags 861,745 in thousands). TTM diluted EPS as first reported:
    // 7.47 (Q3 FY13) + 8.26 + 14.50 + 11.62 = 41.85.
    const before = await at('multiples', 'AAPL', '2014-03-29', 'quarterly');
    near(before.pr_last, 536.86, 1e-6, 'pre-split close');
    near(before.bs_sh_out, 861_381_000, 1e-6, 'pre-split shares');
    near(before.pe_ratio, 536.86 / 41.85, 2e-3, 'pre-split P/E');
    // Q3 FY2014 (2014-06-28): close 2014-06-27 = 91.98; cover shares 5,987,867,000 (2014-07-11).
    // TTM diluted EPS on the post-split basis: (7.47 + 8.26 + 14.50 + 11.62) / 7 for the first three... =
    // 8.26/7 + 14.50/7 + 11.62/7 + 1.28 = 6.19.
    const after = await at('multiples', 'AAPL', '2014-06-28', 'quarterly');
    near(after.pr_last, 91.98, 1e-6, 'post-split close');
    near(after.bs_sh_out, 5_987_867_000, 1e-6, 'post-split shares');
    near(after.pe_ratio, 91.98 / (8.26 / 7 + 14.5 / 7 + 11.62 / 7 + 1.28), 2e-3, 'post-split P/E');
    // 52-week high on the post-split basis: 2014-06-27's window holds pre-split closes (e.g. 2013-09-19 ... )
    assert.ok((after.pr_high as number) < 100, 'pre-split closes are converted to the post-split basis');
    const evB = await at('enterprise-value', 'AAPL', '2014-03-29', 'quarterly');
    const evA = await at('enterprise-value', 'AAPL', '2014-06-28', 'quarterly');
    near(evB.market_cap, 536.86 * 861_381_000, 1e-6, 'market cap before');
    near(evA.market_cap, 91.98 * 5_987_867_000, 1e-6, 'market cap after');
    // TTM revenue at Q3 FY2014 = 37,472 (Q4 FY13) + 57,594 + 45,646 + 37,432
    near(evA.ttm_net_sales, 178_144e6, 1e-9, 'TTM revenue');
    // FY2013: EPS 5.68 restated in the FY2015 10-K (filed 2015-10-28) is 39.75 as first reported; close 482.75
    const fy13 = await at('multiples', 'AAPL', '2013-09-28');
    near(fy13.pe_ratio, 482.75 / 39.75, 1e-3, 'FY2013 P/E on the as-traded basis');
  });

  test('amzn-20-for-1-2022-06-06 and a loss year: P/E null, 52-week range on the post-split basis', async () => {
    // FY2022: diluted EPS -0.27 (loss) -> P/E null. Close 2022-12-30 = 84.00; 52-week closes (yahoo-2023 is
    // split-adjusted as of 2023, i.e. the 2022-12-31 basis): high 170.4045 (2022-01-03, 3,408.09 as traded / 20),
    // low 81.82 (2022-12-28). Equity 146,043M; cover shares 10,247,259,757.
    const m = await at('multiples', 'AMZN', '2022-12-31');
    assert.equal(m.pe_ratio, null);
    assert.equal(m.average_price_earnings_ratio, null);
    near(m.pr_last, 84, 1e-9, 'pr_last');
    near(m.pr_high, 170.4045, 1e-5, 'pr_high');
    near(m.pr_low, 81.82, 1e-5, 'pr_low');
    near(m.pr_to_book_ratio, 84 / (146_043e6 / 10_247_259_757), 1e-3, 'P/B');
    // Q1 2022 (before): close 2022-03-31 = 162.9975 x 20 = 3,259.95, cover shares 508,720,481 (pre-split);
    // Q2 2022 (after): close 2022-06-30 = 106.21, cover shares 10,187,554,818.
    const q1 = await at('enterprise-value', 'AMZN', '2022-03-31', 'quarterly');
    const q2 = await at('enterprise-value', 'AMZN', '2022-06-30', 'quarterly');
    near(q1.market_cap, 3259.95 * 508_720_481, 1e-5, 'Q1 market cap');
    near(q2.market_cap, 106.21 * 10_187_554_818, 1e-5, 'Q2 market cap');
  });

  test('bank (JPM FY2016): ROA and P/E computed, current-ratio family null (unclassified balance sheet)', async () => {
    // 10-K 2016: net income 24,733M; assets 2,490,972M (2015: 2,351,698M); diluted EPS 6.19; close 2016-12-30
    // = 86.29 (raw-2015-2017, as traded).
    const p = await at('ratios/profitability', 'JPM', '2016-12-31');
    near(p.return_on_asset, 24_733 / ((2_351_698 + 2_490_972) / 2) * 100, 1e-4, 'ROA');
    const m = await at('multiples', 'JPM', '2016-12-31');
    near(m.pr_last, 86.29, 1e-9, 'close');
    near(m.pe_ratio, 86.29 / 6.19, 1e-3, 'P/E');
    const l = await at('ratios/liquidity', 'JPM', '2016-12-31');
    assert.equal(l.cur_ratio, null);
    assert.equal(l.quick_ratio, null);
  });

  test('negative equity (AutoZone FY2022): equity ratios and P/B null, capital ratios computed', async () => {
    // 10-K FY2022 (2022-08-27): equity -3,538,913K; long-term debt 6,122,092K; diluted EPS 117.19;
    // close 2022-08-26 = 2,163.02.
    const c = await at('ratios/credit', 'AZO', '2022-08-27');
    assert.equal(c.tot_debt_to_tot_eqy, null);
    assert.equal(c.net_debt_to_shrhldr_eqty, null);
    near(c.tot_debt_to_tot_cap, 6_122_092 / (6_122_092 - 3_538_913) * 100, 1e-4, 'debt / capital');
    const m = await at('multiples', 'AZO', '2022-08-27');
    assert.equal(m.pr_to_book_ratio, null);
    near(m.pe_ratio, 2163.02 / 117.19, 1e-3, 'P/E');
    const ps = await at('per-share', 'AZO', '2022-08-27');
    assert.ok((ps.book_val_per_sh as number) < 0, 'negative book value per share is shown');
  });

  test('no price within the window before the record date: price-based fields null, statement-based ones present', async () => {
    // The rule, on whatever the corpus holds: a company with one ticker whose newest price is more
    // than the 7-day window before one of its fiscal year ends has no pr_last there, and nothing
    // built on it; the year before its newest price has one.
    const candidates = s.dataset.prepare(`
      WITH newest AS (
        SELECT c.cik, c.ticker, (SELECT max(date) FROM prices p WHERE p.symbol = c.ticker) AS d
        FROM companies c WHERE c.has_facts = 1 AND c.tickers = json_array(c.ticker))
      SELECT n.ticker, n.d AS newest, min(r.date) AS date FROM newest n
      JOIN records r ON r.cik = n.cik AND r.record_type = 'multiples' AND r.period = 'annual'
      WHERE n.d IS NOT NULL AND r.date > date(n.d, '+7 days')
        AND EXISTS (SELECT 1 FROM records e WHERE e.cik = n.cik AND e.record_type = 'multiples' AND e.period = 'annual' AND e.date <= n.d)
      GROUP BY n.cik ORDER BY n.ticker`).all() as Array<{ ticker: string; newest: string; date: string }>;
    assert.ok(candidates.length > 0, 'the corpus has a company whose prices end before one of its fiscal years does');
    const { ticker, newest, date } = candidates[0]!;
    const later = await at('multiples', ticker, date);
    assert.equal(later.pr_last, null, `${ticker} ${date} (newest price ${newest})`);
    assert.equal(later.pe_ratio, null);
    const ev = await at('enterprise-value', ticker, date);
    assert.equal(ev.market_cap, null);
    assert.equal(ev.enterprise_value, null);
    const p = await at('ratios/profitability', ticker, date);
    assert.equal(typeof p.return_on_asset, 'number');
    const priced = await getJson(`/v2/fundamental/multiples/${ticker}?period=annual&date_end=${newest}&order=DESC&limit=1`);
    assert.equal(typeof priced[0]?.pr_last, 'number', `${ticker}: the year before its newest price ${newest}`);
  });

  test('limits: 250 periods accepted on ratio endpoints, 251 is a 422', async () => {
    const ok = await s.get('/v2/fundamental/ratios/credit/AAPL?period=quarterly&limit=250', { key: s.keys.enterprise });
    assert.equal(ok.status, 200);
    const bad = await s.get('/v2/fundamental/multiples/AAPL?limit=251', { key: s.keys.enterprise });
    assert.equal(bad.status, 422);
    assert.deepEqual(Object.keys(await bad.json() as object), ['error']);
  });

  test('TSV of multiples: header in registry order, one row per record', async () => {
    const res = await s.get('/v2/fundamental/multiples/AAPL?limit=2&format=excel', { key: s.keys.enterprise });
    assert.equal(res.status, 200);
    const lines = (await res.text()).trimEnd().split('\r\n');
    assert.equal(lines.length, 3);
    assert.deepEqual(lines[0]!.split('\t'), [...recordColumns('multiples')]);
  });
});

describe('stock-split endpoints on the corpus dataset', { skip: corpus ? false : 'corpus test dataset not built (run npm test)' }, () => {
  let s: TestServer;
  before(async () => { s = await startTestServer(); });
  after(async () => { await s?.close(); });

  test('AAPL splits: newest first, ratio, factor, prices and shares around the ex-date', async () => {
    const res = await s.get('/v2/stock-splits/AAPL', { key: s.keys.enterprise });
    assert.equal(res.status, 200);
    const rows = await res.json() as Rec[];
    assert.deepEqual(rows.map((r) => r.split_date), ['2020-08-31', '2014-06-09']);
    const [s2020, s2014] = rows as [Rec, Rec];
    assert.match(s2020.id as string, /^split_[0-9a-f]+$/);
    assert.deepEqual(s2020.split_ratio, { from: 1, to: 4 });
    assert.equal(s2020.split_factor, 4);
    assert.equal(s2020.is_reverse_split, false);
    assert.equal(s2020.currency, 'usd');
    // as-traded closes: 2020-08-28 499.23, 2020-08-31 129.04; 2014-06-06 645.57, 2014-06-09 93.70
    near(s2020.pre_split_price, 499.23, 1e-6, 'pre 2020');
    near(s2020.post_split_price, 129.04, 1e-6, 'post 2020');
    near(s2014.pre_split_price, 645.57, 1e-6, 'pre 2014');
    near(s2014.post_split_price, 93.7, 1e-6, 'post 2014');
    // cover-page shares: 861,381,000 (2014-04-11) before, 5,987,867,000 (2014-07-11) after
    near(s2014.pre_split_shares, 861_381_000, 1e-9, 'pre shares 2014');
    near(s2014.post_split_shares, 5_987_867_000, 1e-9, 'post shares 2014');
    // the same id on every request (stable token)
    const again = await (await s.get('/v2/stock-splits/AAPL', { key: s.keys.enterprise })).json() as Rec[];
    assert.equal(again[0]!.id, s2020.id);
  });

  test('a reverse split (Alcoa 1-for-3, 2016-10-06): factor below 1, from > to', async () => {
    const rows = await (await s.get('/v2/stock-splits?date_start=2016-10-06&date_end=2016-10-06&limit=50', { key: s.keys.enterprise })).json() as Rec[];
    const aa = rows.find((r) => r.symbol === 'AA')!;
    assert.ok(aa, 'AA 2016-10-06 in the calendar');
    assert.equal(aa.is_reverse_split, true);
    near(aa.split_factor, 1 / 3, 1e-5, 'factor');
    assert.deepEqual(aa.split_ratio, { from: 3, to: 1 });
  });

  test('calendar: date range, order, default limit 100, max 10000, TSV with split_ratio columns', async () => {
    const asc = await (await s.get('/v2/stock-splits?date_start=2020-01-01&date_end=2020-12-31&order=ASC', { key: s.keys.enterprise })).json() as Rec[];
    assert.ok(asc.length >= 2);
    for (let i = 1; i < asc.length; i++) assert.ok((asc[i - 1]!.split_date as string) <= (asc[i]!.split_date as string));
    for (const r of asc) assert.ok((r.split_date as string) >= '2020-01-01' && (r.split_date as string) <= '2020-12-31');
    const all = await (await s.get('/v2/stock-splits', { key: s.keys.enterprise })).json() as Rec[];
    assert.equal(all.length, 100);
    for (let i = 1; i < all.length; i++) assert.ok((all[i - 1]!.split_date as string) >= (all[i]!.split_date as string));
    assert.equal((await s.get('/v2/stock-splits?limit=10001', { key: s.keys.enterprise })).status, 422);
    assert.equal((await s.get('/v2/stock-splits?limit=10000', { key: s.keys.enterprise })).status, 200);
    const tsv = await (await s.get('/v2/stock-splits/AAPL?format=excel', { key: s.keys.enterprise })).text();
    const header = tsv.split('\r\n')[0]!.split('\t');
    assert.ok(header.includes('split_ratio.from') && header.includes('split_ratio.to'));
    assert.equal((await s.get('/v2/stock-splits/NOSUCHTICKER', { key: s.keys.enterprise })).status, 404);
  });
});
