// What an assistant's context window sees, on a real server over Streamable HTTP (SDK Client):
// tools/list stays within its byte bound; every tool of tools/list, called with its default
// arguments (only the required ones, from its registry example), answers at most 100 KB; a list
// tool's second page continues its first (offset pages and v3 page tokens alike), and its total
// is the length of the whole REST list.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { ENDPOINTS } from '../src/service/endpoint-registry.js';
import type { EndpointDef } from '../src/service/endpoint-types.js';
import { mcpRoutes } from '../src/http/mcp-route.js';
import { exampleArgs, firstText, httpClient, toolEntries } from './support/mcp-support.js';
import { hasCorpusDataset, startTestServer, type TestServer } from './support/test-server.js';

const corpus = hasCorpusDataset();

/** The bound of one tool result with default arguments. */
const RESULT_MAX_BYTES = 100 * 1024;
/** The bound of the tools/list answer: a third of the 129,225 bytes it was before near-duplicate tools were folded
 *  (43,000), plus 300 for screen_companies (issue 28: ten arguments in 1,310 bytes, the v3 form folded into it)
 *  and 100 for the currency argument of the statement and derived tools (issue 29 item 4). */
const TOOLS_LIST_MAX_BYTES = 43_400;

/** The required arguments of the assistant tools (they have no registry example). */
const ASSISTANT_ARGS: Readonly<Record<string, Record<string, unknown>>> = {
  company_snapshot: { identifier: 'AAPL' },
  compare_companies: { identifiers: ['AAPL', 'MSFT'], metrics: ['oper_margin'] },
  metric_definitions: {},
};

const bytes = (v: unknown) => Buffer.byteLength(JSON.stringify(v));

/** The list of a paged answer, whichever key holds it. */
function listOf(sc: unknown): unknown[] {
  const o = sc as Record<string, unknown>;
  const list = o.records ?? o.data ?? o.definitions;
  assert.ok(Array.isArray(list), JSON.stringify(o).slice(0, 200));
  return list;
}

/** Each call a tool gets with default arguments: per family member (kind) for an endpoint tool. */
function defaultCalls(tool: Tool): Array<{ args: Record<string, unknown>; entry?: EndpointDef }> {
  const assistant = ASSISTANT_ARGS[tool.name];
  if (assistant) return [{ args: assistant }];
  const entries = toolEntries(ENDPOINTS).filter((e) => e.mcp.tool === tool.name);
  assert.ok(entries.length > 0, `${tool.name}: neither a registry tool nor an assistant tool with default arguments here`);
  const required = new Set(tool.inputSchema.required ?? []);
  return entries.map((entry) => {
    const args = Object.fromEntries(Object.entries(exampleArgs(entry)).filter(([k]) => required.has(k)));
    for (const r of required) assert.ok(r in args, `${tool.name}: required ${r} has no value in the example of ${entry.id}`);
    return { args, entry };
  });
}

