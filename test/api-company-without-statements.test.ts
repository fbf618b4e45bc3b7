// A company the dataset knows but holds no statements of (KO in the corpus: its submissions,
// profile and prices, no XBRL company facts): every records endpoint and the provenance lookup
// answer 404 statements_not_covered saying so, the spreadsheet batch gives it a row with that
// error, the MCP tools (SDK Client over Streamable HTTP and stdio) say why; companies with
// statements answer as before, and an empty range of one stays 200 [].
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ENDPOINTS } from '../src/service/endpoint-registry.js';
import { mcpRoutes } from '../src/http/mcp-route.js';
import { expectError } from './support/security-suite.js';
import { firstText, httpClient, stdioClient } from './support/mcp-support.js';
import { hasCorpusDataset, startTestServer, type TestServer } from './support/test-server.js';
import { decodeBody } from '../src/dataset/codecs/record-body-codec.js';

const skip = !hasCorpusDataset() && 'needs the corpus dataset (npm test builds it)';
const KO_CIK = '0000021344';
const NO_STATEMENTS = /^no financial statements for KO \(CIK 0000021344\) in this dataset: /;
const RECORD_ENDPOINTS = ENDPOINTS.filter((e) => e.response.kind === 'records');

describe('a company without statements (KO)', { skip }, () => {
  let server: TestServer;
  let client: Client;
  before(async () => {
    server = await startTestServer({ extraRoutes: [mcpRoutes()] });
    client = await httpClient(server.url, server.keys.professional);
  });
  after(async () => {
    await client?.close();
    await server?.close();
  });

  const get = (pathAndQuery: string) => server.get(pathAndQuery, { key: server.keys.professional });
  const pathOf = (p: string, id: string) => p.replace('{identifier}', id);

  test('the corpus premise: KO has a profile and prices but no statement record', async () => {
    assert.equal((await get('/v2/company/profile/KO')).status, 200);
    assert.equal((await get('/v2/stock-prices/latest/KO')).status, 200);
    assert.equal(await server.dataset.records.hasStatements(KO_CIK), false);
    assert.equal(await server.dataset.records.hasStatements('0000320193'), true);
    assert.ok(RECORD_ENDPOINTS.length >= 11, `${RECORD_ENDPOINTS.length} records endpoints`);
  });

  test('every records endpoint: 404 statements_not_covered naming the company, by ticker or CIK, with as_of, quarterly, TSV', async () => {
    for (const e of RECORD_ENDPOINTS) {
      for (const [id, query] of [['KO', ''], ['21344', ''], ['ko', '?as_of=2020-01-01'], ['KO', '?as_of=first'], ['KO', '?period=quarterly&format=excel'], ['KO', '?include=provenance']] as const) {
        const res = await get(`${pathOf(e.path, id)}${query}`);
        const message = await expectError(res, 404, 'v2', 'statements_not_covered');
        assert.match(message, NO_STATEMENTS, `${e.id} ${id}${query}`);
      }
    }
    const body = (await (await get('/v2/fundamental/income-statement/KO')).json()) as Record<string, string>;
    assert.deepEqual([body.type, body.code], ['invalid_request_error', 'statements_not_covered']);
  });

  test('the provenance lookup: 404 statements_not_covered (a missing period of a covered company stays resource_missing)', async () => {
    const msg = await expectError(await get('/v2/fundamental/provenance/KO?field=is_sales_revenue_turnover&date=2023-12-31'), 404, 'v2', 'statements_not_covered');
    assert.match(msg, NO_STATEMENTS);
    await expectError(await get('/v2/fundamental/provenance/AAPL?field=is_sales_revenue_turnover&date=2023-12-31'), 404, 'v2', 'resource_missing');
  });

  test('companies with statements are unchanged: records as stored; an empty range is 200 []; an unknown identifier is resource_missing', async () => {
    const stored = server.dataset.db.prepare("SELECT body FROM records WHERE cik = '0000320193' AND record_type = 'income_statement' AND period = 'annual' ORDER BY date DESC LIMIT 3").pluck().all() as string[];
    const res = await get('/v2/fundamental/income-statement/AAPL?limit=3');
    assert.equal(res.status, 200);
    assert.equal(await res.text(), `[${stored.map((b) => decodeBody('income_statement', b)).join(',')}]`);
    for (const q of ['/v2/fundamental/income-statement/AAPL?fiscal_year_start=2199', '/v2/fundamental/multiples/AAPL?date_end=1950-01-01', '/v2/fundamental/income-statement/AAPL?as_of=1990-01-01']) {
      const empty = await get(q);
      assert.equal(empty.status, 200, q);
      assert.deepEqual(await empty.json(), [], q);
    }
    assert.match(await expectError(await get('/v2/fundamental/income-statement/NOSUCHCO'), 404, 'v2', 'resource_missing'), /no company matches/);
  });

  test('POST /v2/excel/data: KO is one row with its error and ticker, the others answer as before; with as_of too', async () => {
    for (const query of ['', '&as_of=2020-01-01']) {
      const res = await fetch(`${server.url}/v2/excel/data?apikey=${server.keys.professional}${query}`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ tickers: ['AAPL', 'KO', 'MSFT'], metrics: ['is_sales_revenue_turnover', 'pe_ratio'], limit: 2 }),
      });
      assert.equal(res.status, 200);
      const rows = (await res.json()) as Array<Record<string, unknown>>;
      assert.deepEqual(rows.map((r) => r.identifier), ['AAPL', 'AAPL', 'KO', 'MSFT', 'MSFT'], query);
      const ko = rows[2]!;
      assert.match(String(ko.error), NO_STATEMENTS);
      assert.deepEqual({ ...ko, error: null }, { identifier: 'KO', ticker: 'KO', date: null, period: null, period_label: null, fiscal_year: null, is_sales_revenue_turnover: null, pe_ratio: null, error: null });
      assert.ok(rows.filter((r) => r.identifier !== 'KO').every((r) => r.error === null && typeof r.is_sales_revenue_turnover === 'number'), query);
    }
  });

  test('MCP over Streamable HTTP: statement tools are error results with the REST message; company_snapshot and compare_companies say why', async () => {
    const rest = (await (await get('/v2/fundamental/income-statement/KO')).json()) as { error: string };
    for (const [name, args] of [['get_financial_statements', { kind: 'income_statement' }], ['get_financial_statements', { kind: 'balance_sheet', period: 'quarterly' }], ['get_ratios', { kind: 'credit' }], ['get_ratios', { kind: 'multiples', as_of: '2021-06-30' }]] as const) {
      const r = await client.callTool({ name, arguments: { identifier: 'KO', ...args } });
      assert.equal(r.isError, true, name);
      assert.equal(firstText(r), rest.error, name);
    }
    const snap = await client.callTool({ name: 'company_snapshot', arguments: { identifier: 'KO' } });
    assert.ok(!snap.isError, firstText(snap));
    const sc = snap.structuredContent as { profile: unknown; sections: Record<string, unknown>; notes: string[]; last_price: unknown };
    assert.deepEqual(sc.profile, await (await get('/v2/company/profile/KO')).json());
    assert.ok(Object.keys(sc.sections).length >= 8 && Object.values(sc.sections).every((v) => v === null), JSON.stringify(sc.sections));
    assert.equal(sc.notes.length, 1, sc.notes.join(' | '));
    assert.equal(sc.notes[0], `every section is null: ${rest.error}`);
    assert.notEqual(sc.last_price, null);
    assert.match(firstText(snap), /no financial statements for KO/);

    const apple = await client.callTool({ name: 'company_snapshot', arguments: { identifier: 'AAPL' } });
    const asc = apple.structuredContent as { sections: Record<string, unknown>; notes: string[] };
    assert.deepEqual(asc.notes, []);
    assert.ok(Object.values(asc.sections).every((v) => v !== null));

    const cmp = await client.callTool({ name: 'compare_companies', arguments: { identifiers: ['AAPL', 'KO'], metrics: ['oper_margin'], limit: 3 } });
    assert.ok(!cmp.isError, firstText(cmp));
    const cc = cmp.structuredContent as { rows: Array<Record<string, unknown>>; notes: string[] };
    assert.deepEqual(cc.rows.map((r) => r.identifier), ['AAPL', 'AAPL', 'AAPL']);
    assert.deepEqual(cc.notes, [`KO: ${rest.error}`]);
  });

  test('MCP over stdio (tenk mcp): the same error result and snapshot notes', async () => {
    const stdio = await stdioClient();
    try {
      const r = await stdio.client.callTool({ name: 'get_financial_statements', arguments: { identifier: 'KO', kind: 'cash_flow' } });
      assert.equal(r.isError, true);
      assert.match(firstText(r), NO_STATEMENTS);
      const snap = await stdio.client.callTool({ name: 'company_snapshot', arguments: { identifier: 'KO' } });
      assert.match((snap.structuredContent as { notes: string[] }).notes[0] ?? '', /^every section is null: no financial statements for KO /);
    } finally {
      await stdio.close();
    }
  });
});
