// The forex endpoints on a running server over the ECB reference rates of the corpus: EURUSD equals
// the ECB file, crosses (GBPJPY, USDJPY) equal the two EUR rates divided within the documented
// rounding, page walks both ways with no duplicates or gaps, tokens, errors, history depth, pairs.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import { buildDataset } from '../src/ingest/build-dataset.js';
import { fxStep } from '../src/ingest/fx-step.js';
import { historyCutoff } from '../src/service/history-depth.js';
import { PLANS } from '../src/store/plans.js';
import { expectError } from './support/security-suite.js';
import { corpusDatasetPath, hasCorpusDataset, startTestServer, type TestServer } from './support/test-server.js';
import { corpusDir } from './reference-fixture.js';

/** The ECB file as the test reads it itself: date -> currency -> units per EUR (N/A left out). */
function readEcbFile(): Map<string, Map<string, number>> {
  const text = zlib.gunzipSync(fs.readFileSync(path.join(corpusDir(), 'fx', 'eurofxref-hist.csv.gz'))).toString('utf8');
  const lines = text.trim().split(/\r?\n/);
  const header = (lines[0] as string).split(',');
  const out = new Map<string, Map<string, number>>();
  for (const line of lines.slice(1)) {
    const f = line.split(',');
    const day = new Map<string, number>();
    for (let i = 1; i < header.length; i++) if (header[i] && f[i] && f[i] !== 'N/A') day.set(header[i] as string, Number(f[i]));
    out.set(f[0] as string, day);
  }
  return out;
}

const ECB = readEcbFile();
/** Every ECB date, ascending. */
const DATES = [...ECB.keys()].sort();
const rate = (date: string, c: string): number | undefined => (c === 'EUR' ? 1 : ECB.get(date)?.get(c));
/** Dates in [from, to] on which both currencies have a rate, ascending. */
const pairDates = (base: string, quote: string, from: string, to: string) =>
  DATES.filter((d) => d >= from && d <= to && rate(d, base) !== undefined && rate(d, quote) !== undefined);

/** Half a unit in the 6th significant digit of x: the documented rounding of a cross. */
const halfUnit6 = (x: number) => 0.5 * 10 ** (Math.floor(Math.log10(Math.abs(x))) - 5);

let server: TestServer;
let key: string;
let tmp: string | null = null;

function corpusHasFx(): boolean {
  if (!hasCorpusDataset()) return false;
  const db = new Database(corpusDatasetPath(), { readonly: true });
  try {
    return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'fx_rates'").get() !== undefined;
  } finally {
    db.close();
  }
}

