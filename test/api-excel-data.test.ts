// POST /v2/excel/data on a running server over the corpus dataset: the batch gives the same
// numbers as the single endpoints (three companies, metrics of three record types) in JSON and
// TSV; one call is one request; unknown tickers are rows with an error, unknown metrics and bad
// bodies 422, an oversized body 413; the plan's history applies; as_of and first_filed give the
// time-series endpoints' values with the same point in time.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { expectError } from './support/security-suite.js';
import { hasCorpusDataset, startTestServer, type TestServer } from './support/test-server.js';

const skip = !hasCorpusDataset() && 'needs the corpus dataset (npm test builds it)';
let server: TestServer;

before(async () => { if (!skip) server = await startTestServer(); });
after(async () => { if (!skip) await server.close(); });

function post(body: unknown, opts: { key?: string; query?: string; contentType?: string; raw?: string } = {}): Promise<Response> {
  const key = opts.key ?? server.keys.professional;
  return fetch(`${server.url}/v2/excel/data?apikey=${key}${opts.query ?? ''}`, {
    method: 'POST',
    headers: { 'content-type': opts.contentType ?? 'application/json' },
    body: opts.raw ?? JSON.stringify(body),
  });
}

async function single(path: string): Promise<any[]> {
  const res = await server.get(path, { key: server.keys.professional });
  assert.equal(res.status, 200, path);
  return (await res.json()) as any[];
}

const METRICS = ['is_sales_revenue_turnover', 'bs_tot_asset', 'pe_ratio'];

