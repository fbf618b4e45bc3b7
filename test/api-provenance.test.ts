// End-to-end: include=provenance on the record time series, on the corpus dataset over HTTP. A
// tagged value's provenance is checked against the companyfacts fact it names (read from the
// corpus zip), a derived Q4's against both year-to-date facts, a composition's against its
// sibling fields; plus the 422s (excel, unknown include value) and that the records themselves
// are unchanged.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { decodePayload, openZipArchive } from '../src/sources/sec-zip.js';
import { mcpRoutes } from '../src/http/mcp-route.js';
import { httpClient } from './support/mcp-support.js';
import { expectError } from './support/security-suite.js';
import { hasCorpusDataset, startTestServer, type TestServer } from './support/test-server.js';

interface Prov {
  concepts?: string[]; unit?: string; accession?: string; form?: string; filed?: string; start?: string | null; end?: string;
  url?: string; derivation?: string; inputs?: Prov[]; input_fields?: string[];
}
type Rec = Record<string, unknown> & { date: string; provenance: Record<string, Prov> };
interface FactRow { start?: string; end: string; val: number; accn: string; form: string; filed: string }
type Facts = Record<string, Record<string, { units: Record<string, FactRow[]> }>>;

const corpus = hasCorpusDataset();
const dataDir = path.resolve(process.env.TENK_TEST_DATA ?? '../shared/data');
const APPLE = '0000320193';