before(async () => {
  let datasetPath: string | undefined;
  if (!corpusHasFx()) {
    // Run alone (without `npm test`): a dataset with the forex tables only.
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-fx-'));
    datasetPath = path.join(tmp, 'dataset.sqlite');
    await buildDataset({ sourceDir: corpusDir(), targetPath: datasetPath, steps: [fxStep] });
  }
  server = await startTestServer(datasetPath ? { datasetPath } : {});
  key = server.keys.professional;
});
after(async () => {
  await server.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

async function json(p: string, k: string = key): Promise<any> {
  const res = await server.get(p, { key: k });
  const text = await res.text();
  assert.equal(res.status, 200, `${p}: ${res.status} ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

/** The path and query of an absolute page URL (the server's own host). */
const local = (url: string) => { const u = new URL(url); return `${u.pathname}${u.search}`; };

describe('forex prices: values', () => {
  test('EURUSD on known dates equals the ECB file, unrounded', async () => {
    for (const date of ['1999-01-04', '2008-10-24', '2020-03-16', '2025-05-09']) {
      const body = await json(`/v3.0.0/forex-prices/EURUSD?date_start=${date}&date_end=${date}`);
      assert.equal(body.symbol, 'EURUSD');
      assert.deepEqual(body.data, [{ date, close: rate(date, 'USD') }]);
      assert.deepEqual(Object.keys(body), ['symbol', 'data', 'next_page_url', 'previous_page_url']);
    }
  });

  test('GBPJPY and USDJPY equal JPY per EUR / base per EUR of the same day within 6 significant digits', async () => {
    for (const [base, quote] of [['GBP', 'JPY'], ['USD', 'JPY'], ['JPY', 'USD']] as const) {
      const body = await json(`/v3.0.0/forex-prices/${base}${quote}?date_start=2020-03-01&date_end=2020-03-31&limit=50`);
      assert.equal(body.symbol, `${base}${quote}`);
      const expected = pairDates(base, quote, '2020-03-01', '2020-03-31').reverse();
      assert.deepEqual(body.data.map((r: any) => r.date), expected);
      for (const r of body.data) {
        const exact = rate(r.date, quote)! / rate(r.date, base)!;
        assert.ok(Math.abs(r.close - exact) <= halfUnit6(exact) * (1 + 1e-9), `${base}${quote} ${r.date}: ${r.close} vs ${exact}`);
      }
    }
  });

  test('identifier spellings: case, slash and dash name the same pair', async () => {
    const want = await json('/v3.0.0/forex-prices/GBPJPY?limit=3');
    for (const id of ['gbpjpy', 'GBP%2FJPY', 'gbp-jpy']) {
      const body = await json(`/v3.0.0/forex-prices/${id}?limit=3`);
      assert.equal(body.symbol, 'GBPJPY');
      assert.deepEqual(body.data, want.data);
    }
  });

  test('xxxEUR is 1 / (xxx per EUR) rounded; days where a leg is N/A have no row', async () => {
    const body = await json('/v3.0.0/forex-prices/USDEUR?date_start=2025-05-09&date_end=2025-05-09');
    assert.ok(Math.abs(body.data[0].close - 1 / rate('2025-05-09', 'USD')!) <= halfUnit6(body.data[0].close));
    // CYP has no rate after 2007; ISK none from 2008-12-10 until 2018.
    assert.deepEqual((await json('/v3.0.0/forex-prices/EURCYP?date_start=2008-01-01')).data, []);
    const isk = await json('/v3.0.0/forex-prices/ISKUSD?date_start=2008-12-01&date_end=2018-12-31&order=ASC&limit=5000');
    assert.deepEqual(isk.data.map((r: any) => r.date), pairDates('ISK', 'USD', '2008-12-01', '2018-12-31'));
    assert.ok(isk.data.length > 0 && isk.data.every((r: any) => r.date < '2008-12-10' || r.date >= '2018-01-01'));
  });

  test('an empty range keeps symbol on the envelope', async () => {
    for (const q of ['date_start=2025-05-10&date_end=2025-05-11', 'date_start=2030-01-01']) {
      assert.deepEqual(await json(`/v3.0.0/forex-prices/usdjpy?${q}`), { symbol: 'USDJPY', data: [], next_page_url: null, previous_page_url: null });
    }
  });
});

describe('forex prices: paging', () => {
  async function walk(first: string, link: 'next_page_url' | 'previous_page_url', start?: any): Promise<{ dates: string[]; pages: any[] }> {
    const pages: any[] = [];
    let body = start ?? (await json(first));
    for (;;) {
      pages.push(body);
      if (!body[link]) break;
      assert.ok(!body[link].includes('apikey'));
      body = await json(local(body[link]));
    }
    return { dates: pages.flatMap((p) => p.data.map((r: any) => r.date)), pages };
  }

  test('walked to the end and back: every ECB date once, none missing, in order (DESC and ASC)', async () => {
    for (const [pair, order] of [['EURUSD', 'DESC'], ['USDJPY', 'ASC']] as const) {
      const [base, quote] = [pair.slice(0, 3), pair.slice(3)];
      const expected = pairDates(base, quote, '2023-06-01', '2024-12-31');
      if (order === 'DESC') expected.reverse();
      const fwd = await walk(`/v3.0.0/forex-prices/${pair}?date_start=2023-06-01&date_end=2024-12-31&order=${order}&limit=37`, 'next_page_url');
      assert.deepEqual(fwd.dates, expected);
      assert.ok(fwd.pages.length > 5 && fwd.pages.every((p) => p.symbol === pair && p.data.length <= 37));
      assert.equal(fwd.pages[0].previous_page_url, null);
      const back = await walk('', 'previous_page_url', fwd.pages[fwd.pages.length - 1]);
      assert.deepEqual(back.pages.reverse().flatMap((p) => p.data.map((r: any) => r.date)), expected);
    }
  });

  test('a tampered, re-bound or foreign token is refused with the v3 400 envelope', async () => {
    const body = await json('/v3.0.0/forex-prices/EURUSD?limit=10');
    const url = new URL(body.next_page_url);
    const token = url.searchParams.get('page')!;
    const [payload, sig] = token.split('.') as [string, string];
    const flipped = `${payload}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    await expectError(await server.get(`/v3.0.0/forex-prices/EURUSD?limit=10&page=${encodeURIComponent(flipped)}`, { key }), 400, 'v3', 'page_token_invalid');
    // A payload rewritten to another cursor, signature kept.
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), c: 'a:2000-01-03' })).toString('base64url');
    await expectError(await server.get(`/v3.0.0/forex-prices/EURUSD?limit=10&page=${forged}.${sig}`, { key }), 400, 'v3', 'page_token_invalid');
    // The genuine token with another limit, pair or order.
    for (const p of ['/v3.0.0/forex-prices/EURUSD?limit=11', '/v3.0.0/forex-prices/EURGBP?limit=10', '/v3.0.0/forex-prices/EURUSD?limit=10&order=ASC']) {
      await expectError(await server.get(`${p}&page=${encodeURIComponent(token)}`, { key }), 400, 'v3', 'page_token_invalid');
    }
    assert.equal((await server.get(`${local(body.next_page_url)}`, { key })).status, 200);
  });
});

