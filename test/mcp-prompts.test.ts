// MCP resource templates and prompts with the SDK's Client over stdio (tenk mcp) and Streamable
// HTTP (/mcp) on the corpus dataset: the metric templates are listed and an expanded URI reads
// the registry's definition; every prompt is listed, got with arguments, and its recipe runs: each
// tool call it writes answers without error, and the latest-filing recipe finds the filing date
// in the provenance and sees the period that filing added through `as_of`; a bad argument is
// refused with InvalidParams naming it.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { fieldEntries } from '../src/metrics/registry.js';
import { dayNumber, isoDate } from '../src/model/dates.js';
import { mcpRoutes } from '../src/http/mcp-route.js';
import { PROMPTS } from '../src/mcp/prompt-registry.js';
import { DEFAULT_PEER_METRICS } from '../src/mcp/peer-comparison-prompt.js';
import { firstText, httpClient, stdioClient } from './support/mcp-support.js';
import { hasCorpusDataset, startTestServer } from './support/test-server.js';

const corpus = hasCorpusDataset();

interface RecipeCall { tool: string; args: Record<string, unknown> }

/** Every "`tool` with {json}" a prompt's text writes, in order (placeholders such as <period end> kept). */
function recipeCalls(text: string): RecipeCall[] {
  const out: RecipeCall[] = [];
  for (const m of text.matchAll(/`([a-z][a-z0-9_]*)` with \{/g)) {
    const start = m.index! + m[0].length - 1;
    let depth = 0;
    let inString = false;
    let end = start;
    for (let i = start; i < text.length; i++) {
      const ch = text[i];
      if (inString) {
        if (ch === '\\') i++;
        else if (ch === '"') inString = false;
      } else if (ch === '"') inString = true;
      else if (ch === '{') depth++;
      else if (ch === '}' && --depth === 0) { end = i; break; }
    }
    out.push({ tool: m[1]!, args: JSON.parse(text.slice(start, end + 1)) as Record<string, unknown> });
  }
  return out;
}

function promptText(r: { messages: Array<{ role: string; content: { type: string; text?: string } }> }): string {
  assert.equal(r.messages.length, 1);
  assert.equal(r.messages[0]!.role, 'user');
  assert.equal(r.messages[0]!.content.type, 'text');
  return r.messages[0]!.content.text ?? '';
}

type Records = { records: Array<Record<string, any>> };

function suite(label: string, connect: () => Promise<{ client: Client; close: () => Promise<void> }>): void {
  describe(`MCP resources and prompts over ${label}`, { skip: corpus ? false : 'corpus test dataset not built (run npm test)' }, () => {
    let client: Client;
    let close: () => Promise<void>;
    before(async () => ({ client, close } = await connect()));
    after(async () => close());

    async function call(tool: string, args: Record<string, unknown>): Promise<Record<string, any>> {
      const r = await client.callTool({ name: tool, arguments: args });
      assert.ok(!r.isError, `${tool} ${JSON.stringify(args)}: ${firstText(r)}`);
      return r.structuredContent as Record<string, any>;
    }

    async function refusedWith(p: Promise<unknown>, message: RegExp): Promise<void> {
      await assert.rejects(p, (err: unknown) => {
        assert.ok(err instanceof McpError, String(err));
        assert.equal(err.code, ErrorCode.InvalidParams);
        assert.match(err.message, message);
        assert.doesNotMatch(err.message, /MCP error -?\d+: MCP error/, 'the error code prefix once');
        return true;
      });
    }

    test('resource templates listed; an expanded URI reads the registry definition; resources/list and read still work', async () => {
      const { resourceTemplates } = await client.listResourceTemplates();
      const field = resourceTemplates.find((t) => t.uriTemplate === 'tenk://metrics/{record_type}/{field}');
      const type = resourceTemplates.find((t) => t.uriTemplate === 'tenk://metrics/{record_type}');
      assert.ok(field && type, JSON.stringify(resourceTemplates));
      assert.equal(field.mimeType, 'application/json');
      const uri = field.uriTemplate.replace('{record_type}', 'multiples').replace('{field}', 'pe_ratio');
      const read = await client.readResource({ uri });
      const defs = await call('metric_definitions', { names: ['multiples.pe_ratio'] });
      assert.deepEqual(JSON.parse((read.contents[0] as { text: string }).text), defs.definitions[0]);
      const all = await client.readResource({ uri: type.uriTemplate.replace('{record_type}', 'credit') });
      const body = JSON.parse((all.contents[0] as { text: string }).text) as { record_type: string; definitions: Array<{ name: string }> };
      assert.equal(body.record_type, 'credit');
      assert.deepEqual(body.definitions.map((d) => d.name), fieldEntries('credit').map((e) => e.name));
      const { resources } = await client.listResources();
      assert.ok(resources.some((r) => r.uri === 'tenk://metrics/credit'));
      assert.ok(resources.some((r) => r.uri === 'tenk://metrics/profitability/oper_margin'));
      await refusedWith(client.readResource({ uri: 'tenk://metrics/credit/no_such_field' }), /Unknown resource tenk:\/\/metrics\/credit\/no_such_field/);
    });

    test('prompts listed with their arguments; every tool a prompt names is in tools/list', async () => {
      const { prompts } = await client.listPrompts();
      assert.deepEqual(prompts.map((p) => p.name), PROMPTS.map((p) => p.def.name));
      for (const p of prompts) assert.ok(p.arguments?.some((a) => a.name === 'identifier' && a.required), p.name);
      const tools = new Set((await client.listTools()).tools.map((t) => t.name));
      const samples: Record<string, Record<string, string>> = {
        company_quality_valuation: { identifier: 'AAPL' },
        peer_comparison: { identifier: 'AAPL', peers: 'MSFT, JPM' },
        latest_filing_changes: { identifier: 'AAPL' },
      };
      for (const p of prompts) {
        const calls = recipeCalls(promptText(await client.getPrompt({ name: p.name, arguments: samples[p.name]! })));
        assert.ok(calls.length >= 2, p.name);
        for (const c of calls) assert.ok(tools.has(c.tool), `${p.name} names ${c.tool}, not in tools/list`);
      }
    });

    test('company_quality_valuation (a CIK given): every tool call it writes answers', async () => {
      const text = promptText(await client.getPrompt({ name: 'company_quality_valuation', arguments: { identifier: '0000320193', years: '3' } }));
      assert.match(text, /AAPL \(SEC CIK 0000320193\) over its last 3 fiscal years/);
      const calls = recipeCalls(text);
      assert.deepEqual(calls.filter((c) => c.tool === 'get_ratios').map((c) => c.args.kind), ['profitability', 'credit', 'liquidity', 'multiples', 'yield_analysis']);
      for (const c of calls) {
        const r = await call(c.tool, c.args);
        if (c.args.kind === 'multiples') assert.equal((r as Records).records.length, 3);
      }
    });

    test('peer_comparison: the compare_companies call it writes gives rows for every company', async () => {
      const text = promptText(await client.getPrompt({ name: 'peer_comparison', arguments: { identifier: 'AAPL', peers: 'MSFT, JPM', limit: '3' } }));
      const calls = recipeCalls(text);
      const compare = calls.find((c) => c.tool === 'compare_companies')!;
      assert.deepEqual(compare.args.identifiers, ['AAPL', 'MSFT', 'JPM']);
      for (const c of calls) {
        const r = await call(c.tool, c.args);
        if (c.tool !== 'compare_companies') continue;
        for (const id of ['AAPL', 'MSFT', 'JPM']) {
          const rows = (r.rows as Array<Record<string, unknown>>).filter((x) => x.identifier === id);
          assert.ok(rows.length > 0 && rows.length <= 3, `${id}: ${rows.length} rows`);
          assert.ok(rows.some((x) => DEFAULT_PEER_METRICS.some((m) => typeof x[m] === 'number')), `${id}: ${JSON.stringify(rows[0])}`);
        }
      }
    });

    test('latest_filing_changes: the filing date from the provenance, and as_of the day before lacks the period it added', async () => {
      const text = promptText(await client.getPrompt({ name: 'latest_filing_changes', arguments: { identifier: 'AAPL' } }));
      const [find, ...rest] = recipeCalls(text);
      assert.equal(find!.tool, 'get_financial_statements');
      assert.equal(find!.args.kind, 'income_statement');
      const newest = ((await call(find!.tool, find!.args)) as Records).records[0]!;
      const filed = Object.values(newest.provenance as Record<string, { filed?: string }>).map((p) => p.filed).filter((d): d is string => d !== undefined).sort();
      const latest = filed[filed.length - 1]!;
      assert.match(latest, /^\d{4}-\d{2}-\d{2}$/);
      assert.ok(latest > newest.date, `filed ${latest} after the period end ${newest.date}`);
      const asOf = isoDate(dayNumber(latest) - 1);
      const before = ((await call('get_financial_statements', { identifier: 'AAPL', kind: 'income_statement', period: 'quarterly', limit: 8, as_of: asOf })) as Records).records;
      const today = ((await call('get_financial_statements', { identifier: 'AAPL', kind: 'income_statement', period: 'quarterly', limit: 8 })) as Records).records;
      assert.ok(before.length > 0);
      assert.equal(today[0]!.date, newest.date);
      assert.ok(!before.some((r) => r.date === newest.date), `${newest.date} already known on ${asOf}`);
      // the value-provenance call it writes is a template (field and date to fill in)
      assert.ok(rest.some((c) => c.tool === 'get_value_provenance' && c.args.date === '<period end>'));
      // with a filing date given, the day before is computed
      const dated = promptText(await client.getPrompt({ name: 'latest_filing_changes', arguments: { identifier: 'AAPL', filing_date: latest } }));
      assert.ok(dated.includes(`"as_of":"${asOf}"`), dated);
    });

    test('a bad argument is refused with InvalidParams naming it', async () => {
      await refusedWith(client.getPrompt({ name: 'company_quality_valuation', arguments: { identifier: 'NOSUCHCO' } }), /Invalid argument identifier of prompt company_quality_valuation: no company matches identifier 'NOSUCHCO'/);
      await refusedWith(client.getPrompt({ name: 'peer_comparison', arguments: { identifier: 'AAPL' } }), /Missing argument peers of prompt peer_comparison/);
      await refusedWith(client.getPrompt({ name: 'peer_comparison', arguments: { identifier: 'AAPL', peers: 'MSFT', metrics: 'operating_magic' } }), /Invalid argument metrics .*Unknown metric 'operating_magic'/);
      await refusedWith(client.getPrompt({ name: 'latest_filing_changes', arguments: { identifier: 'AAPL', filing_date: 'yesterday' } }), /filing_date must be a date in the form YYYY-MM-DD \(got 'yesterday'\)/);
      await refusedWith(client.getPrompt({ name: 'no_such_prompt' }), /Unknown prompt no_such_prompt/);
    });
  });
}

suite('stdio', async () => {
  const s = await stdioClient();
  return { client: s.client, close: s.close };
});
suite('Streamable HTTP', async () => {
  const server = await startTestServer({ extraRoutes: [mcpRoutes()] });
  const client = await httpClient(server.url, server.keys.professional);
  return { client, async close() { await client.close(); await server.close(); } };
});

describe('MCP prompts over Streamable HTTP are not counted', { skip: corpus ? false : 'corpus test dataset not built (run npm test)' }, () => {
  test('a free key gets more prompts in a minute than its 5 requests', async () => {
    const s = await startTestServer({ extraRoutes: [mcpRoutes()] });
    const { key } = await s.createKey('free');
    const c = await httpClient(s.url, key);
    try {
      for (let i = 0; i < 7; i++) await c.getPrompt({ name: 'company_quality_valuation', arguments: { identifier: 'AAPL' } });
      await c.listResourceTemplates();
      const r = await c.callTool({ name: 'get_company_profile', arguments: { identifier: 'AAPL' } });
      assert.ok(!r.isError, firstText(r));
    } finally {
      await c.close();
      await s.close();
    }
  });
});