describe('include=provenance on the corpus dataset', { skip: corpus ? false : 'corpus test dataset not built (run npm test)' }, () => {
  let s: TestServer;
  let facts: Facts;
  before(async () => {
    s = await startTestServer({ extraRoutes: [mcpRoutes()] });
    const zip = await openZipArchive(path.join(dataDir, 'sec/companyfacts.zip'));
    try {
      const entry = zip.entries.find((e) => e.fileName.endsWith(`CIK${APPLE}.json`));
      assert.ok(entry, 'Apple companyfacts');
      facts = (JSON.parse(decodePayload(await zip.readRaw(entry)).toString('utf8')) as { facts: Facts }).facts;
    } finally {
      await zip.close();
    }
  });
  after(async () => { await s?.close(); });

  const getJson = async <T>(p: string): Promise<T> => {
    const res = await s.get(p, { key: s.keys.enterprise });
    const text = await res.text();
    assert.equal(res.status, 200, `${p}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  };
  /** The companyfacts rows of a provenance's concept and unit in its accession, for its period. */
  const factsOf = (p: Prov): FactRow[] => {
    const [taxonomy, name] = p.concepts![0]!.split(':') as [string, string];
    const rows = facts[taxonomy]?.[name]?.units[p.unit!] ?? [];
    return rows.filter((f) => f.accn === p.accession && f.end === p.end && (f.start ?? null) === (p.start ?? null));
  };

  test('a tagged value names the concept, unit, accession, form, filing date and period of its companyfacts fact', async () => {
    const [rec] = await getJson<Rec[]>('/v2/fundamental/income-statement/AAPL?fiscal_year_start=2023&fiscal_year_end=2023&include=provenance');
    assert.ok(rec);
    assert.equal(rec.is_sales_revenue_turnover, 383_285_000_000);
    const p = rec.provenance.is_sales_revenue_turnover!;
    assert.equal(p.derivation, undefined);
    assert.equal(p.unit, 'USD');
    assert.equal(p.end, '2023-09-30');
    assert.equal(p.start, '2022-09-25');
    const matches = factsOf(p);
    assert.ok(matches.length > 0, `no companyfacts fact for ${JSON.stringify(p)}`);
    assert.ok(matches.some((f) => f.val === 383_285_000_000 && f.form === p.form && f.filed === p.filed));
    assert.equal(p.url, `https://www.sec.gov/Archives/edgar/data/320193/${p.accession!.replace(/-/g, '')}/`);
    // every non-null field has provenance, and only those
    const fields = Object.keys(rec).filter((k) => !['ticker', 'date', 'period', 'period_label', 'fiscal_year', 'currency', 'provenance'].includes(k));
    for (const f of fields) assert.equal(rec[f] !== null, f in rec.provenance, f);
  });

  test('a derived Q4 names both year-to-date facts (FY and 9M) with their accessions', async () => {
    const recs = await getJson<Rec[]>('/v2/fundamental/income-statement/AAPL?period=quarterly&fiscal_year_start=2023&fiscal_year_end=2023&include=provenance');
    const q4 = recs.find((r) => r.period_label === 'Q4');
    assert.ok(q4, 'Apple FY2023 Q4');
    const p = q4.provenance.is_sales_revenue_turnover!;
    assert.match(p.derivation ?? '', /^Q4 = FY - 9M/);
    assert.equal(p.start, '2022-09-25');
    assert.equal(p.end, '2023-09-30');
    const nine = p.inputs?.[0];
    assert.ok(nine, 'the 9M input');
    assert.equal(nine.start, '2022-09-25');
    assert.equal(nine.end, '2023-07-01');
    assert.match(nine.url ?? '', /^https:\/\/www\.sec\.gov\/Archives\/edgar\/data\/320193\/\d{18}\/$/);
    const fy = factsOf(p);
    const ytd = factsOf(nine);
    assert.ok(fy.length > 0 && ytd.length > 0, 'both facts are in companyfacts');
    assert.equal(q4.is_sales_revenue_turnover, fy[0]!.val - ytd[0]!.val);
  });

  test('a composition shows its derivation and the sibling fields it reads', async () => {
    const [rec] = await getJson<Rec[]>('/v2/fundamental/balance-sheet/AAPL?fiscal_year_start=2023&fiscal_year_end=2023&include=provenance');
    assert.ok(rec);
    const p = rec.provenance.net_debt!;
    assert.ok(p, 'net_debt provenance');
    assert.match(p.derivation ?? '', /debt/);
    assert.ok(p.input_fields && p.input_fields.length > 0);
    const present = p.input_fields.filter((f) => rec.provenance[f]);
    assert.ok(present.length > 0, 'an input has its own provenance in the record');
    for (const f of present) assert.ok(rec.provenance[f]!.accession ?? rec.provenance[f]!.derivation, f);
  });

  test('a derived record type: formulas carry the registry definition and their inputs', async () => {
    const [rec] = await getJson<Rec[]>('/v2/fundamental/ratios/credit/AAPL?fiscal_year_start=2023&fiscal_year_end=2023&include=provenance');
    assert.ok(rec);
    const withFormula = Object.values(rec.provenance).filter((p) => p.derivation && p.input_fields);
    assert.ok(withFormula.length > 0);
  });

  test('the records are the plain ones with a provenance object added', async () => {
    for (const p of ['/v2/fundamental/income-statement/AAPL?period=quarterly&limit=8', '/v2/fundamental/multiples/MSFT?limit=3']) {
      const plain = await getJson<Array<Record<string, unknown>>>(p);
      const withProv = await getJson<Rec[]>(`${p}&include=provenance`);
      assert.deepEqual(withProv.map(({ provenance: _, ...r }) => r), plain);
      assert.ok(withProv.every((r) => typeof r.provenance === 'object'));
      // the plain request is still served as before (and from the cache: the key includes `include`)
      assert.deepEqual(await getJson<unknown>(p), plain);
    }
  });

  test('format=excel with include=provenance, and an unknown include value: 422', async () => {
    const excel = await s.get('/v2/fundamental/income-statement/AAPL?format=excel&include=provenance', { key: s.keys.enterprise });
    assert.match(await expectError(excel, 422, 'v2'), /json/);
    await expectError(await s.get('/v2/fundamental/income-statement/AAPL?include=sources', { key: s.keys.enterprise }), 422, 'v2');
  });

  interface Lookup {
    value: number | null; provenance: Prov | null; rule: string; concepts: string[];
    candidates: Array<{ concept: string; order: number; unit: string; value: number; start: string | null; end: string; accession: string; form: string; filed: string; url: string; role: string | null }> | null;
  }

  test('the provenance endpoint: Apple revenue FY2023, its candidates and the chosen one', async () => {
    const [rec] = await getJson<Rec[]>('/v2/fundamental/income-statement/AAPL?fiscal_year_start=2023&fiscal_year_end=2023');
    const r = await getJson<Lookup>('/v2/fundamental/provenance/AAPL?field=is_sales_revenue_turnover&date=2023-09-30');
    assert.equal(r.value, rec!.is_sales_revenue_turnover);
    assert.ok(r.candidates && r.candidates.length > 1, 'several filings report the year');
    const chosen = r.candidates.filter((c) => c.role === 'chosen');
    assert.equal(chosen.length, 1);
    assert.equal(chosen[0]!.value, r.value);
    assert.equal(chosen[0]!.accession, r.provenance!.accession);
    assert.equal(chosen[0]!.concept, r.provenance!.concepts![0]);
    assert.ok(r.concepts.includes(chosen[0]!.concept));
    assert.match(r.rule, /first concept in the map's order/);
    // every candidate is a companyfacts fact of a mapped concept for that period
    for (const c of r.candidates) {
      const [taxonomy, name] = c.concept.split(':') as [string, string];
      const rows = facts[taxonomy]?.[name]?.units[c.unit] ?? [];
      assert.ok(rows.some((f) => f.accn === c.accession && f.end === c.end && f.val === c.value), JSON.stringify(c));
    }
    // a derived quarter: its input's facts are candidates too
    const q = await getJson<Lookup>('/v2/fundamental/provenance/AAPL?field=is_sales_revenue_turnover&date=2023-09-30&period=quarterly');
    assert.match(q.rule, /^derived quarter Q4 = FY - 9M/);
    assert.ok(q.candidates!.some((c) => c.role === 'input' && c.end === '2023-07-01'));
    assert.ok(q.candidates!.some((c) => c.role === 'chosen' && c.end === '2023-09-30'));
  });

  test('the provenance endpoint: a composition gives its input fields and their provenance', async () => {
    const r = await getJson<Lookup & { inputs?: Record<string, Prov> }>('/v2/fundamental/provenance/AAPL?field=net_debt&date=2023-09-30');
    assert.match(r.rule, /^composition/);
    assert.ok(r.provenance?.input_fields?.length);
    const inputs = Object.entries(r.inputs ?? {});
    assert.ok(inputs.length > 0);
    for (const [f, p] of inputs) assert.ok(r.provenance!.input_fields!.includes(f) && (p.accession || p.derivation), f);
  });

  test('the provenance endpoint: unknown field and missing params 422, no such period 404', async () => {
    const get = (q: string) => s.get(`/v2/fundamental/provenance/AAPL${q}`, { key: s.keys.enterprise });
    assert.match(await expectError(await get('?field=revenue&date=2023-09-30'), 422, 'v2'), /is_sales_revenue_turnover/);
    await expectError(await get('?date=2023-09-30'), 422, 'v2');
    await expectError(await get('?field=is_sales_revenue_turnover'), 422, 'v2');
    await expectError(await get('?field=is_sales_revenue_turnover&date=2023-09-29'), 404, 'v2');
  });

  test('MCP: the generated tool takes include=provenance and returns the REST JSON; the lookup is a tool', async () => {
    const client: Client = await httpClient(s.url, s.keys.professional);
    try {
      const tools = (await client.listTools()).tools;
      const is = tools.find((t) => t.name === 'get_financial_statements')!;
      assert.deepEqual((is.inputSchema.properties as Record<string, { enum?: string[] }>).include?.enum, ['provenance']);
      assert.ok(tools.some((t) => t.name === 'get_value_provenance'));
      const r = await client.callTool({ name: 'get_financial_statements', arguments: { kind: 'income_statement', identifier: 'AAPL', limit: 2, include: 'provenance' } });
      assert.ok(!r.isError);
      const rest = await getJson<Rec[]>('/v2/fundamental/income-statement/AAPL?limit=2&include=provenance');
      assert.deepEqual(r.structuredContent, { records: rest });
    } finally {
      await client.close();
    }
  });
});