describe('forex prices: errors and history depth', () => {
  test('unknown pairs are 404 resource_missing with a clear message', async () => {
    const unknown = await expectError(await server.get('/v3.0.0/forex-prices/EURXYZ', { key }), 404, 'v3', 'resource_missing');
    assert.match(unknown, /XYZ is not a currency of the ECB reference rates/);
    const same = await expectError(await server.get('/v3.0.0/forex-prices/USDUSD', { key }), 404, 'v3', 'resource_missing');
    assert.match(same, /same currency/);
    for (const id of ['EUR_USD', 'EU', 'EURUSDJPY']) {
      assert.match(await expectError(await server.get(`/v3.0.0/forex-prices/${id}`, { key }), 404, 'v3', 'resource_missing'), /not a forex pair: use BASEQUOTE/);
    }
    await expectError(await server.get('/v3.0.0/forex-prices/EURUSD?date_start=2024-02-01&date_end=2024-01-01', { key }), 400, 'v3', 'parameter_invalid');
    await expectError(await server.get('/v3.0.0/forex-prices/EURUSD?limit=5001', { key }), 400, 'v3', 'parameter_invalid');
  });

  test('Individual key: an explicit older date_start is 403; an implicit start is clipped to the cutoff', async () => {
    const individual = server.keys.individual;
    const cutoff = historyCutoff(PLANS.individual, server.clock.now())!;
    const older = DATES.find((d) => d < cutoff && d >= '2015-01-01')!;
    const msg = await expectError(await server.get(`/v3.0.0/forex-prices/EURUSD?date_start=${older}`, { key: individual }), 403, 'v3', 'history_beyond_plan');
    assert.match(msg, /Individual plan/);
    const clipped = await json('/v3.0.0/forex-prices/EURUSD?order=ASC&limit=3', individual);
    assert.deepEqual(clipped.data.map((r: any) => r.date), pairDates('EUR', 'USD', cutoff, '9999-12-31').slice(0, 3));
    // Walking back from the clipped first page finds nothing older.
    assert.equal(clipped.previous_page_url, null);
    const all = await json('/v3.0.0/forex-prices/EURUSD?order=ASC&limit=1');
    assert.equal(all.data[0].date, '1999-01-04');
  });
});

describe('forex pairs', () => {
  test('every pair of EUR and the ECB currencies with a common date, once, by symbol, with its first and last date', async () => {
    const rows: any[] = [];
    let body = await json('/v3.0.0/forex-pairs?limit=500');
    for (;;) {
      rows.push(...body.data);
      if (!body.next_page_url) break;
      body = await json(local(body.next_page_url));
    }
    const currencies = ['EUR', ...new Set(DATES.flatMap((d) => [...ECB.get(d)!.keys()]))].sort();
    const expected: string[] = [];
    for (const b of currencies) for (const q of currencies) if (b !== q && pairDates(b, q, '0000', '9999').length > 0) expected.push(`${b}${q}`);
    assert.deepEqual(rows.map((r) => r.symbol), expected);
    for (const r of rows) assert.deepEqual(Object.keys(r), ['symbol', 'base', 'quote', 'first_date', 'last_date']);
    for (const symbol of ['EURUSD', 'ISKILS', 'CYPUSD', 'GBPJPY']) {
      const r = rows.find((x) => x.symbol === symbol);
      const dates = pairDates(symbol.slice(0, 3), symbol.slice(3), '0000', '9999');
      assert.deepEqual(r, { symbol, base: symbol.slice(0, 3), quote: symbol.slice(3), first_date: dates[0], last_date: dates[dates.length - 1] });
    }
    assert.ok(!rows.some((r) => r.symbol === 'CYPILS'), 'CYP ended before ILS began');
  });

  test('currency filter; unknown currency 400', async () => {
    const body = await json('/v3.0.0/forex-pairs?currency=jpy&limit=2000');
    assert.ok(body.data.length > 20 && body.data.every((r: any) => r.base === 'JPY' || r.quote === 'JPY'));
    assert.equal(body.next_page_url, null);
    await expectError(await server.get('/v3.0.0/forex-pairs?currency=XYZ', { key }), 400, 'v3', 'parameter_invalid');
  });
});
