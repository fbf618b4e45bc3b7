// The live field catalog: every metric-registry field of every record type, with the endpoint
// that serves it, its unit, description and definition. Built from the registries (metric and
// endpoint), so a new field or record endpoint appears here without an edit.
import crypto from 'node:crypto';
import { RECORD_TYPES, type RecordType } from '../model/record-types.js';
import { fieldEntries, type FieldEntry } from '../metrics/registry.js';
import type { EndpointDef } from './endpoint-types.js';
import { STATEMENT_ENDPOINTS } from './endpoints/statements.js';
import { METRIC_ENDPOINTS } from './endpoints/metrics.js';

export const METRIC_CATEGORIES = ['statement', 'ratio', 'valuation', 'per_share'] as const;
export type MetricCategory = (typeof METRIC_CATEGORIES)[number];

const CATEGORY: Readonly<Record<RecordType, MetricCategory>> = {
  income_statement: 'statement', balance_sheet: 'statement', cash_flow: 'statement',
  credit: 'ratio', liquidity: 'ratio', profitability: 'ratio', working_capital: 'ratio', yield_analysis: 'ratio',
  enterprise_value: 'valuation', multiples: 'valuation', per_share: 'per_share',
};

export interface CatalogField {
  /** met_ + 16 hex digits of SHA-256 of "record_type.field": stable across builds. */
  id: string;
  name: string;
  record_type: RecordType;
  category: MetricCategory;
  /** Path of the endpoint whose records carry the field. */
  endpoint: string;
  unit: string;
  description: string;
  definition: string;
  /** reported (from the filings) or computed by tenk (derived, or a reported value carried into a derived record). */
  source: 'reported' | 'computed';
}

/** TSV column order of the catalog (v2 excel). */
export const CATALOG_COLUMNS = ['record_type', 'name', 'category', 'endpoint', 'unit', 'description', 'definition', 'source', 'id'] as const;

function endpointOf(recordType: RecordType, endpoints: readonly EndpointDef[]): string {
  const e = endpoints.find((x) => x.response.kind === 'records' && x.response.recordType === recordType);
  if (!e) throw new Error(`no endpoint serves ${recordType} records`);
  return e.path;
}

function build(): readonly CatalogField[] {
  const endpoints = [...STATEMENT_ENDPOINTS, ...METRIC_ENDPOINTS];
  const out: CatalogField[] = [];
  for (const rt of RECORD_TYPES) {
    const endpoint = endpointOf(rt, endpoints);
    for (const f of fieldEntries(rt)) {
      out.push({
        id: `met_${crypto.createHash('sha256').update(`${rt}.${f.name}`).digest('hex').slice(0, 16)}`,
        name: f.name, record_type: rt, category: CATEGORY[rt], endpoint, unit: f.unit,
        description: f.description, definition: f.definition, source: f.kind === 'reported' ? 'reported' : 'computed',
      });
    }
  }
  return out;
}

let catalog: readonly CatalogField[] | null = null;

/** Every field, by record type (registry order) then column order. */
export function metricCatalog(): readonly CatalogField[] {
  return (catalog ??= build());
}

export interface ResolvedMetric {
  /** As requested (the column name in results). */
  name: string;
  recordType: RecordType;
  entry: FieldEntry;
}

/**
 * A metric as a client names it: a field name ("oper_margin": the first record type in registry
 * order that has it) or "record_type.field". Null when the registry has no such field.
 */
export function resolveMetric(name: string): ResolvedMetric | null {
  const dot = name.indexOf('.');
  const types: readonly RecordType[] = dot > 0 ? RECORD_TYPES.filter((t) => t === name.slice(0, dot)) : RECORD_TYPES;
  const field = dot > 0 ? name.slice(dot + 1) : name;
  for (const rt of types) {
    const entry = fieldEntries(rt).find((f) => f.name === field);
    if (entry) return { name, recordType: rt, entry };
  }
  return null;
}