describe('spreadsheet batch', { skip }, () => {
  test('three companies x metrics of three record types equal the single endpoints, newest first', async () => {
    const res = await post({ tickers: ['AAPL', 'MSFT', 'JPM'], metrics: METRICS, period: 'annual', limit: 4 });
    assert.equal(res.status, 200);
    const rows = (await res.json()) as any[];
    for (const t of ['AAPL', 'MSFT', 'JPM']) {
      const mine = rows.filter((r) => r.identifier === t);
      assert.equal(mine.length, 4, t);
      const inc = await single(`/v2/fundamental/income-statement/${t}?limit=4`);
      const bs = await single(`/v2/fundamental/balance-sheet/${t}?limit=4`);
      const mult = await single(`/v2/fundamental/multiples/${t}?limit=4`);
      for (const r of mine) {
        assert.deepEqual(Object.keys(r), ['identifier', 'ticker', 'date', 'period', 'period_label', 'fiscal_year', ...METRICS, 'error']);
        assert.equal(r.error, null);
        assert.equal(r.is_sales_revenue_turnover, inc.find((x) => x.date === r.date)?.is_sales_revenue_turnover ?? null, `${t} ${r.date}`);
        assert.equal(r.bs_tot_asset, bs.find((x) => x.date === r.date)?.bs_tot_asset ?? null, `${t} ${r.date}`);
        assert.equal(r.pe_ratio, mult.find((x) => x.date === r.date)?.pe_ratio ?? null, `${t} ${r.date}`);
      }
      assert.deepEqual(mine.map((r) => r.date), inc.map((x) => x.date));
    }
  });

  test('format=excel: the same table as TSV, header first', async () => {
    const json = (await (await post({ tickers: ['AAPL'], metrics: METRICS, limit: 2 })).json()) as any[];
    const res = await post({ tickers: ['AAPL'], metrics: METRICS, limit: 2 }, { query: '&format=excel' });
    assert.match(res.headers.get('content-type') ?? '', /^text\/tab-separated-values/);
    const lines = (await res.text()).trim().split('\r\n').map((l) => l.split('\t'));
    assert.deepEqual(lines[0], ['identifier', 'ticker', 'date', 'period', 'period_label', 'fiscal_year', ...METRICS, 'error']);
    assert.equal(lines.length, 3);
    assert.equal(lines[1]![2], json[0].date);
    assert.equal(Number(lines[1]![6]), json[0].is_sales_revenue_turnover);
  });

  test('one call counts as one request', async () => {
    const { key } = await server.createKey('free');
    const res = await post({ tickers: ['AAPL', 'MSFT'], metrics: ['pe_ratio'] }, { key });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('x-ratelimit-remaining'), '4');
  });

  test('an unknown ticker is a row with its error; the others answer', async () => {
    const rows = (await (await post({ tickers: ['NOSUCHCO', 'AAPL'], metrics: ['pe_ratio'], limit: 1 })).json()) as any[];
    assert.equal(rows.length, 2);
    assert.equal(rows[0].identifier, 'NOSUCHCO');
    assert.match(rows[0].error, /no company matches/);
    assert.equal(rows[0].pe_ratio, null);
    assert.equal(rows[1].identifier, 'AAPL');
    assert.equal(rows[1].error, null);
  });

  test('bad bodies: unknown metric, unknown field, wrong types, malformed JSON, wrong content type are 422; oversized 413', async () => {
    assert.match(await expectError(await post({ tickers: ['AAPL'], metrics: ['pe_ratio', 'no_such_metric'] }), 422, 'v2'), /no_such_metric/);
    assert.match(await expectError(await post({ tickers: ['AAPL'], metrics: ['pe_ratio'], colour: 'red' }), 422, 'v2'), /colour/);
    assert.match(await expectError(await post({ tickers: 'AAPL', metrics: ['pe_ratio'] }), 422, 'v2'), /tickers/);
    assert.match(await expectError(await post({ tickers: ['AAPL'], metrics: ['pe_ratio'], period: 'weekly' }), 422, 'v2'), /period/);
    assert.match(await expectError(await post(null, { raw: '{"tickers": [' }), 422, 'v2'), /JSON/);
    assert.match(await expectError(await post(null, { raw: '' }), 422, 'v2'), /empty|JSON/);
    assert.match(await expectError(await post(null, { raw: 'tickers=AAPL', contentType: 'text/plain' }), 422, 'v2'), /application\/json/);
    assert.match(await expectError(await post(null, { raw: '[1,2]' }), 422, 'v2'), /object/);
    const big = { tickers: ['AAPL'], metrics: ['pe_ratio'], limit: 1, pad: 'x'.repeat(70_000) };
    await expectError(await post(big), 413, 'v2');
    const many = { tickers: Array.from({ length: 51 }, (_, i) => `T${i}`), metrics: ['pe_ratio'] };
    assert.match(await expectError(await post(many), 422, 'v2'), /1 to 50/);
  });

  test('as_of and first_filed (query): the values the time-series endpoints give with the same point in time', async () => {
    for (const pit of ['as_of=2020-01-01', 'as_of=2021-05-01&first_filed=true', 'as_of=first']) {
      const res = await post({ tickers: ['AAPL', 'JPM'], metrics: METRICS, period: 'quarterly', limit: 6 }, { query: `&${pit}` });
      assert.equal(res.status, 200, pit);
      const rows = (await res.json()) as any[];
      for (const t of ['AAPL', 'JPM']) {
        const mine = rows.filter((r) => r.identifier === t);
        const inc = await single(`/v2/fundamental/income-statement/${t}?period=quarterly&limit=6&${pit}`);
        const bs = await single(`/v2/fundamental/balance-sheet/${t}?period=quarterly&limit=6&${pit}`);
        const mult = await single(`/v2/fundamental/multiples/${t}?period=quarterly&limit=6&${pit}`);
        assert.equal(mine.length, 6, `${t} ${pit}`);
        assert.deepEqual(mine.map((r) => r.date), inc.map((x) => x.date), `${t} ${pit}`);
        for (const r of mine) {
          assert.equal(r.error, null);
          assert.equal(r.is_sales_revenue_turnover, inc.find((x) => x.date === r.date)?.is_sales_revenue_turnover ?? null, `${t} ${r.date} ${pit}`);
          assert.equal(r.bs_tot_asset, bs.find((x) => x.date === r.date)?.bs_tot_asset ?? null, `${t} ${r.date} ${pit}`);
          assert.equal(r.pe_ratio, mult.find((x) => x.date === r.date)?.pe_ratio ?? null, `${t} ${r.date} ${pit}`);
        }
        if (pit === 'as_of=2020-01-01') assert.ok(mine.every((r) => r.date < '2020-01-01'), mine.map((r) => r.date).join(','));
      }
    }
    // first_filed changes the answer: Apple's current liabilities at 2024-09-28 as first reported
    // differ from the stored (restated) ones, as the balance sheet endpoint says
    const body = { tickers: ['AAPL'], metrics: ['bs_cur_liab', 'bs_accrual'], period: 'quarterly', limit: 40 };
    const now = (await (await post(body)).json()) as any[];
    const first = (await (await post(body, { query: '&first_filed=true' })).json()) as any[];
    const at = (rows: any[]) => rows.find((r) => r.date === '2024-09-28');
    assert.notEqual(at(first).bs_accrual, at(now).bs_accrual);
    const bsFirst = await single('/v2/fundamental/balance-sheet/AAPL?period=quarterly&limit=40&first_filed=true');
    assert.equal(at(first).bs_accrual, at(bsFirst).bs_accrual);
    assert.match(await expectError(await post({ tickers: ['AAPL'], metrics: ['pe_ratio'] }, { query: '&as_of=2020-13-01' }), 422, 'v2'), /as_of must be a date/);
    assert.match(await expectError(await post({ tickers: ['AAPL'], metrics: ['pe_ratio'], as_of: '2020-01-01' }), 422, 'v2'), /as_of and first_filed are query parameters/);
  });

  test('history: an explicit older fiscal_year_start is 403 on Individual, an implicit range is clipped', async () => {
    const individual = server.keys.individual;
    await expectError(await post({ tickers: ['AAPL'], metrics: ['pe_ratio'], fiscal_year_start: 2010 }, { key: individual }), 403, 'v2');
    const rows = (await (await post({ tickers: ['AAPL'], metrics: ['pe_ratio'], limit: 40 }, { key: individual })).json()) as any[];
    assert.ok(rows.length > 0 && rows.every((r) => r.date >= '2021-01-15'), rows.map((r) => r.date).join(','));
  });
});
