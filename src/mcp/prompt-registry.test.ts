// The prompt registry: every tool a prompt names is a tool of the catalog the endpoint registry
// gives (a renamed tool fails here), every field it names is a metric-registry field, every
// declared argument is validated with an InvalidParams error naming it, and the recipes carry the
// resolved company and the arguments.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { ENDPOINTS } from '../service/endpoint-registry.js';
import { createIdentifierResolver } from '../reference/resolve-identifier.js';
import { DEFAULT_PEER_METRICS } from './peer-comparison-prompt.js';
import { PROMPTS, getPrompt, type PromptContext } from './prompt-registry.js';
import { RequestError } from './request-error.js';
import { toolCatalog } from './tool-catalog.js';

/** A real resolver over three companies given as the dataset's identifier rows. */
const resolver = createIdentifierResolver({
  identifiers: {
    companiesWithFacts: () => [{ cik: '0000320193', ticker: 'AAPL' }, { cik: '0000789019', ticker: 'MSFT' }, { cik: '0000019617', ticker: 'JPM' }],
    companyTickers: () => [],
    tickerLinks: () => [],
    cusipLinks: () => [],
    issuerLinks: () => [],
  },
});
const catalog = toolCatalog(ENDPOINTS);

/** Arguments every prompt renders with (a new prompt needs its line here). */
const SAMPLE_ARGS: Readonly<Record<string, Record<string, string>>> = {
  company_quality_valuation: { identifier: 'AAPL' },
  peer_comparison: { identifier: 'AAPL', peers: 'MSFT, JPM' },
  latest_filing_changes: { identifier: 'AAPL' },
};

function ctx(tools: PromptContext['tools'] = catalog): PromptContext {
  return { tools, resolver };
}

function textOf(name: string, args: Record<string, string>, c = ctx()): string {
  const m = getPrompt(name, args, c).messages[0]!;
  assert.equal(m.role, 'user');
  assert.equal(m.content.type, 'text');
  return (m.content as { text: string }).text;
}

function refused(name: string, args: Record<string, string>, message: RegExp, code: number = ErrorCode.InvalidParams, c = ctx()): void {
  assert.throws(() => getPrompt(name, args, c), (err: unknown) => {
    assert.ok(err instanceof RequestError, String(err));
    assert.equal(err.code, code);
    assert.match(err.message, message);
    return true;
  });
}

