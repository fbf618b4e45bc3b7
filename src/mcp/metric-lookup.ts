// Metric names as an assistant writes them, resolved against the metric registry: a field name
// ("oper_margin", first record type in registry order that has it) or "record_type.field".
// Invariant: every resolved metric is a registry entry (unit, description, definition, inputs).
import { fieldEntries, type FieldEntry } from '../metrics/registry.js';
import { RECORD_TYPES, type RecordType } from '../model/record-types.js';

export interface ResolvedMetric {
  /** As requested (the column name in results). */
  name: string;
  recordType: RecordType;
  entry: FieldEntry;
}

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

/** The definition of one registry entry as tools and resources publish it. */
export function definitionOf(recordType: RecordType, e: FieldEntry): Record<string, unknown> {
  return {
    record_type: recordType, name: e.name, unit: e.unit, description: e.description, definition: e.definition,
    inputs: [...e.inputs], kind: e.kind,
  };
}

export const DEFINITION_SCHEMA = {
  type: 'object',
  properties: {
    record_type: { type: 'string', enum: [...RECORD_TYPES] }, name: { type: 'string' },
    unit: { type: 'string' }, description: { type: 'string' }, definition: { type: 'string' },
    inputs: { type: 'array', items: { type: 'string' } }, kind: { type: 'string', enum: ['reported', 'derived', 'copied'] },
  },
  required: ['record_type', 'name', 'unit', 'description', 'definition', 'inputs', 'kind'],
} as const;

export function unknownMetricMessage(name: string): string {
  return `Unknown metric '${name.slice(0, 60)}': use a field name such as oper_margin or record_type.field (metric_definitions lists them).`;
}
