// The stock price endpoints on a running server over the corpus dataset: AAPL's bars around its
// 2020-08-31 4-for-1 split (close as traded, adj_close continuous), the latest price and its age,
// v3 pages walked to the end and back, history depth, and the merge rules users see (the
// yahoo-2024 set restored as traded, a spin-off that is no split, a ticker reused by another issuer).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expectError } from './support/security-suite.js';
import { TEST_NOW, hasCorpusDataset, startTestServer, type TestServer } from './support/test-server.js';

const corpus = path.resolve(process.env.TENK_TEST_DATA ?? '../shared/data');
const skip = !hasCorpusDataset() && 'needs the corpus dataset (npm test builds it)';

let server: TestServer;
let key: string;

before(async () => {
  if (skip) return;
  server = await startTestServer();
  key = server.keys.professional;
});
after(async () => { if (!skip) await server.close(); });

async function json(p: string, k = key): Promise<any> {
  const res = await server.get(p, { key: k });
  const text = await res.text();
  assert.equal(res.status, 200, `${p}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** The close of a date in a corpus price file (the file's own basis). */
function corpusClose(set: string, symbol: string, date: string, column = 'Close'): number {
  const text = zlib.gunzipSync(fs.readFileSync(path.join(corpus, 'prices', set, `${symbol}.csv.gz`))).toString();
  const header = text.slice(0, text.indexOf('\n')).split(',');
  const row = text.split('\n').find((l) => l.startsWith(date));
  assert.ok(row, `${set}/${symbol} has ${date}`);
  return Number(row.split(',')[header.indexOf(column)]);
}

describe('stock prices', { skip }, () => {
  test('AAPL around the 2020-08-31 4-for-1 split: close as traded, adj_close continuous, change on one share basis', async () => {
    const rows = await json('/v2/stock-prices/AAPL?date_start=2020-08-27&date_end=2020-09-01&order=ASC');
    assert.deepEqual(rows.map((r: any) => r.date), ['2020-08-27', '2020-08-28', '2020-08-31', '2020-09-01']);
    const [, fri, mon] = rows;
    assert.equal(fri.close, 499.23); // the last pre-split close, as traded
    assert.equal(mon.close, 129.04);
    assert.equal(fri.ticker, 'AAPL');
    assert.equal(fri.currency, 'usd');
    assert.equal(mon.label, 'Aug 31, 2020');
    // no dividend between the two days: the adjusted closes move as the split-adjusted closes do
    assert.ok(Math.abs(mon.adj_close / fri.adj_close - 129.04 / (499.23 / 4)) < 1e-4);
    assert.ok(fri.adj_close < 499.23 / 4, 'later dividends lower the adjusted close');
    assert.equal(mon.change, Math.round((129.04 - 499.23 / 4) * 1e4) / 1e4);
    assert.equal(fri.volume, fri.unadjusted_volume * 4, 'volume on today\'s share basis');
    assert.equal(mon.volume, mon.unadjusted_volume);
    assert.equal(fri.vwap, Math.round(((fri.high + fri.low + fri.close) / 3) * 1e4) / 1e4);
    assert.equal(fri.dividend, null);
    const [exDay] = await json('/v2/stock-prices/AAPL?date_start=2020-08-07&date_end=2020-08-07');
    assert.equal(exDay.dividend, 0.82, 'the 2020-08-07 dividend, as traded (before the split)');
  });

  test('newest first by default, limit 100; excel gives the same rows as TSV', async () => {
    const rows = await json('/v2/stock-prices/AAPL');
    assert.equal(rows.length, 100);
    assert.ok(rows[0].date > rows[99].date);
    assert.ok(rows[0].date >= '2024-12-01', 'prices reach December 2024 (prices/yahoo-2024)');
    const res = await server.get('/v2/stock-prices/AAPL?limit=3&format=excel', { key });
    const lines = (await res.text()).trim().split('\n');
    assert.equal(lines.length, 4);
    assert.equal(lines[0]!.split('\t')[0], 'date');
    assert.equal(lines[1]!.split('\t')[0], rows[0].date);
  });

  test('latest: the newest bar, its previous close and its age on the server clock; stale after a week', async () => {
    const [newest, prior] = await json('/v2/stock-prices/AAPL?limit=2');
    const latest = await json('/v2/stock-prices/latest/AAPL');
    assert.equal(latest.as_of, newest.date);
    assert.equal(latest.close, newest.close);
    assert.equal(latest.previous_close, prior.close);
    assert.equal(latest.change, newest.change);
    const ageOn = (date: string) => Math.max(0, Math.round((TEST_NOW - Date.parse(`${date}T00:00:00Z`)) / 86_400_000));
    assert.ok(Math.abs(latest.age_days - ageOn(newest.date)) <= 1);
    assert.equal(latest.stale, latest.age_days > 7);
    // a line whose prices end long before the test clock: stale (Dayforce: no set after 2024-12-06)
    const old = await json('/v2/stock-prices/latest/DAY');
    assert.ok(old.as_of < new Date(TEST_NOW - 8 * 86_400_000).toISOString().slice(0, 10), old.as_of);
    assert.ok(Math.abs(old.age_days - ageOn(old.as_of)) <= 1);
    assert.equal(old.stale, true);
    await expectError(await server.get('/v2/stock-prices/latest/NOSUCHCO', { key }), 404, 'v2');
  });

  test('a share class: GOOG gives its own line, GOOGL the other', async () => {
    const [goog] = await json('/v2/stock-prices/GOOG?date_start=2024-06-03&date_end=2024-06-03');
    const [googl] = await json('/v2/stock-prices/GOOGL?date_start=2024-06-03&date_end=2024-06-03');
    assert.equal(goog.ticker, 'GOOG');
    assert.equal(googl.ticker, 'GOOGL');
    assert.notEqual(goog.close, googl.close);
  });

  test('v3: pages walked to the end and back, no duplicate or gap, envelope names the series', async () => {
    const all = await json('/v2/stock-prices/AAPL?date_start=2024-01-01&order=ASC&limit=5000');
    const seen: string[] = [];
    let url: string | null = '/v3.0.0/stock-prices/AAPL?date_start=2024-01-01&order=ASC&limit=40';
    let second: any = null;
    let pages = 0;
    while (url) {
      const u = new URL(url, server.url);
      assert.ok(!u.search.includes('apikey'), 'page URLs carry no credentials');
      const body = await json(u.pathname + u.search);
      assert.equal(body.symbol, 'AAPL');
      assert.equal(body.currency, 'usd');
      assert.equal('id' in (body.data[0] ?? {}), false);
      for (const r of body.data) seen.push(r.date);
      if (++pages === 2) second = body;
      url = body.next_page_url;
    }
    assert.deepEqual(seen, all.map((r: any) => r.date));
    assert.ok(pages >= 6);
    const back = new URL(second.previous_page_url, server.url);
    const first = await json(back.pathname + back.search);
    assert.deepEqual(first.data.map((r: any) => r.date), seen.slice(0, 40));
    assert.equal(first.previous_page_url, null);
    // a tampered token is refused
    const next = new URL(second.next_page_url, server.url);
    const token = next.searchParams.get('page')!;
    next.searchParams.set('page', token.slice(0, -2) + (token.endsWith('A') ? 'BB' : 'AA'));
    await expectError(await server.get(next.pathname + next.search, { key }), 400, 'v3');
    // an empty range keeps symbol and currency
    const empty = await json('/v3.0.0/stock-prices/AAPL?date_start=2030-01-01');
    assert.deepEqual(empty, { symbol: 'AAPL', currency: 'usd', data: [], next_page_url: null, previous_page_url: null });
  });

  test('history depth: an explicit older start is 403, an implicit one is clipped (Individual: 5 years)', async () => {
    const individual = server.keys.individual;
    await expectError(await server.get('/v2/stock-prices/AAPL?date_start=2015-01-01', { key: individual }), 403, 'v2');
    await expectError(await server.get('/v3.0.0/stock-prices/AAPL?date_start=2015-01-01', { key: individual }), 403, 'v3');
    const rows = await json('/v2/stock-prices/AAPL?order=ASC&limit=5', individual);
    assert.ok(rows[0].date >= '2021-01-15', rows[0].date);
  });

  test('bad input: unknown company 404, date_start after date_end 422, limit above 5000 422', async () => {
    await expectError(await server.get('/v2/stock-prices/NOSUCHCO', { key }), 404, 'v2');
    await expectError(await server.get('/v2/stock-prices/AAPL?date_start=2021-01-02&date_end=2021-01-01', { key }), 422, 'v2');
    await expectError(await server.get('/v2/stock-prices/AAPL?limit=5001', { key }), 422, 'v2');
    await expectError(await server.get('/v3.0.0/stock-prices/NOSUCHCO', { key }), 404, 'v3');
  });

  test('CBOE before 2018-11-29 comes as traded, not from yahoo-2024 (which applies its dividends twice there)', async () => {
    const [bar] = await json('/v2/stock-prices/CBOE?date_start=2018-06-01&date_end=2018-06-01');
    // yahoo-2023's Close is split-adjusted only, and CBOE has not split: the traded price
    assert.ok(Math.abs(bar.close - corpusClose('yahoo-2023', 'CBOE', '2018-06-01')) < 0.005, String(bar.close));
  });

  test('every day from its best basis, whichever set is newest: AAPL in 2024 is yahoo-2024 restored from its own events, not the newer dividend-adjusted yahoo-2026', async () => {
    // AAPL 2024-06-10 closed at $193.12 and 2024-12-06 at $242.84; both files' closes are lower by later dividends
    const [june] = await json('/v2/stock-prices/AAPL?date_start=2024-06-10&date_end=2024-06-10');
    assert.ok(Math.abs(june.close - 193.12) < 0.02, String(june.close));
    assert.ok(corpusClose('yahoo-2024', 'AAPL', '2024-06-10') < 193);
    const [dec] = await json('/v2/stock-prices/AAPL?date_start=2024-12-06&date_end=2024-12-06');
    assert.equal(dec.close, 242.84);
    assert.ok(corpusClose('yahoo-2026', 'AAPL', '2024-12-06', 'close') < 242.8, 'yahoo-2026 is lower there (dividend-adjusted)');
    // where only yahoo-2025-26 (split-only, as traded without a later split) has the day, it is served as is
    const [mar] = await json('/v2/stock-prices/AAPL?date_start=2025-03-03&date_end=2025-03-03');
    assert.equal(mar.close, Math.round(corpusClose('yahoo-2025-26', 'AAPL', '2025-03-03') * 1e4) / 1e4);
  });

  test('the newer sets agree with the split calendar across their splits: ORLY 15-for-1 (2025-06-09), NFLX 10-for-1 (2025-11-14), AMCR 1-for-5 (2026-01-14)', async () => {
    for (const [symbol, before, on, factor] of [['ORLY', '2025-06-06', '2025-06-09', 15], ['NFLX', '2025-11-13', '2025-11-14', 10], ['AMCR', '2026-01-13', '2026-01-14', 0.2]] as const) {
      const [b, a] = await json(`/v2/stock-prices/${symbol}?date_start=${before}&date_end=${on}&order=ASC`);
      assert.equal(b.date, before);
      assert.equal(a.date, on);
      // as traded: the close steps by the split ratio, within a day's move
      const step = b.close / a.close / factor;
      assert.ok(step > 0.9 && step < 1.1, `${symbol} ${b.close} -> ${a.close}`);
      assert.ok(Math.abs(a.change / a.close) < 0.1, `${symbol}: the change is on one share basis`);
      assert.ok(Math.abs(a.adj_close / b.adj_close - 1) < 0.1, `${symbol}: adj_close is continuous`);
    }
  });

  test('a dividend-adjusted tail is not served when an event the split history lacks lies after its last anchor: BKNG after 2026-02-27', async () => {
    // yahoo-2026 divides BKNG's closes by 25 before a 2026 split that splits/splits.csv does not list;
    // which of its days are before the split cannot be told, so the line ends with yahoo-2025-26
    const [last] = await json('/v2/stock-prices/BKNG?limit=1');
    assert.ok(last.date <= '2026-02-27', last.date);
    assert.ok(last.close > 1000, String(last.close));
  });

  test('a spin-off recorded as a split ratio is no share split: EBAY 2015-07-20 (PayPal)', async () => {
    const [bar] = await json('/v2/stock-prices/EBAY?date_start=2015-07-20&date_end=2015-07-20');
    const [prev] = await json('/v2/stock-prices/EBAY?date_start=2015-07-17&date_end=2015-07-17');
    assert.ok(bar.close < prev.close / 2, 'the traded price halved');
    assert.equal(bar.unadjusted_volume, bar.volume, 'no share split after it');
    assert.equal(prev.unadjusted_volume, prev.volume, 'no share split before it either');
    assert.ok(Math.abs(bar.adj_close / prev.adj_close - 1) < 0.1, 'the adjusted series is continuous');
    const splits = await json('/v2/stock-splits/EBAY');
    assert.equal(splits.some((s: any) => s.split_date === '2015-07-20'), false);
  });

  test('a split the split history lacks but a price set\'s own events record is a share split: ROL 2018-12-11 3-for-2', async () => {
    const splits = await json('/v2/stock-splits/ROL');
    const s = splits.find((x: any) => x.split_date === '2018-12-11');
    assert.ok(s, 'listed among ROL\'s splits');
    assert.deepEqual(s.split_ratio, { from: 2, to: 3 });
    const [before, on] = await json('/v2/stock-prices/ROL?date_start=2018-12-10&date_end=2018-12-11&order=ASC');
    // the 2018 and the 2020 3-for-2 are after the day before: volume on today's basis is x 2.25
    assert.equal(before.volume, Math.round(before.unadjusted_volume * 2.25));
    assert.ok(Math.abs(on.change / on.close) < 0.1, 'the change is measured on one share basis');
  });

  test('a spin-off only the newest set records is undone in the older split-adjusted set: DELL 2021-10-29 (VMware, 2021-11-01)', async () => {
    const [bar] = await json('/v2/stock-prices/DELL?date_start=2021-10-29&date_end=2021-10-29');
    assert.ok(bar.close > 100 && bar.close < 120, `Dell traded near $110: ${bar.close}`);
    const [next] = await json('/v2/stock-prices/DELL?date_start=2021-11-01&date_end=2021-11-01');
    assert.ok(Math.abs(next.adj_close / bar.adj_close - next.close / bar.close) < 0.01, 'adj_close moves with the traded price');
  });

  test('the line with the newest prices: Fiserv asked as FI or FISV is served from the one whose prices are newest', async () => {
    const lastOf = (symbol: string) => (server.dataset.db.prepare('SELECT max(date) AS d FROM prices WHERE symbol = ?').get(symbol) as { d: string | null }).d ?? '';
    const newest = lastOf('FISV') > lastOf('FI') ? 'FISV' : 'FI';
    for (const asked of ['FI', 'FISV']) {
      const latest = await json(`/v2/stock-prices/latest/${asked}`);
      assert.equal(latest.ticker, newest, asked);
      assert.equal(latest.as_of, lastOf(newest));
    }
  });

  test('a ticker reused by another issuer: WTW in 2015 is Willis, not Weight Watchers (older sets)', async () => {
    const [bar] = await json('/v2/stock-prices/WTW?date_start=2015-07-16&date_end=2015-07-16');
    assert.ok(bar.close > 40, `Willis traded near $47; Weight Watchers below $10: ${bar.close}`);
  });

  test('market value fills through 2024: AAPL fiscal 2024 multiples have a price', async () => {
    const [fy24] = await json('/v2/fundamental/multiples/AAPL?fiscal_year_start=2024&fiscal_year_end=2024');
    assert.ok(fy24.pr_last > 200, String(fy24.pr_last));
  });
});
