// The metric registry: one entry per field of every record type (name, unit, description,
// definition, inputs and, for a computed field, its compute function), from the family files.
// Built once at load; the build fails unless the entries of each record type are exactly the
// columns of model/record-fields.ts, in order, and every computed entry has a compute function.
import { DERIVED_TYPES, RECORD_TYPES, type RecordType } from '../model/record-types.js';
import { fieldNames, metadataColumns, recordColumns } from '../model/record-fields.js';
import type { FieldEntry, Unit } from './field-entry.js';
import { INCOME_STATEMENT } from './income-statement.js';
import { BALANCE_SHEET } from './balance-sheet.js';
import { CASH_FLOW } from './cash-flow.js';
import { CREDIT } from './credit.js';
import { LIQUIDITY } from './liquidity.js';
import { PROFITABILITY } from './profitability.js';
import { WORKING_CAPITAL } from './working-capital.js';
import { YIELD_ANALYSIS } from './yield-analysis.js';
import { ENTERPRISE_VALUE_RECORD } from './enterprise-value.js';
import { MULTIPLES } from './multiples.js';
import { PER_SHARE } from './per-share.js';

export type { FieldEntry, Unit };
export { fieldNames, metadataColumns, recordColumns };

export type Registry = Readonly<Record<RecordType, readonly FieldEntry[]>>;

/** Problems of a registry: entries that are not the record's columns, in order, or computed entries without a compute function. */
function problemsOf(entries: Registry): string[] {
  const problems: string[] = [];
  const derivedTypes = new Set<RecordType>(DERIVED_TYPES);
  for (const rt of RECORD_TYPES) {
    const list = entries[rt] ?? [];
    const names = list.map((e) => e.name).join(',');
    if (names !== fieldNames(rt).join(',')) problems.push(`${rt}: the entries are not the columns of model/record-fields.ts, in order`);
    for (const e of list) {
      if (e.kind === 'reported') {
        if (derivedTypes.has(rt)) problems.push(`${rt}.${e.name}: a derived record type has no reported fields`);
      } else if (typeof e.compute !== 'function') {
        problems.push(`${rt}.${e.name}: ${e.kind} without a compute function`);
      }
      if (!e.unit || !e.description || !e.definition || e.inputs.length === 0) problems.push(`${rt}.${e.name}: unit, description, definition and inputs are required`);
    }
  }
  return problems;
}

/** The registry of `entries`, checked; throws naming every problem. */
export function buildRegistry(entries: Registry): Registry {
  const problems = problemsOf(entries);
  if (problems.length > 0) throw new Error(`metric registry: ${problems.join('; ')}`);
  return entries;
}

const REGISTRY: Registry = buildRegistry({
  income_statement: INCOME_STATEMENT,
  balance_sheet: BALANCE_SHEET,
  cash_flow: CASH_FLOW,
  credit: CREDIT,
  liquidity: LIQUIDITY,
  profitability: PROFITABILITY,
  working_capital: WORKING_CAPITAL,
  yield_analysis: YIELD_ANALYSIS,
  enterprise_value: ENTERPRISE_VALUE_RECORD,
  multiples: MULTIPLES,
  per_share: PER_SHARE,
});

/** The entries of a record type, in column order. */
export function fieldEntries(recordType: RecordType): readonly FieldEntry[] {
  return REGISTRY[recordType];
}

/**
 * The fields as the interface spec seeds them (name, unit and the spec's description, '' where
 * it gives none): what the OpenAPI record schemas publish.
 */
export const RECORD_FIELD_SEEDS: Readonly<Record<RecordType, ReadonlyArray<{ name: string; unit: Unit; description: string }>>> =
  Object.fromEntries(RECORD_TYPES.map((rt) => [rt, REGISTRY[rt].map((e) => ({ name: e.name, unit: e.unit, description: e.spec }))])) as Record<RecordType, Array<{ name: string; unit: Unit; description: string }>>;
