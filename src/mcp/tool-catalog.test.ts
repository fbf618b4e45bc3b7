// The tool catalog is derived from the endpoint registry: an added entry is a tool with schemas
// from its ParamDefs and response shape; names are unique snake_case; the snapshot's key lines
// are metric-registry fields; binary results are image content.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ENDPOINTS, assertRegistryConsistent } from '../service/endpoint-registry.js';
import type { EndpointDef } from '../service/endpoint-types.js';
import { fieldNames } from '../metrics/registry.js';
import type { RecordType } from '../model/record-types.js';
import { SNAPSHOT_FIELDS } from './company-snapshot-tool.js';
import { resultOf } from './endpoint-tools.js';
import { ASSISTANT_TOOLS, toolCatalog } from './tool-catalog.js';

const profile = ENDPOINTS.find((e) => e.id === 'v2.company_profile')!;

test('adding a registry entry adds a tool, with its params as the input schema', () => {
  const extra: EndpointDef = {
    ...profile, id: 'v2.test_extra', path: '/v2/test/extra/{identifier}',
    params: [...profile.params, { name: 'as_of', in: 'query', type: 'date', description: 'A test date.' }],
    mcp: { tool: 'get_test_extra', description: 'A test entry.' },
  };
  const before = toolCatalog(ENDPOINTS);
  const after = toolCatalog([...ENDPOINTS, extra]);
  assert.equal(after.size, before.size + 1);
  const t = after.get('get_test_extra')!.def;
  assert.equal(t.description, 'A test entry.');
  assert.deepEqual(Object.keys(t.inputSchema.properties ?? {}), ['identifier', 'as_of']);
  assert.deepEqual(t.inputSchema.properties?.as_of, { type: 'string', format: 'date', description: 'A test date.' });
  const own = ENDPOINTS.filter((e) => e.body === undefined && !e.mcp.folded);
  assert.equal(before.size, new Set(own.map((e) => e.mcp.tool)).size + ASSISTANT_TOOLS.length);
});

test('a folded entry adds no tool; folded into a tool that does not exist fails the build', () => {
  const v1 = ENDPOINTS.find((e) => e.id === 'v1.financial_tickers')!;
  assert.deepEqual(v1.mcp, { tool: 'list_tickers', folded: true });
  const copy: EndpointDef = { ...v1, id: 'v1.test_copy', path: '/v1/test/copy' };
  assert.equal(toolCatalog([...ENDPOINTS, copy]).size, toolCatalog(ENDPOINTS).size);
  assert.doesNotThrow(() => assertRegistryConsistent([...ENDPOINTS, copy]));
  const stray: EndpointDef = { ...copy, mcp: { tool: 'list_everything', folded: true } };
  assert.throws(() => toolCatalog([...ENDPOINTS, stray]), /v1\.test_copy is folded into MCP tool list_everything, which does not exist/);
});

test('a complete list (a JSON array, no limit of its own) is paged: limit and offset in, total and next_offset out', () => {
  const t = toolCatalog(ENDPOINTS).get('list_tickers')!.def;
  const props = t.inputSchema.properties as Record<string, { default?: number; maximum?: number }>;
  assert.equal(props.limit?.default, 50);
  assert.equal(props.offset?.default, 0);
  assert.deepEqual(t.outputSchema?.required, ['records', 'total', 'offset', 'limit', 'next_offset']);
  // a series keeps its own limit and no offset
  const income = toolCatalog(ENDPOINTS).get('get_financial_statements')!.def;
  assert.ok(!('offset' in (income.inputSchema.properties ?? {})));
});

test('tool names are unique snake_case; a duplicate fails the build', () => {
  for (const name of toolCatalog(ENDPOINTS).keys()) assert.match(name, /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
  const dup: EndpointDef = { ...profile, id: 'v2.dup', path: '/v2/dup/{identifier}', mcp: { tool: 'compare_companies', description: 'x' } };
  assert.throws(() => toolCatalog([...ENDPOINTS, dup]), /duplicate MCP tool compare_companies/);
});

test('every output schema is an object; record lists are wrapped as {records}', () => {
  // image tools (logos) answer image content, with no structured output
  const images = new Set(ENDPOINTS.filter((e) => e.response.kind === 'binary').map((e) => e.mcp.tool));
  for (const [name, t] of toolCatalog(ENDPOINTS)) if (!images.has(name)) assert.equal(t.def.outputSchema?.type, 'object', name);
  const income = toolCatalog(ENDPOINTS).get('get_financial_statements')!.def.outputSchema!;
  assert.deepEqual(income.required, ['records']);
});

test('the snapshot key lines are fields of their record types', () => {
  for (const [rt, fields] of Object.entries(SNAPSHOT_FIELDS) as [RecordType, readonly string[]][]) {
    for (const f of fields) assert.ok(fieldNames(rt).includes(f), `${rt}.${f}`);
  }
});

test('binary results: images as MCP image content, other types as a note', () => {
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
  assert.deepEqual(resultOf(profile, { kind: 'binary', contentType: 'image/png', body: png }).content, [{ type: 'image', data: png.toString('base64'), mimeType: 'image/png' }]);
  const svg = resultOf(profile, { kind: 'binary', contentType: 'image/svg+xml', body: Buffer.from('<svg/>') });
  assert.equal(svg.structuredContent, undefined);
  assert.match((svg.content[0] as { text: string }).text, /image\/svg\+xml \(6 bytes\)/);
});

test('entries sharing a tool name are one tool with a kind argument; a member added to the family is a new kind', () => {
  const ratios = ENDPOINTS.filter((e) => e.mcp.tool === 'get_ratios');
  assert.ok(ratios.length >= 5);
  const extra: EndpointDef = { ...ratios[0]!, id: 'v2.ratios_test', path: '/v2/fundamental/ratios/test/{identifier}', mcp: { tool: 'get_ratios', kind: 'test_kind', description: 'A test family member.' } };
  const t = toolCatalog([...ENDPOINTS, extra]).get('get_ratios')!.def;
  const kinds = (t.inputSchema.properties as Record<string, { enum: string[] }>).kind!.enum;
  assert.deepEqual(kinds, [...ratios.map((e) => e.mcp.kind), 'test_kind']);
  assert.match(t.description ?? '', /kind=test_kind: A test family member\./);
  const noKind: EndpointDef = { ...extra, id: 'v2.ratios_nokind', mcp: { tool: 'get_ratios', description: 'x' } };
  assert.throws(() => assertRegistryConsistent([...ENDPOINTS, noKind]), /duplicate MCP tool get_ratios/);
});
