// The field catalog endpoints on a running server: /v2/excel/metrics and /v3.0.0/metrics list
// every metric-registry field exactly once, with its endpoint, and filter by record type and
// category; ids are stable and unique.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { RECORD_TYPES } from '../src/model/record-types.js';
import { fieldEntries } from '../src/metrics/registry.js';
import { ENDPOINTS } from '../src/service/endpoint-registry.js';
import { expectError } from './support/security-suite.js';
import { hasCorpusDataset, startTestServer, type TestServer } from './support/test-server.js';

const skip = !hasCorpusDataset() && 'needs the corpus dataset (npm test builds it)';
let server: TestServer;
let key: string;

before(async () => {
  if (skip) return;
  server = await startTestServer();
  key = server.keys.individual;
});
after(async () => { if (!skip) await server.close(); });

const registryFields = RECORD_TYPES.flatMap((rt) => fieldEntries(rt).map((f) => `${rt}.${f.name}`));

test('v2 catalog: every registry field once, with the endpoint that serves its record type', { skip }, async () => {
  const res = await server.get('/v2/excel/metrics', { key });
  assert.equal(res.status, 200);
  const rows = (await res.json()) as any[];
  assert.deepEqual(rows.map((r) => `${r.record_type}.${r.name}`), registryFields);
  const paths = new Set(ENDPOINTS.map((e) => e.path));
  for (const r of rows) assert.ok(paths.has(r.endpoint), r.endpoint);
  const pe = rows.find((r) => r.record_type === 'multiples' && r.name === 'pe_ratio');
  assert.equal(pe.endpoint, '/v2/fundamental/multiples/{identifier}');
  assert.equal(pe.category, 'valuation');
  assert.equal(pe.source, 'computed');
  assert.ok(pe.definition.length > 10);
});

test('v2 catalog as TSV for IMPORTDATA; filters by record type and category', { skip }, async () => {
  const res = await server.get('/v2/excel/metrics?format=excel&record_type=credit', { key });
  const lines = (await res.text()).trim().split('\r\n');
  assert.equal(lines[0], 'record_type\tname\tcategory\tendpoint\tunit\tdescription\tdefinition\tsource\tid');
  assert.equal(lines.length - 1, fieldEntries('credit').length);
  const ratios = (await (await server.get('/v2/excel/metrics?category=ratio', { key })).json()) as any[];
  assert.deepEqual([...new Set(ratios.map((r) => r.record_type))], ['credit', 'liquidity', 'profitability', 'working_capital', 'yield_analysis']);
  await expectError(await server.get('/v2/excel/metrics?record_type=nope', { key }), 422, 'v2');
});

test('v3 metric definitions: unpaginated list, met_ ids unique and stable, object type', { skip }, async () => {
  const body = (await (await server.get('/v3.0.0/metrics', { key })).json()) as any;
  assert.equal(body.next_page_url, null);
  assert.equal(body.previous_page_url, null);
  assert.equal(body.data.length, registryFields.length);
  const ids = new Set(body.data.map((d: any) => d.id));
  assert.equal(ids.size, registryFields.length);
  for (const d of body.data) {
    assert.match(d.id, /^met_[0-9a-f]{16}$/);
    assert.equal(d.object, 'v3.reference.metric');
  }
  const again = (await (await server.get('/v3.0.0/metrics?record_type=per_share', { key })).json()) as any;
  assert.deepEqual(again.data, body.data.filter((d: any) => d.record_type === 'per_share'));
  await expectError(await server.get('/v3.0.0/metrics?category=nope', { key }), 400, 'v3');
  for (const q of ['limit=5', 'page=abc', 'order=DESC']) {
    assert.match(await expectError(await server.get(`/v3.0.0/metrics?${q}`, { key }), 400, 'v3'), /complete in one response/);
  }
});
