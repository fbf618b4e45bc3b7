// The metric registry: one entry per output field of every record type (name, unit, description,
// definition, inputs). Column order of JSON and TSV, the docs and the computations all read it.
import type { RecordType } from '../dataset/record-types.js';
import { RECORD_FIELD_SEEDS, type FieldSeed, type Unit } from './registry-fields.js';

export type { Unit };

export interface FieldDef extends FieldSeed {
  /** How the value is obtained: "reported" or the formula (METRICS.md). */
  definition: string;
  /** Fields or concepts the definition reads. */
  inputs: readonly string[];
}

const NO_CURRENCY: ReadonlySet<RecordType> = new Set<RecordType>(['enterprise_value', 'multiples', 'per_share']);

export function metadataColumns(recordType: RecordType): readonly string[] {
  return NO_CURRENCY.has(recordType)
    ? ['ticker', 'date', 'period', 'period_label', 'fiscal_year']
    : ['ticker', 'date', 'period', 'period_label', 'fiscal_year', 'currency'];
}

export function fieldNames(recordType: RecordType): readonly string[] {
  return RECORD_FIELD_SEEDS[recordType].map((f) => f.name);
}

/** Every column of a record type, metadata first, in output order. */
export function recordColumns(recordType: RecordType): readonly string[] {
  return [...metadataColumns(recordType), ...fieldNames(recordType)];
}
