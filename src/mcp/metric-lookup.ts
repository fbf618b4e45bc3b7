// Metric names as an assistant writes them, resolved against the metric registry (the same rule
// as the spreadsheet endpoint, service/metric-catalog.ts), and the definitions tools publish.
// Invariant: every resolved metric is a registry entry (unit, description, definition, inputs).
import type { FieldEntry } from '../metrics/registry.js';
import { RECORD_TYPES, type RecordType } from '../model/record-types.js';

export { resolveMetric, type ResolvedMetric } from '../service/metric-catalog.js';

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
