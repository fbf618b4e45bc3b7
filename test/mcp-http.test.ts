// MCP over Streamable HTTP on a real server (/mcp, the SDK Client): every generated tool answers
// its registry example with the REST JSON of the same params and key; a free key's sixth tool call
// in a minute is refused (housekeeping not counted); history beyond the plan is refused or clipped
// as REST does; user mistakes are isError results; the assistant tools; v3 authentication.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ENDPOINTS } from '../src/service/endpoint-registry.js';
import type { EndpointDef } from '../src/service/endpoint-types.js';
import { fieldEntries } from '../src/metrics/registry.js';
import { mcpRoutes } from '../src/http/mcp-route.js';
import { asStructured, exampleArgs, expectedStructured, expectedToolNames, firstImage, firstText, httpClient, toolEntries, withoutCount } from './support/mcp-support.js';
import { examplePath, hasCorpusDataset, startTestServer, type TestServer } from './support/test-server.js';

const corpus = hasCorpusDataset();

describe('MCP over Streamable HTTP on the corpus dataset', { skip: corpus ? false : 'corpus test dataset not built (run npm test)' }, () => {
  let server: TestServer;
  let client: Client;
  before(async () => {
    server = await startTestServer({ extraRoutes: [mcpRoutes()] });
    client = await httpClient(server.url, server.keys.professional);
  });
  after(async () => {
    await client.close();
    await server.close();
  });

  async function rest(pathAndQuery: string, key: string): Promise<{ status: number; body: any }> {
    const res = await server.get(pathAndQuery, { key });
    return { status: res.status, body: await res.json() };
  }

  /** A raw JSON-RPC POST to /mcp (stateless: no initialize needed for one call). */
  function rawPost(body: unknown, headers: Record<string, string>): Promise<Response> {
    return fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify(body),
    });
  }

  test('tools/list: one tool per registry entry plus the assistant tools, read-only, with schemas', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    for (const e of toolEntries(ENDPOINTS)) assert.ok(names.includes(e.mcp.tool), `${e.id}: no tool ${e.mcp.tool}`);
    for (const n of ['company_snapshot', 'compare_companies', 'metric_definitions', 'get_financial_statements', 'get_ratios', 'search_tickers', 'list_tickers', 'get_company_profile', 'list_stock_splits']) {
      assert.ok(names.includes(n), `missing ${n}`);
    }
    assert.deepEqual([...names].sort(), expectedToolNames(ENDPOINTS));
    // image tools (logos) answer image content, with no structured output
    const images = new Set(ENDPOINTS.filter((e) => e.response.kind === 'binary').map((e) => e.mcp.tool));
    for (const t of tools) {
      assert.match(t.name, /^[a-z][a-z0-9_]*$/);
      assert.equal(t.annotations?.readOnlyHint, true, t.name);
      assert.equal(t.inputSchema.type, 'object');
      if (!images.has(t.name)) assert.equal(t.outputSchema?.type, 'object', t.name);
      assert.ok((t.description ?? '').length > 20, t.name);
    }
    const income = tools.find((t) => t.name === 'get_financial_statements')!;
    assert.deepEqual(income.inputSchema.required, ['kind', 'identifier']);
    assert.deepEqual((income.inputSchema.properties as Record<string, { enum?: string[] }>).kind!.enum, ['income_statement', 'balance_sheet', 'cash_flow']);
    assert.ok(!('format' in (income.inputSchema.properties ?? {})));
    const ratios = tools.find((t) => t.name === 'get_ratios')!;
    assert.deepEqual(ratios.inputSchema.required, ['kind', 'identifier']);
    assert.deepEqual((ratios.inputSchema.properties as Record<string, { enum?: string[] }>).kind!.enum, ENDPOINTS.filter((e) => e.mcp.tool === 'get_ratios').map((e) => e.mcp.kind));
  });

  test('every generated tool: structuredContent equals the REST JSON of its example', async () => {
    for (const e of toolEntries(ENDPOINTS)) {
      const r = await client.callTool({ name: e.mcp.tool, arguments: exampleArgs(e) });
      assert.ok(!r.isError, `${e.mcp.tool}: ${firstText(r)}`);
      if (e.response.kind === 'binary') {
        // an image: the same bytes as REST
        const res = await server.get(examplePath(e), { key: server.keys.professional });
        assert.equal(firstImage(r), Buffer.from(await res.arrayBuffer()).toString('base64'), e.mcp.tool);
        continue;
      }
      const { status, body } = await rest(examplePath(e), server.keys.professional);
      assert.equal(status, 200, e.id);
      assert.deepEqual(withoutCount(e, r.structuredContent), expectedStructured(e, body), e.mcp.tool);
      assert.ok(firstText(r).length > 0, `${e.mcp.tool}: no text rendering`);
    }
  });

  test('a free key: the sixth tool call within a minute is refused, naming the plan and the wait; housekeeping is not counted', async () => {
    const { key } = await server.createKey('free');
    const c = await httpClient(server.url, key);
    try {
      for (let i = 0; i < 3; i++) { await c.listTools(); await c.ping(); }
      for (let i = 0; i < 5; i++) {
        const r = await c.callTool({ name: 'get_company_profile', arguments: { identifier: 'AAPL' } });
        assert.ok(!r.isError, `call ${i + 1}: ${firstText(r)}`);
      }
      const sixth = await c.callTool({ name: 'get_company_profile', arguments: { identifier: 'AAPL' } });
      assert.equal(sixth.isError, true);
      assert.match(firstText(sixth), /^Rate limit exceeded: the Free plan allows 5 requests per minute\. Retry in \d+ seconds?\.$/);
      // The REST request of the same key is refused with the same message.
      const { status, body } = await rest('/v2/company/profile/AAPL', key);
      assert.equal(status, 429);
      assert.equal(body.error, firstText(sixth));
      // Over raw HTTP the refusal carries Retry-After and the window's headers.
      const res = await rawPost({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'metric_definitions', arguments: { names: ['eps'] } } }, { Authorization: `Bearer ${key}` });
      assert.equal(res.status, 200);
      assert.ok(Number(res.headers.get('retry-after')) > 0);
      assert.equal(res.headers.get('x-ratelimit-remaining'), '0');
      const msg = await res.json() as { result: { isError: boolean } };
      assert.equal(msg.result.isError, true);
    } finally {
      await c.close();
    }
  });

  test('history beyond the plan: an explicit old start is refused and the default is clipped, exactly as REST', async () => {
    const { key } = await server.createKey('free');
    const c = await httpClient(server.url, key);
    try {
      const old = await c.callTool({ name: 'get_financial_statements', arguments: { kind: 'income_statement', identifier: 'AAPL', fiscal_year_start: 2015 } });
      assert.equal(old.isError, true);
      const refused = await rest('/v2/fundamental/income-statement/AAPL?fiscal_year_start=2015', key);
      assert.equal(refused.status, 403);
      assert.equal(firstText(old), refused.body.error);
      const clipped = await c.callTool({ name: 'get_financial_statements', arguments: { kind: 'income_statement', identifier: 'AAPL', period: 'quarterly', limit: 20 } });
      const restClipped = await rest('/v2/fundamental/income-statement/AAPL?period=quarterly&limit=20', key);
      assert.deepEqual(clipped.structuredContent, asStructured(restClipped.body));
      const all = await client.callTool({ name: 'get_financial_statements', arguments: { kind: 'income_statement', identifier: 'AAPL', period: 'quarterly', limit: 20 } });
      const n = (r: unknown) => ((r as { structuredContent: { records: unknown[] } }).structuredContent).records.length;
      assert.ok(n(clipped) > 0 && n(clipped) < n(all), `free ${n(clipped)} vs professional ${n(all)}`);
    } finally {
      await c.close();
    }
  });

  test('user mistakes are isError results with the REST messages', async () => {
    const bad = await client.callTool({ name: 'get_financial_statements', arguments: { kind: 'income_statement', identifier: 'NOSUCHCO1' } });
    assert.equal(bad.isError, true);
    const r404 = await rest('/v2/fundamental/income-statement/NOSUCHCO1', server.keys.professional);
    assert.equal(r404.status, 404);
    assert.equal(firstText(bad), r404.body.error);
    const period = await client.callTool({ name: 'get_financial_statements', arguments: { kind: 'balance_sheet', identifier: 'AAPL', period: 'weekly' } });
    assert.equal(period.isError, true);
    const r422 = await rest('/v2/fundamental/balance-sheet/AAPL?period=weekly', server.keys.professional);
    assert.equal(firstText(period), r422.body.error);
    const kind = await client.callTool({ name: 'get_ratios', arguments: { kind: 'magic', identifier: 'AAPL' } });
    assert.equal(kind.isError, true);
    assert.match(firstText(kind), /^kind must be one of credit, liquidity, profitability, working_capital, yield_analysis/);
    const range = await client.callTool({ name: 'get_financial_statements', arguments: { kind: 'cash_flow', identifier: 'AAPL', fiscal_year_start: 2020, fiscal_year_end: 2018 } });
    assert.equal(range.isError, true);
    assert.match(firstText(range), /fiscal_year_start \(2020\) must not be after fiscal_year_end \(2018\)/);
  });

  test('compare_companies: AAPL and MSFT operating margins over five years in one call, as the profitability records', async () => {
    const r = await client.callTool({ name: 'compare_companies', arguments: { identifiers: ['AAPL', 'MSFT'], metrics: ['oper_margin', 'multiples.pe_ratio'], limit: 5 } });
    assert.ok(!r.isError, firstText(r));
    const sc = r.structuredContent as { metrics: Array<{ name: string; record_type: string }>; rows: Array<Record<string, unknown>> };
    assert.deepEqual(sc.metrics.map((m) => [m.name, m.record_type]), [['oper_margin', 'income_statement'], ['multiples.pe_ratio', 'multiples']]);
    for (const t of ['AAPL', 'MSFT']) {
      const rows = sc.rows.filter((x) => x.identifier === t);
      const is = (await rest(`/v2/fundamental/income-statement/${t}?limit=5`, server.keys.professional)).body as Array<Record<string, unknown>>;
      const mult = (await rest(`/v2/fundamental/multiples/${t}?limit=5`, server.keys.professional)).body as Array<Record<string, unknown>>;
      assert.equal(rows.length, 5, t);
      for (const rec of is) {
        const row = rows.find((x) => x.date === rec.date);
        assert.ok(row, `${t} ${rec.date}`);
        assert.equal(row.oper_margin, rec.oper_margin);
        assert.equal(row.fiscal_year, rec.fiscal_year);
        assert.equal(row['multiples.pe_ratio'], mult.find((m) => m.date === rec.date)?.pe_ratio ?? null);
      }
    }
    const unknown = await client.callTool({ name: 'compare_companies', arguments: { identifiers: ['AAPL'], metrics: ['operating_magic'] } });
    assert.equal(unknown.isError, true);
    assert.match(firstText(unknown), /Unknown metric 'operating_magic'/);
  });

  test('company_snapshot: profile, latest annual key lines with dates, multiples and last close', async () => {
    const r = await client.callTool({ name: 'company_snapshot', arguments: { identifier: 'AAPL' } });
    assert.ok(!r.isError, firstText(r));
    const sc = r.structuredContent as any;
    assert.deepEqual(sc.profile, (await rest('/v2/company/profile/AAPL', server.keys.professional)).body);
    const [is] = (await rest('/v2/fundamental/income-statement/AAPL?limit=1', server.keys.professional)).body;
    assert.equal(sc.sections.income_statement.date, is.date);
    assert.equal(sc.sections.income_statement.values.is_net_income, is.is_net_income);
    const latest = (await rest('/v2/stock-prices/latest/AAPL', server.keys.professional)).body;
    assert.deepEqual(sc.last_price, { value: latest.close, date: latest.as_of, age_days: latest.age_days, stale: latest.stale });
    // the valuation sections show the newest annual record with a price (fiscal 2025 ends after the prices)
    const priced = (await rest('/v2/fundamental/multiples/AAPL?limit=5', server.keys.professional)).body.find((m: any) => m.pr_last !== null);
    assert.equal(sc.sections.multiples.date, priced.date);
    assert.equal(sc.sections.multiples.values.pe_ratio, priced.pe_ratio);
    assert.notEqual(priced.pe_ratio, null);
    const bad = await client.callTool({ name: 'company_snapshot', arguments: { identifier: 'NOSUCHCO1' } });
    assert.equal(bad.isError, true);
  });

  test('metric_definitions and metric resources are the metric registry', async () => {
    const r = await client.callTool({ name: 'metric_definitions', arguments: { names: ['profitability.oper_margin'] } });
    const entry = fieldEntries('profitability').find((f) => f.name === 'oper_margin')!;
    assert.deepEqual(r.structuredContent, {
      definitions: [{ record_type: 'profitability', name: 'oper_margin', unit: entry.unit, description: entry.description, definition: entry.definition, inputs: [...entry.inputs], kind: entry.kind }],
      total: 1, offset: 0, limit: 50, next_offset: null,
    });
    const { resources } = await client.listResources();
    assert.ok(resources.some((x) => x.uri === 'tenk://metrics/profitability/oper_margin'));
    const read = await client.readResource({ uri: 'tenk://metrics/profitability/oper_margin' });
    assert.deepEqual(JSON.parse((read.contents[0] as { text: string }).text), (r.structuredContent as { definitions: unknown[] }).definitions[0]);
  });

  test('/mcp authenticates like v3: 401 envelope without or with a bad key; GET is 405', async () => {
    const init = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };
    for (const headers of [{} as Record<string, string>, { Authorization: 'Bearer tk_live_0000000000000000000000000000000x' }, { Authorization: 'Basic abc' }]) {
      const res = await rawPost(init, headers);
      assert.equal(res.status, 401);
      const body = await res.json() as { error: { type: string; code: string; request_id: string } };
      assert.equal(body.error.type, 'authentication_error');
      assert.equal(body.error.request_id, res.headers.get('request-id'));
    }
    const get = await fetch(`${server.url}/mcp`, { headers: { Authorization: `Bearer ${server.keys.professional}` } });
    assert.equal(get.status, 405);
    assert.equal(get.headers.get('allow'), 'POST');
    const bad = await fetch(`${server.url}/mcp?apikey=${server.keys.professional}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"jsonrpc":' });
    assert.equal(bad.status, 400);
    assert.equal((await bad.json() as { error: { code: string } }).error.code, 'body_invalid');
  });

  test('an endpoint added to the registry is a tool at once (the list is derived)', async () => {
    const base = ENDPOINTS.find((e) => e.id === 'v2.company_profile')!;
    const extra: EndpointDef = { ...base, id: 'v2.test_profile_copy', path: '/v2/test/profile-copy/{identifier}', mcp: { tool: 'get_profile_copy', description: 'A test copy of the company profile endpoint.' } };
    const s2 = await startTestServer({ endpoints: [...ENDPOINTS, extra], extraRoutes: [mcpRoutes()] });
    const c = await httpClient(s2.url, s2.keys.professional);
    try {
      const { tools } = await c.listTools();
      assert.ok(tools.some((t) => t.name === 'get_profile_copy'));
      const r = await c.callTool({ name: 'get_profile_copy', arguments: { identifier: 'AAPL' } });
      assert.deepEqual(r.structuredContent, (await (await s2.get('/v2/test/profile-copy/AAPL', { key: s2.keys.professional })).json()));
    } finally {
      await c.close();
      await s2.close();
    }
  });
});