test('prompt names and argument names are unique snake_case; every prompt has sample arguments', () => {
  const names = PROMPTS.map((p) => p.def.name);
  assert.equal(new Set(names).size, names.length);
  assert.deepEqual(Object.keys(SAMPLE_ARGS).sort(), [...names].sort());
  for (const p of PROMPTS) {
    assert.match(p.def.name, /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
    const args = p.def.arguments.map((a) => a.name);
    assert.equal(new Set(args).size, args.length, p.def.name);
    assert.ok((p.def.description ?? '').length > 40, p.def.name);
    assert.ok(p.def.arguments.every((a) => (a.description ?? '').length > 10), p.def.name);
  }
});

test('every tool a prompt names is in the tool catalog; a catalog without it fails the prompt', () => {
  for (const p of PROMPTS) {
    const named = new Set<string>();
    const text = textOf(p.def.name, SAMPLE_ARGS[p.def.name]!, ctx({ has: (n) => { named.add(n); return catalog.has(n); } }));
    assert.ok(named.size >= 2, `${p.def.name} names ${[...named].join(', ')}`);
    for (const n of named) {
      assert.ok(catalog.has(n), `${p.def.name} names ${n}`);
      assert.ok(text.includes(`\`${n}\``), `${p.def.name}: ${n} not in its text`);
    }
    // the same catalog with one of the named tools renamed
    const gone = [...named][0]!;
    refused(p.def.name, SAMPLE_ARGS[p.def.name]!, new RegExp(`^prompt ${p.def.name} names the tool ${gone}, which this server does not have$`), ErrorCode.InternalError, ctx({ has: (n) => n !== gone && catalog.has(n) }));
  }
});

test('the default peer metrics are metric-registry fields', () => {
  const text = textOf('peer_comparison', SAMPLE_ARGS.peer_comparison!);
  for (const m of DEFAULT_PEER_METRICS) assert.ok(text.includes(`\`${m}\``), m);
});

test('required, undeclared and unknown: InvalidParams naming the argument or prompt', () => {
  refused('company_quality_valuation', {}, /^Missing argument identifier of prompt company_quality_valuation: /);
  refused('company_quality_valuation', { identifier: '  ' }, /Missing argument identifier/);
  refused('company_quality_valuation', { identifier: 'AAPL', ticker: 'MSFT' }, /Unknown argument ticker of prompt company_quality_valuation: it takes identifier, years/);
  refused('no_such_prompt', {}, /Unknown prompt no_such_prompt: the prompts are company_quality_valuation, peer_comparison, latest_filing_changes/);
  refused('peer_comparison', { identifier: 'AAPL' }, /Missing argument peers/);
});

test('every declared argument is validated: a bad value is refused naming it', () => {
  for (const p of PROMPTS) {
    for (const a of p.def.arguments) {
      refused(p.def.name, { ...SAMPLE_ARGS[p.def.name]!, [a.name]: 'N0SUCH!' }, new RegExp(`Invalid argument ${a.name} of prompt ${p.def.name}: `));
    }
  }
  refused('company_quality_valuation', { identifier: 'NOSUCHCO' }, /Invalid argument identifier of prompt company_quality_valuation: no company matches identifier 'NOSUCHCO'/);
  refused('company_quality_valuation', { identifier: 'AAPL', years: '0' }, /years must be an integer between 1 and 20 \(got '0'\)/);
  refused('peer_comparison', { identifier: 'AAPL', peers: 'MSFT,NOSUCHCO' }, /Invalid argument peers .*no company matches identifier 'NOSUCHCO'/);
  refused('peer_comparison', { identifier: 'AAPL', peers: 'aapl, 320193' }, /peers must name at least one other company than AAPL/);
  refused('peer_comparison', { identifier: 'AAPL', peers: 'A B C D E F G H I J' }, /peers must list 1 to 9 companies .*got 10/);
  refused('peer_comparison', { identifier: 'AAPL', peers: 'MSFT', metrics: 'oper_margin, operating_magic' }, /Unknown metric 'operating_magic'/);
  refused('peer_comparison', { identifier: 'AAPL', peers: 'MSFT', period: 'monthly' }, /period must be one of annual, quarterly \(got 'monthly'\)/);
  refused('latest_filing_changes', { identifier: 'AAPL', filing_date: '2024-02-30' }, /filing_date must be a date in the form YYYY-MM-DD \(got '2024-02-30'\)/);
});

test('the recipes carry the resolved company and the arguments', () => {
  const q = textOf('company_quality_valuation', { identifier: '320193', years: '3' });
  assert.match(q, /of AAPL \(SEC CIK 0000320193\) over its last 3 fiscal years/);
  assert.ok(q.includes('`get_ratios` with {"identifier":"AAPL","kind":"profitability","limit":3}'), q);
  const peers = textOf('peer_comparison', { identifier: 'aapl', peers: 'msft;JPM MSFT', metrics: 'profitability.oper_margin pe_ratio', period: 'Quarterly', limit: '8' });
  assert.ok(peers.includes('`compare_companies` with {"identifiers":["AAPL","MSFT","JPM"],"metrics":["profitability.oper_margin","pe_ratio"],"period":"quarterly","limit":8}'), peers);
  const latest = textOf('latest_filing_changes', { identifier: 'AAPL' });
  assert.ok(latest.includes('`get_financial_statements` with {"identifier":"AAPL","kind":"income_statement","period":"quarterly","limit":1,"include":"provenance"}'), latest);
  assert.match(latest, /Today: the same three calls without `as_of`/);
  const dated = textOf('latest_filing_changes', { identifier: 'AAPL', filing_date: '2024-03-01' });
  for (const kind of ['income_statement', 'balance_sheet', 'cash_flow']) assert.ok(dated.includes(`{"identifier":"AAPL","period":"quarterly","limit":8,"kind":"${kind}","as_of":"2024-02-29"}`), dated);
  assert.ok(dated.includes('"as_of":"2024-03-01"'), dated);
});
