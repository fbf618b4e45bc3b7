// The ticker, profile and v3 catalog endpoints on a running server over the real universe: every
// response shape, v2/v3 error paths, and v3 page tokens (following, tampering, expiry, reuse with
// changed filters, order or limit, credentials never in page URLs).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildDataset } from '../src/ingest/build-dataset.js';
import { referenceStep } from '../src/ingest/reference-step.js';
import { PAGE_TOKEN_TTL_MS } from '../src/service/page-token.js';
import { expectError } from './support/security-suite.js';
import { hasCorpusDataset, startTestServer, type TestServer } from './support/test-server.js';
import { corpusDir } from './reference-fixture.js';

let server: TestServer;
let key: string;
let tmp: string | null = null;

before(async () => {
  let datasetPath: string | undefined;
  if (!hasCorpusDataset()) {
    // Run alone (without `npm test`): a dataset with the reference tables only.
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-ref-'));
    datasetPath = path.join(tmp, 'dataset.sqlite');
    await buildDataset({ sourceDir: corpusDir(), targetPath: datasetPath, steps: [referenceStep] });
  }
  server = await startTestServer(datasetPath ? { datasetPath } : {});
  key = server.keys.professional;
});
after(async () => {
  await server.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

async function json(p: string, headers?: Record<string, string>): Promise<any> {
  const res = headers ? await server.get(p, { headers }) : await server.get(p, { key });
  const text = await res.text();
  assert.equal(res.status, 200, `${p}: ${res.status} ${text.slice(0, 200)}`);
  assert.ok(res.headers.get('request-id'));
  return JSON.parse(text);
}
const TICKER_KEYS = ['symbol', 'name', 'exchange_name', 'exchange', 'type'];

describe('v2 ticker search', () => {
  test('search returns ticker records, best first, default limit 10', async () => {
    assert.equal((await json('/v2/tickers/search?query=bank')).length, 10);
    const rows = await json('/v2/tickers/search?query=apple');
    assert.ok(rows.length >= 3 && rows.length <= 10);
    for (const r of rows) assert.deepEqual(Object.keys(r), TICKER_KEYS);
    assert.deepEqual(rows[0], { symbol: 'AAPL', name: 'Apple Inc.', exchange_name: 'Nasdaq Stock Market', exchange: 'NASDAQ', type: 'common stock' });
  });
  test('limit, exchange filter and share classes', async () => {
    assert.equal((await json('/v2/tickers/search?query=bank&limit=3')).length, 3);
    const nyse = await json('/v2/tickers/search?query=bank&exchange=nyse&limit=20');
    assert.ok(nyse.length > 0 && nyse.every((r: any) => r.exchange === 'NYSE'));
    assert.equal((await json('/v2/tickers/search?query=BRK.B'))[0].symbol, 'BRK-B');
  });
  test('name search matches names only', async () => {
    const rows = await json('/v2/tickers/search/name?query=alexandria%20real%20estate');
    assert.equal(rows[0].symbol, 'ARE');
  });
  test('excel format is TSV with the record columns', async () => {
    const res = await server.get('/v2/tickers/search?query=boeing&format=excel&limit=2', { key });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/tab-separated-values/);
    const lines = (await res.text()).trim().split(/\r?\n/);
    assert.equal(lines[0], TICKER_KEYS.join('\t'));
    assert.match(lines[1] ?? '', /^BA\t/);
  });
  test('invalid parameters are 422 with a single error field', async () => {
    await expectError(await server.get('/v2/tickers/search', { key }), 422, 'v2');
    await expectError(await server.get('/v2/tickers/search?query=a&limit=0', { key }), 422, 'v2');
    await expectError(await server.get('/v2/tickers/search?query=a&limit=101', { key }), 422, 'v2');
    await expectError(await server.get('/v2/tickers/search?query=a&format=pdf', { key }), 422, 'v2');
  });
});

describe('v2 identifier look-ups (records include the identifier)', () => {
  test('CIK', async () => {
    const rows = await json('/v2/tickers/search/cik/0000320193');
    assert.deepEqual(rows[0], { symbol: 'AAPL', name: 'Apple Inc.', exchange_name: 'Nasdaq Stock Market', exchange: 'NASDAQ', type: 'common stock', cik: '0000320193' });
    const brk = await json('/v2/tickers/search/cik/1067983');
    assert.deepEqual(brk.map((r: any) => r.symbol).sort(), ['BRK-A', 'BRK-B']);
    await expectError(await server.get('/v2/tickers/search/cik/abc', { key }), 422, 'v2');
  });
  test('CUSIP (check digit verified)', async () => {
    const rows = await json('/v2/tickers/search/cusip/037833100');
    assert.equal(rows[0].symbol, 'AAPL');
    assert.equal(rows[0].cusip, '037833100');
    const brk = await json('/v2/tickers/search/cusip/084670702');
    assert.ok(brk.some((r: any) => r.symbol === 'BRK-B') && brk.every((r: any) => r.cusip === '084670702'));
    await expectError(await server.get('/v2/tickers/search/cusip/037833101', { key }), 422, 'v2');
  });
  test('ISIN (US ISIN through its CUSIP)', async () => {
    const rows = await json('/v2/tickers/search/isin/US0378331005');
    assert.deepEqual(Object.keys(rows[0]), [...TICKER_KEYS, 'isin']);
    assert.equal(rows[0].symbol, 'AAPL');
    assert.equal(rows[0].isin, 'US0378331005');
    await expectError(await server.get('/v2/tickers/search/isin/US0378331006', { key }), 422, 'v2');
  });
  test('exchange: every ticker on it, delisted too, with listed on each record; unknown codes 404', async () => {
    const rows = await json('/v2/tickers/search/exchange/NYSE');
    assert.ok(rows.length > 2000);
    assert.deepEqual(Object.keys(rows[0]), [...TICKER_KEYS, 'listed']);
    assert.ok(rows.every((r: any) => r.exchange === 'NYSE'));
    assert.equal(rows.find((r: any) => r.symbol === 'BA')?.listed, true);
    assert.equal(rows.find((r: any) => r.symbol === 'TWX')?.listed, false, 'Time Warner, delisted, seen on NYSE to 2016');
    const listed = (await json('/v2/tickers/list?listed=true')).filter((r: any) => r.exchange === 'NYSE');
    assert.equal(rows.filter((r: any) => r.listed).length, listed.length);
    await expectError(await server.get('/v2/tickers/search/exchange/NOPE', { key }), 404, 'v2');
  });
});

describe('ticker lists and catalogs', () => {
  test('v2 and v1 lists split by listing status', async () => {
    const all = await json('/v2/tickers/list');
    const listed = await json('/v2/tickers/list?listed=true');
    const delisted = await json('/v1/financial/tickers?listed=false');
    assert.equal(all.length, listed.length + delisted.length);
    assert.ok(listed.length > 10000 && delisted.length > 5000);
    assert.deepEqual(Object.keys(listed[0]), [...TICKER_KEYS, 'listed']);
    assert.ok(listed.every((r: any) => r.listed === true));
    assert.ok(delisted.every((r: any) => r.listed === false));
    assert.deepEqual(await json('/v1/financial/tickers?listed=true'), listed);
  });
  test('exchange, sector, industry and country lists carry ticker counts', async () => {
    for (const [p, k] of [['/v2/exchanges/list', 'exchange'], ['/v2/sectors/list', 'sector'], ['/v2/industries/list', 'industry'], ['/v2/countries/list', 'country']] as const) {
      const rows = await json(p);
      assert.ok(rows.length > 0, p);
      for (const r of rows) {
        assert.equal(typeof r[k], 'string');
        assert.ok(Number.isInteger(r.ticker_count) && r.ticker_count > 0);
      }
      for (let i = 1; i < rows.length; i += 1) assert.ok(rows[i - 1].ticker_count >= rows[i].ticker_count);
    }
  });
});

describe('company profile', () => {
  const FIELDS = ['symbol', 'name', 'exchange', 'sector', 'industry', 'market_cap', 'description', 'ceo', 'employees', 'ipo_date', 'website', 'country', 'currency'];
  test('every spec field, sector/industry from the list endpoints, nothing made up', async () => {
    const p = await json('/v2/company/profile/AAPL');
    assert.deepEqual(Object.keys(p), FIELDS);
    assert.equal(p.symbol, 'AAPL');
    assert.equal(p.exchange, 'NASDAQ');
    assert.equal(p.ceo, null);
    const sectors = (await json('/v2/sectors/list')).map((r: any) => r.sector);
    const industries = (await json('/v2/industries/list')).map((r: any) => r.industry);
    assert.ok(sectors.includes(p.sector), p.sector);
    assert.ok(industries.includes(p.industry), p.industry);
    assert.equal(p.country, 'United States');
  });
  test('the same company by CIK, CUSIP and ISIN', async () => {
    for (const id of ['0000320193', '037833100', 'US0378331005']) assert.equal((await json(`/v2/company/profile/${id}`)).symbol, 'AAPL');
  });
  test('airbnb ipo_date: the first trading day 2020-12-10, in profiles.csv\'s IPO year; Apple (IPO 1980, prices from the 2000s) null', { skip: hasCorpusDataset() ? false : 'needs the prices of the corpus dataset' }, async () => {
    assert.equal((await json('/v2/company/profile/ABNB')).ipo_date, '2020-12-10');
    assert.equal((await json('/v2/company/profile/AAPL')).ipo_date, null);
  });
  test('unknown identifier -> 404', async () => {
    await expectError(await server.get('/v2/company/profile/NOSUCHTICKER', { key }), 404, 'v2');
  });
});

describe('v3 exchanges and markets', () => {
  test('exchanges: envelope, deterministic ids, ordered by code, counts include delisted', async () => {
    const body = await json('/v3.0.0/exchanges');
    assert.deepEqual(Object.keys(body), ['data', 'next_page_url', 'previous_page_url']);
    assert.equal(body.next_page_url, null);
    assert.equal(body.previous_page_url, null);
    const codes = body.data.map((e: any) => e.code);
    assert.deepEqual(codes, [...codes].sort());
    const again = await json('/v3.0.0/exchanges');
    assert.deepEqual(again.data.map((e: any) => e.id), body.data.map((e: any) => e.id));
    const nasdaq = body.data.find((e: any) => e.code === 'NASDAQ');
    assert.deepEqual(Object.keys(nasdaq), ['id', 'object', 'code', 'exchange_name', 'exchange_local_name', 'mics', 'markets', 'symbol_count']);
    assert.match(nasdaq.id, /^exc_[0-9a-f]{16}$/);
    assert.equal(nasdaq.object, 'v3.reference.exchange');
    assert.ok(nasdaq.mics.includes('XNGS'));
    assert.deepEqual(nasdaq.markets, ['US']);
    const listed = (await json('/v2/exchanges/list')).find((e: any) => e.exchange === 'NASDAQ').ticker_count;
    assert.ok(nasdaq.symbol_count > listed, 'symbol_count includes delisted tickers');
  });
  test('markets: US with its exchanges largest first', async () => {
    const body = await json('/v3.0.0/markets');
    assert.equal(body.next_page_url, null);
    const us = body.data.find((m: any) => m.code === 'US');
    assert.deepEqual(Object.keys(us), ['id', 'object', 'code', 'country_code', 'exchanges', 'symbol_count']);
    assert.match(us.id, /^mkt_[0-9a-f]{16}$/);
    assert.equal(us.country_code, 'US');
    assert.deepEqual(us.exchanges, (await json('/v2/exchanges/list')).map((e: any) => e.exchange));
  });
  test('unknown v3 route -> 404 resource_missing envelope', async () => {
    await expectError(await server.get('/v3.0.0/nope', { key }), 404, 'v3', 'resource_missing');
  });
});

describe('v3 tickers: cursor pagination and page tokens', () => {
  test('following next_page_url (Bearer) visits every ticker once, in order, and previous_page_url goes back', async () => {
    const auth = { authorization: `Bearer ${key}` };
    let url: string | null = '/v3.0.0/tickers?exchange=AMEX&limit=100';
    const seen: string[] = [];
    const pages: any[] = [];
    while (url) {
      const body: any = await json(url.replace(server.url, ''), auth);
      pages.push(body);
      for (const t of body.data) {
        assert.equal(t.object, 'v3.reference.ticker');
        assert.match(t.id, /^tkr_[0-9a-f]{16}$/);
        assert.equal(t.symbol, `AMEX:${t.ticker}`);
        assert.equal(t.exchange, 'AMEX');
        assert.equal(t.market, 'US');
        assert.equal(t.listing_country_code, 'US');
        assert.ok('mic' in t);
        seen.push(t.ticker);
      }
      if (body.next_page_url) assert.ok(!/apikey/i.test(body.next_page_url));
      url = body.next_page_url;
    }
    assert.equal(pages[0].previous_page_url, null);
    assert.ok(pages.length >= 3);
    assert.deepEqual(seen, [...new Set(seen)].sort());
    const amex = (await json('/v3.0.0/exchanges')).data.find((e: any) => e.code === 'AMEX');
    assert.equal(seen.length, amex.symbol_count);
    const back = await json(pages[1].previous_page_url.replace(server.url, ''), auth);
    assert.deepEqual(back.data.map((t: any) => t.ticker), pages[0].data.map((t: any) => t.ticker));
    assert.equal(back.previous_page_url, null);
  });
  test('descending order and filters', async () => {
    const body = await json('/v3.0.0/tickers?order=desc&limit=5&listed=false&type=ETF');
    const t = body.data.map((x: any) => x.ticker);
    assert.deepEqual(t, [...t].sort().reverse());
    assert.ok(body.data.every((x: any) => x.listed === false && x.type === 'ETF'));
    const next = await json(body.next_page_url.replace(server.url, ''));
    assert.ok(next.data[0].ticker < t[4]);
    const back = await json(next.previous_page_url.replace(server.url, ''));
    assert.deepEqual(back.data.map((x: any) => x.ticker), t);
    assert.equal(back.previous_page_url, null);
  });
  test('search with search_by symbol, name and market; tokens bind the search', async () => {
    const bySymbol = await json('/v3.0.0/tickers?search=BRK.&limit=10');
    assert.deepEqual(bySymbol.data.map((x: any) => x.ticker), ['BRK-A', 'BRK-B']);
    const byName = await json('/v3.0.0/tickers?search=berkshire%20hathaway&search_by=name&listed=true');
    assert.ok(byName.data.some((x: any) => x.ticker === 'BRK-B'));
    const byMarket = await json('/v3.0.0/tickers?search=us&search_by=market&limit=3');
    assert.equal(byMarket.data.length, 3);
    assert.ok(byMarket.data.every((x: any) => x.market === 'US'));
    const token = new URL(byMarket.next_page_url).searchParams.get('page')!;
    await expectError(await server.get(`/v3.0.0/tickers?search=us&search_by=symbol&limit=3&page=${encodeURIComponent(token)}`, { key }), 400, 'v3', 'page_token_invalid');
    await expectError(await server.get('/v3.0.0/tickers?search_by=market', { key }), 400, 'v3', 'parameter_invalid');
  });
  test('query-authenticated clients append apikey again: page URLs never contain it', async () => {
    const body = await json('/v3.0.0/tickers?limit=2');
    assert.ok(!body.next_page_url.includes(key));
    assert.equal(new URL(body.next_page_url).searchParams.get('limit'), '2');
  });
  test('modified, expired and mismatched tokens are 400 invalid_request_error', async () => {
    const first = await json('/v3.0.0/tickers?exchange=NYSE&limit=3');
    const next = new URL(first.next_page_url);
    const token = next.searchParams.get('page')!;
    const get = (q: string) => server.get(`/v3.0.0/tickers?${q}`, { key });
    assert.equal((await get(`exchange=NYSE&limit=3&page=${encodeURIComponent(token)}`)).status, 200);
    const flipped = token.slice(0, 5) + (token[5] === 'A' ? 'B' : 'A') + token.slice(6);
    for (const q of [
      `exchange=NYSE&limit=3&page=${encodeURIComponent(flipped)}`,
      `exchange=NYSE&limit=3&page=not-a-token`,
      `exchange=NASDAQ&limit=3&page=${encodeURIComponent(token)}`,
      `limit=3&page=${encodeURIComponent(token)}`,
      `exchange=NYSE&limit=4&page=${encodeURIComponent(token)}`,
      `exchange=NYSE&limit=3&order=DESC&page=${encodeURIComponent(token)}`,
    ]) {
      const res = await get(q);
      const text = await res.clone().text();
      await expectError(res, 400, 'v3', 'page_token_invalid');
      assert.equal(JSON.parse(text).error.type, 'invalid_request_error');
      assert.equal(JSON.parse(text).error.param, 'page');
    }
    server.clock.advance(PAGE_TOKEN_TTL_MS);
    const expired = await get(`exchange=NYSE&limit=3&page=${encodeURIComponent(token)}`);
    const msg = await expectError(expired, 400, 'v3', 'page_token_invalid');
    assert.match(msg, /expired/);
  });
  test('invalid v3 parameters are 400 with the envelope', async () => {
    await expectError(await server.get('/v3.0.0/tickers?limit=0', { key }), 400, 'v3', 'parameter_invalid');
    await expectError(await server.get('/v3.0.0/tickers?type=bond', { key }), 400, 'v3', 'parameter_invalid');
    await expectError(await server.get('/v3.0.0/tickers?limit=5', { headers: { authorization: `Bearer ${key}` }, key: server.keys.free }), 401, 'v3', 'credentials_conflict');
  });
});
