// `tenk mcp` over stdio (spawned, the SDK Client): the same tools as the registry, each answering
// its registry example with the REST JSON of the same params (no key locally: all history, as an
// unlimited plan sees it; a complete list a page at a time), user mistakes as isError results,
// logs on stderr only.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ENDPOINTS } from '../src/service/endpoint-registry.js';
import { asStructured, exampleArgs, expectedStructured, expectedToolNames, firstImage, firstText, stdioClient, toolEntries, withoutCount } from './support/mcp-support.js';
import { examplePath, hasCorpusDataset, startTestServer, type TestServer } from './support/test-server.js';

const corpus = hasCorpusDataset();

/** Page URLs hold the server's base URL and a token signed with its secret and clock: compared by presence. */
function withoutPageUrls(v: unknown): unknown {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  const o = { ...(v as Record<string, unknown>) };
  for (const k of ['next_page_url', 'previous_page_url']) if (k in o) o[k] = o[k] === null ? null : 'present';
  return o;
}

describe('MCP over stdio (tenk mcp) on the corpus dataset', { skip: corpus ? false : 'corpus test dataset not built (run npm test)' }, () => {
  let server: TestServer;
  let stdio: Awaited<ReturnType<typeof stdioClient>>;
  let client: Client;
  before(async () => {
    // tenk mcp runs on the real clock: so does the REST server it is compared with (a latest
    // price's age, a calendar's default year depend on today)
    server = await startTestServer({ now: Date.now() });
    stdio = await stdioClient();
    client = stdio.client;
  });
  after(async () => {
    await stdio.close();
    await server.close();
  });

  test('lists one tool per registry entry plus the assistant tools', async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), expectedToolNames(ENDPOINTS));
    assert.ok(tools.every((t) => t.annotations?.readOnlyHint === true));
  });

  test('every generated tool: structuredContent equals the REST JSON of its example', async () => {
    for (const e of toolEntries(ENDPOINTS)) {
      const r = await client.callTool({ name: e.mcp.tool, arguments: exampleArgs(e) });
      assert.ok(!r.isError, `${e.mcp.tool}: ${firstText(r)}`);
      const res = await server.get(examplePath(e), { key: server.keys.enterprise });
      assert.equal(res.status, 200, e.id);
      if (e.response.kind === 'binary') {
        assert.equal(firstImage(r), Buffer.from(await res.arrayBuffer()).toString('base64'), e.mcp.tool);
        continue;
      }
      const body = expectedStructured(e, await res.json());
      if (e.pagination === 'cursor') assert.deepEqual(withoutPageUrls(withoutCount(e, r.structuredContent)), withoutPageUrls(body), e.mcp.tool);
      else assert.deepEqual(r.structuredContent, body, e.mcp.tool);
    }
  });

  test('no key locally: history is not clipped (an old explicit start answers)', async () => {
    const r = await client.callTool({ name: 'get_financial_statements', arguments: { kind: 'income_statement', identifier: 'AAPL', fiscal_year_start: 2012, fiscal_year_end: 2014 } });
    assert.ok(!r.isError, firstText(r));
    const res = await server.get('/v2/fundamental/income-statement/AAPL?fiscal_year_start=2012&fiscal_year_end=2014', { key: server.keys.enterprise });
    assert.deepEqual(r.structuredContent, asStructured(await res.json()));
  });

  test('a bad identifier or period is an isError result with the REST message', async () => {
    const bad = await client.callTool({ name: 'get_financial_statements', arguments: { kind: 'income_statement', identifier: 'NOSUCHCO1' } });
    assert.equal(bad.isError, true);
    const res = await server.get('/v2/fundamental/income-statement/NOSUCHCO1', { key: server.keys.enterprise });
    assert.equal(firstText(bad), (await res.json() as { error: string }).error);
    const period = await client.callTool({ name: 'get_ratios', arguments: { kind: 'multiples', identifier: 'AAPL', period: 'monthly' } });
    assert.equal(period.isError, true);
    assert.match(firstText(period), /^period must be one of annual, quarterly/);
  });

  test('compare_companies answers the operating-margin question in one call', async () => {
    const r = await client.callTool({ name: 'compare_companies', arguments: { identifiers: ['AAPL', 'MSFT'], metrics: ['oper_margin'], limit: 5 } });
    assert.ok(!r.isError, firstText(r));
    const rows = (r.structuredContent as { rows: Array<Record<string, unknown>> }).rows;
    assert.equal(rows.length, 10);
    assert.ok(rows.every((x) => typeof x.oper_margin === 'number'), JSON.stringify(rows.slice(0, 2)));
  });

  test('list_tickers pages over stdio: the second page continues the first; the total is the REST list', async () => {
    const page = async (offset: number) => {
      const r = await client.callTool({ name: 'list_tickers', arguments: { listed: true, limit: 20, offset } });
      assert.ok(!r.isError, firstText(r));
      return r.structuredContent as { records: unknown[]; total: number; next_offset: number | null };
    };
    const [one, two] = [await page(0), await page(20)];
    const rest = await (await server.get('/v2/tickers/list?listed=true', { key: server.keys.enterprise })).json() as unknown[];
    assert.equal(one.total, rest.length);
    assert.equal(one.next_offset, 20);
    assert.deepEqual([...one.records, ...two.records], rest.slice(0, 40));
  });

  test('logs go to stderr', () => {
    assert.match(stdio.stderr(), /tenk mcp: serving .* over stdio/);
  });
});