describe('MCP result sizes and pages on the corpus dataset', { skip: corpus ? false : 'corpus test dataset not built (run npm test)' }, () => {
  let server: TestServer;
  let client: Client;
  let tools: Tool[];
  before(async () => {
    server = await startTestServer({ extraRoutes: [mcpRoutes()] });
    client = await httpClient(server.url, server.keys.professional);
    tools = (await client.listTools()).tools;
  });
  after(async () => {
    await client.close();
    await server.close();
  });

  test(`tools/list answers at most ${TOOLS_LIST_MAX_BYTES} bytes`, async () => {
    const res = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', Authorization: `Bearer ${server.keys.professional}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    assert.equal(res.status, 200);
    const body = Buffer.from(await res.arrayBuffer());
    assert.equal((JSON.parse(body.toString()) as { result: { tools: unknown[] } }).result.tools.length, tools.length);
    assert.ok(body.length <= TOOLS_LIST_MAX_BYTES, `tools/list is ${body.length} bytes`);
  });

  test(`every tool with default arguments answers at most ${RESULT_MAX_BYTES} bytes`, async () => {
    const sizes: string[] = [];
    for (const tool of tools) {
      for (const { args, entry } of defaultCalls(tool)) {
        const r = await client.callTool({ name: tool.name, arguments: args });
        assert.ok(!r.isError, `${tool.name} ${JSON.stringify(args)}: ${firstText(r)}`);
        const size = bytes(r);
        sizes.push(`${tool.name}${entry?.mcp.kind ? `(${entry.mcp.kind})` : ''} ${size}`);
        assert.ok(size <= RESULT_MAX_BYTES, `${tool.name} ${JSON.stringify(args)}: ${size} bytes`);
      }
    }
    assert.ok(sizes.length >= tools.length, sizes.join(', '));
  });

  test('a list tool\'s second page continues its first, with the total and how to get more', async () => {
    const paged = tools.filter((t) => 'offset' in (t.inputSchema.properties ?? {}));
    for (const n of ['list_tickers', 'tickers_by_exchange', 'count_tickers_by', 'metric_definitions']) {
      assert.ok(paged.some((t) => t.name === n), `${n} takes offset`);
    }
    for (const tool of paged) {
      for (const { args } of defaultCalls(tool)) {
        const call = async (extra: Record<string, unknown>) => {
          const r = await client.callTool({ name: tool.name, arguments: { ...args, ...extra } });
          assert.ok(!r.isError, `${tool.name}: ${firstText(r)}`);
          return r;
        };
        const whole = (await call({ limit: 6 })).structuredContent as Record<string, unknown>;
        const first = await call({ limit: 3 });
        const second = await call({ limit: 3, offset: 3 });
        const one = first.structuredContent as Record<string, unknown>;
        const two = second.structuredContent as Record<string, unknown>;
        assert.deepEqual([...listOf(one), ...listOf(two)], listOf(whole), tool.name);
        assert.equal(one.total, whole.total, tool.name);
        assert.equal(one.next_offset, (whole.total as number) > 3 ? 3 : null, tool.name);
        if ((whole.total as number) > 3) assert.match(firstText(first), /^Rows 1-3 of \d+\. More: call again with offset=3\./, tool.name);
      }
    }
  });

  test('the total of a list tool is the length of the whole REST list', async () => {
    for (const [tool, args, path] of [
      ['list_tickers', {}, '/v2/tickers/list'],
      ['list_tickers', { listed: false }, '/v2/tickers/list?listed=false'],
      ['tickers_by_exchange', { exchange: 'NYSE' }, '/v2/tickers/search/exchange/NYSE'],
      ['count_tickers_by', { kind: 'industry' }, '/v2/industries/list'],
    ] as const) {
      const r = await client.callTool({ name: tool, arguments: args });
      const rest = await (await server.get(path, { key: server.keys.professional })).json() as unknown[];
      const sc = r.structuredContent as { records: unknown[]; total: number; limit: number };
      assert.equal(sc.total, rest.length, tool);
      assert.equal(sc.limit, 50);
      assert.deepEqual(sc.records, rest.slice(0, 50), tool);
    }
    // a cursor list's total: every row of its REST pages (one page of the largest size holds them)
    for (const [args, query] of [[{}, ''], [{ currency: 'USD' }, '&currency=USD']] as const) {
      const r = await client.callTool({ name: 'list_forex_pairs', arguments: args });
      const rest = await (await server.get(`/v3.0.0/forex-pairs?limit=2000${query}`, { key: server.keys.professional })).json() as { data: unknown[]; next_page_url: string | null };
      assert.equal(rest.next_page_url, null);
      const sc = r.structuredContent as { total: number; data: unknown[] };
      assert.equal(sc.total, rest.data.length, JSON.stringify(args));
      // every pair: more than the first page holds
      if (query === '') assert.ok(sc.total > sc.data.length, `${sc.total} pairs, ${sc.data.length} on the first page`);
    }
    // the last page: its rows, next_offset null, and no "More" in the text
    const last = await client.callTool({ name: 'count_tickers_by', arguments: { kind: 'industry', offset: 10_000 } });
    assert.deepEqual((last.structuredContent as { records: unknown[] }).records, []);
    assert.match(firstText(last), /^No rows at offset 10000: the list has \d+\./);
    const bad = await client.callTool({ name: 'list_tickers', arguments: { limit: 0 } });
    assert.equal(bad.isError, true);
    assert.equal(firstText(bad), 'limit must be an integer from 1 to 1000');
  });

  test('a v3 cursor list: the page token the text names continues the first page', async () => {
    const cursorTools = tools.filter((t) => 'page' in (t.inputSchema.properties ?? {}));
    assert.ok(cursorTools.length > 0);
    for (const tool of cursorTools) {
      for (const { args } of defaultCalls(tool)) {
        const whole = await client.callTool({ name: tool.name, arguments: { ...args, limit: 6 } });
        const first = await client.callTool({ name: tool.name, arguments: { ...args, limit: 3 } });
        const token = /page="([^"]+)"/.exec(firstText(first))?.[1];
        assert.ok(token, `${tool.name}: ${firstText(first).slice(0, 200)}`);
        const second = await client.callTool({ name: tool.name, arguments: { ...args, limit: 3, page: token } });
        assert.ok(!second.isError, `${tool.name}: ${firstText(second)}`);
        assert.deepEqual([...listOf(first.structuredContent), ...listOf(second.structuredContent)], listOf(whole.structuredContent), tool.name);
      }
    }
  });

  test('the longest transcript (EFX fiscal 2021 Q3, 101,027 characters) comes in parts of at most 100 KB that make up the REST text', async () => {
    const rest = await (await server.get('/v2/company/earnings-calls/transcript/EFX?year=2021&quarter=3', { key: server.keys.professional })).json() as { content: string };
    assert.ok(rest.content.length > 100_000, `${rest.content.length} characters`);
    let text = '';
    let offset: number | null = 0;
    for (let parts = 0; offset !== null; parts++) {
      assert.ok(parts < 10, 'the parts end');
      const r = await client.callTool({ name: 'get_earnings_call_transcript', arguments: { identifier: 'EFX', year: 2021, quarter: 3, content_offset: offset } });
      assert.ok(!r.isError, firstText(r));
      assert.ok(bytes(r) <= RESULT_MAX_BYTES, `${bytes(r)} bytes`);
      const sc = r.structuredContent as { content: string; content_length: number; next_content_offset: number | null };
      assert.equal(sc.content_length, rest.content.length);
      if (sc.next_content_offset !== null) assert.match(firstText(r), new RegExp(`More: call again with content_offset=${sc.next_content_offset}\\.`));
      text += sc.content;
      offset = sc.next_content_offset;
    }
    assert.equal(text, rest.content);
  });

  test('a series at its limit says how to get more', async () => {
    const r = await client.callTool({ name: 'get_financial_statements', arguments: { kind: 'income_statement', identifier: 'AAPL', limit: 2 } });
    assert.match(firstText(r), /^2 rows, the limit\. More: a larger limit \(at most 400\), or another date range\./);
    const all = await client.callTool({ name: 'get_financial_statements', arguments: { kind: 'income_statement', identifier: 'AAPL', fiscal_year_start: 2020, fiscal_year_end: 2021 } });
    assert.doesNotMatch(firstText(all), /the limit/);
  });
});
