// The JSON Schemas of the registry's parameters and of period records (metadata columns, then the
// metric registry's fields): used by the OpenAPI document (http/openapi.ts) and the MCP tool schemas.
import { RECORD_FIELD_SEEDS } from '../metrics/registry.js';
import { metadataColumns } from '../metrics/registry.js';
import type { RecordType } from '../model/record-types.js';
import type { ParamDef } from './endpoint-types.js';

export type Json = Record<string, unknown>;

const METADATA_SCHEMA: Record<string, Json> = {
  ticker: { type: 'string', description: 'Ticker symbol' },
  date: { type: 'string', format: 'date', description: 'Period end date' },
  period: { type: 'string', enum: ['annual', 'quarterly'], description: 'Reporting period' },
  period_label: { type: 'string', description: 'Fiscal year for annual records, Q1..Q4 for quarterly ones' },
  fiscal_year: { type: 'string', description: "The company's own fiscal-year label" },
  currency: { type: 'string', description: 'ISO 4217 reporting currency' },
};

export function recordSchemaName(recordType: RecordType): string {
  return recordType.split('_').map((w) => w[0]!.toUpperCase() + w.slice(1)).join('') + 'Record';
}

/** The JSON Schema of one record of a record type (metadata columns, then the registry fields). */
export function recordSchema(recordType: RecordType): Json {
  const properties: Record<string, Json> = {};
  for (const c of metadataColumns(recordType)) properties[c] = METADATA_SCHEMA[c]!;
  for (const f of RECORD_FIELD_SEEDS[recordType]) {
    properties[f.name] = { type: ['number', 'null'], description: `${f.description || f.name} (${f.unit}); null when not derivable` };
  }
  const required = Object.keys(properties);
  // not a column: present only with include=provenance (docs/api.md, Provenance)
  properties.provenance = {
    type: 'object', additionalProperties: { type: 'object' },
    description: 'Only with include=provenance: per non-null field, its XBRL concept(s), unit, filing (accession, form, filed, EDGAR folder url), fact period (start, end), derivation, inputs and input_fields',
  };
  return { type: 'object', properties, required, additionalProperties: false };
}

/** The JSON Schema of one parameter's value (type, enum, bounds, default). */
export function paramSchema(p: ParamDef): Json {
  const s: Json = {};
  switch (p.type) {
    case 'integer': s.type = 'integer'; break;
    case 'number': s.type = 'number'; break;
    case 'boolean': s.type = 'boolean'; break;
    case 'date': s.type = 'string'; s.format = 'date'; break;
    case 'enum': s.type = 'string'; s.enum = [...(p.values ?? [])]; break;
    case 'string': s.type = 'string'; break;
  }
  if (p.min !== undefined) s.minimum = p.min;
  if (p.max !== undefined) s.maximum = p.max;
  if (p.minLength !== undefined) s.minLength = p.minLength;
  if (p.maxLength !== undefined) s.maxLength = p.maxLength;
  if (p.default !== undefined) s.default = p.default;
  return s;
}
