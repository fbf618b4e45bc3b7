// Input and output JSON Schemas of a generated tool, from its registry entry: one property per
// ParamDef (format left out: a tool always answers JSON) and the response shape as an object
// (record lists and JSON arrays wrapped as {records: [...]}, as tool-results.ts wraps them).
import type { EndpointDef } from '../service/endpoint-types.js';
import { paramSchema, recordSchema } from '../service/json-schemas.js';
import type { JsonSchema } from './tool-types.js';

/** Params a tool does not take: the response format (tools return structured JSON). */
const TRANSPORT_PARAMS = new Set(['format']);

export function toolParams(e: EndpointDef) {
  return e.params.filter((p) => !TRANSPORT_PARAMS.has(p.name));
}

export function inputSchema(e: EndpointDef): JsonSchema & { type: 'object' } {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const p of toolParams(e)) {
    const s = paramSchema(p);
    properties[p.name] = { ...s, description: p.description };
    if (p.required) required.push(p.name);
  }
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

/** The outputSchema of the entry's structuredContent; undefined for binary responses (no structured content). */
export function outputSchema(e: EndpointDef): (JsonSchema & { type: 'object' }) | undefined {
  const r = e.response;
  if (r.kind === 'binary') return undefined;
  if (r.kind === 'records') {
    return {
      type: 'object',
      description: 'The REST response (a JSON array of period records) wrapped as {records: [...]}.',
      properties: { records: { type: 'array', items: recordSchema(r.recordType) } },
      required: ['records'],
    };
  }
  if (r.schema.type === 'object') return r.schema as JsonSchema & { type: 'object' };
  return {
    type: 'object',
    description: 'The REST response (a JSON array) wrapped as {records: [...]}.',
    properties: { records: r.schema },
    required: ['records'],
  };
}

/** Table columns of the text rendering: the record type's or the entry's TSV columns. */
export function textColumns(e: EndpointDef): readonly string[] | undefined {
  const r = e.response;
  if (r.kind === 'records') return [...(recordSchema(r.recordType).required as string[])];
  if (r.kind === 'schema') return r.columns;
  return undefined;
}
