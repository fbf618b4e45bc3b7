// /openapi.json is generated from the registry and is a valid OpenAPI 3.1 document (checked with
// swagger-parser); every registered endpoint, parameter, record column and entry error code is in it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import SwaggerParser from '@apidevtools/swagger-parser';
import { ENDPOINTS } from '../src/service/endpoint-registry.js';
import { recordSchemaName } from '../src/service/json-schemas.js';
import { recordColumns } from '../src/metrics/registry.js';
import { buildTinyDataset } from './support/tiny-dataset.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let s: TestServer;
before(async () => { s = await startTestServer({ datasetPath: buildTinyDataset([{ cik: '0000320193', ticker: 'AAPL', years: [2025] }]) }); });
after(async () => { await s.close(); });

test('GET /openapi.json (no key) is a valid OpenAPI 3.1 document covering the registry', async () => {
  const res = await s.get('/openapi.json');
  assert.equal(res.status, 200);
  assert.ok(res.headers.get('request-id'));
  const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, { parameters: Array<{ name: string }> }>>; components: { schemas: Record<string, { properties: Record<string, unknown>; required: string[] }> } };
  assert.equal(doc.openapi, '3.1.0');
  await SwaggerParser.validate(structuredClone(doc) as never);
  for (const e of ENDPOINTS) {
    const op = doc.paths[e.path]?.[e.method.toLowerCase()];
    assert.ok(op, `${e.method} ${e.path} missing`);
    assert.deepEqual(op.parameters.map((p) => p.name), e.params.map((p) => p.name));
    if (e.response.kind === 'records') {
      const schema = doc.components.schemas[recordSchemaName(e.response.recordType)]!;
      // the columns, then the optional provenance object of include=provenance (not a column)
      assert.deepEqual(Object.keys(schema.properties), [...recordColumns(e.response.recordType), 'provenance']);
      assert.deepEqual(schema.required, [...recordColumns(e.response.recordType)]);
    }
  }
});

test('an entry\'s own error codes are named in its responses; the v2 error body carries the table\'s type and code', async () => {
  const doc = (await (await s.get('/openapi.json')).json()) as { paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>>; components: { schemas: Record<string, any> } };
  for (const e of ENDPOINTS) {
    const responses = doc.paths[e.path]![e.method.toLowerCase()]!.responses;
    const named = /statements_not_covered/.test(responses['404']?.description ?? '');
    assert.equal(named, (e.errors ?? []).includes('statements_not_covered'), e.id);
    if (e.response.kind === 'records') assert.ok(named, `${e.id}: 404 names statements_not_covered`);
  }
  assert.ok(doc.components.schemas.V2Error.properties.code.enum.includes('statements_not_covered'));
  assert.ok(doc.components.schemas.V3Error.properties.error.properties.code.enum.includes('statements_not_covered'));
  const excel = doc.paths['/v2/excel/data']!.post as unknown as { parameters: Array<{ name: string }> };
  assert.deepEqual(excel.parameters.map((p) => p.name), ['format', 'as_of', 'first_filed']);
});

test('a broken document is rejected by the validator (the check can fail)', async () => {
  const doc = (await (await s.get('/openapi.json')).json()) as { paths: Record<string, Record<string, { parameters: Array<Record<string, unknown>> }>> };
  const op = Object.values(Object.values(doc.paths)[0]!)[0]!;
  op.parameters[0]!.in = 'body';
  await assert.rejects(SwaggerParser.validate(doc as never));
});
