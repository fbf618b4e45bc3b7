// Input and output JSON Schemas of a generated tool, from its registry entry: one property per
// ParamDef (format left out: a tool always answers JSON), plus limit and offset for a complete
// list (list-pages.ts), and the response shape as an object (record lists and JSON arrays wrapped
// as {records: [...]}, as tool-results.ts wraps them). Period records are described lean: their
// metadata columns, numeric fields by pattern (metric_definitions says what each field means).
import type { EndpointDef } from '../service/endpoint-types.js';
import { paramSchema, recordSchema } from '../service/json-schemas.js';
import { metadataColumns } from '../metrics/registry.js';
import type { RecordType } from '../model/record-types.js';
import { listShape, PAGE_ARGS, pagedOutputSchema } from './list-pages.js';
import { textPartArgs, textPartOutputSchema } from './text-parts.js';
import type { JsonSchema } from './tool-types.js';

/** Params a tool does not take: the response format (tools return structured JSON). */
const TRANSPORT_PARAMS = new Set(['format']);

/** Enums longer than this are left out of an input schema (REST still refuses a value not in them, listing them). */
const LONG_ENUM = 24;

export function toolParams(e: EndpointDef) {
  return e.params.filter((p) => !TRANSPORT_PARAMS.has(p.name));
}

export function inputSchema(e: EndpointDef): JsonSchema & { type: 'object' } {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const p of toolParams(e)) {
    const s = paramSchema(p);
    const values = s.enum as unknown[] | undefined;
    if (values && values.length > LONG_ENUM) {
      // a long list of names (statement fields) is the metric registry's to list, not each schema's
      delete s.enum;
      properties[p.name] = { ...s, description: `${p.brief ?? p.description} One of ${values.length} names (metric_definitions).` };
    } else properties[p.name] = { ...s, description: p.brief ?? p.description };
    if (p.required) required.push(p.name);
  }
  if (listShape(e) !== null) Object.assign(properties, PAGE_ARGS);
  if (e.mcp.longText) Object.assign(properties, textPartArgs(e.mcp.longText));
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

/** One period record of a record type, as a tool's output schema states it: the metadata columns
 *  by name, every field a number or null (the field list is the registry's: metric_definitions). */
export function leanRecordSchema(recordType: RecordType): JsonSchema {
  // the metadata columns are strings, include=provenance adds an object; every other field is a number or null
  return {
    type: 'object',
    properties: { provenance: { type: 'object' } },
    required: [...metadataColumns(recordType)],
    patternProperties: { [`^(${metadataColumns(recordType).join('|')})$`]: { type: 'string' } },
    additionalProperties: { type: ['number', 'null'] },
  };
}

/** A schema without the descriptions inside it: an output schema serves validation, and what the
 *  fields mean is the tool's description and the REST reference's (/openapi.json). */
export function withoutDescriptions<T>(s: T): T {
  if (Array.isArray(s)) return s.map(withoutDescriptions) as T;
  if (s === null || typeof s !== 'object') return s;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s)) if (!(k === 'description' && typeof v === 'string')) out[k] = withoutDescriptions(v);
  return out as T;
}

/** The outputSchema of the entry's structuredContent, without descriptions; undefined for binary responses (no structured content). */
export function outputSchema(e: EndpointDef): (JsonSchema & { type: 'object' }) | undefined {
  const s = describedOutputSchema(e);
  return s && withoutDescriptions(s);
}

function describedOutputSchema(e: EndpointDef): (JsonSchema & { type: 'object' }) | undefined {
  const r = e.response;
  if (r.kind === 'binary') return undefined;
  if (r.kind === 'records') {
    return {
      type: 'object',
      properties: { records: { type: 'array', items: leanRecordSchema(r.recordType) } },
      required: ['records'],
    };
  }
  const shape = listShape(e);
  if (shape !== null) return pagedOutputSchema(shape, r.schema);
  if (r.schema.type === 'object') {
    const s = r.schema as JsonSchema & { type: 'object' };
    if (e.count) return { ...s, properties: { ...(s.properties as object), total: { type: 'integer' } }, required: [...((s.required as string[] | undefined) ?? []), 'total'] };
    return e.mcp.longText ? textPartOutputSchema(e.mcp.longText, s) : s;
  }
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
