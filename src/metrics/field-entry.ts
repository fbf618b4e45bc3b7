// One entry of the metric registry: a field of a record type with its unit, description,
// definition, inputs and, for a value tenk computes, the function that computes it. A computed
// entry without a compute function is a type error here and fails the registry build.
import type { N } from './arith.js';
import type { PeriodInputs } from './period-inputs/input-slots.js';

export type Unit = 'currency' | 'percent' | 'ratio' | 'days' | 'shares' | 'per_share' | 'date' | 'text';

/** The value of a field for one period, unrounded; null when it cannot be derived (never 0 for "missing"). */
export type Compute = (p: PeriodInputs) => N;

interface EntryText {
  name: string;
  unit: Unit;
  /** What the field is, in a few words. */
  description: string;
  /** How the value is obtained: "reported ..." or the formula (METRICS.md, with the fixes in docs/metrics.md). */
  definition: string;
  /** Fields or concepts the definition reads. */
  inputs: readonly string[];
  /**
   * The interface spec's description of the field, as the OpenAPI record schemas publish it;
   * '' where the spec gives none (the schema then shows the field's name).
   */
  spec: string;
}

/** A statement field the filer reports, filled by xbrl/ through the concept map. */
export interface ReportedEntry extends EntryText {
  kind: 'reported';
}

/**
 * A field tenk computes. `derived`: a formula (its provenance is the definition); `copied`: a
 * reported value carried into a derived record (its provenance is the balance sheet's of that
 * field when it has one, else "balance sheet at the record date").
 */
export interface ComputedEntry extends EntryText {
  kind: 'derived' | 'copied';
  compute: Compute;
}

export type FieldEntry = ReportedEntry | ComputedEntry;

/** The text of a computed entry as a family file writes it (spec optional: '' by default). */
export type ComputedText = Omit<ComputedEntry, 'kind' | 'spec'> & { spec?: string };

/** A reported statement field; its description is the spec's (the name where the spec has none). */
export function reported(name: string, unit: Unit, spec: string): ReportedEntry {
  return { kind: 'reported', name, unit, description: spec || name, definition: 'reported (XBRL concept map; see docs/xbrl.md)', inputs: [name], spec };
}

/** A field computed by a formula. */
export function derived(e: ComputedText): ComputedEntry {
  return { ...e, kind: 'derived', spec: e.spec ?? '' };
}

/** A reported value carried into a derived record. */
export function copied(e: ComputedText): ComputedEntry {
  return { ...e, kind: 'copied', spec: e.spec ?? '' };
}

/** The same entry (one definition, one compute) under another record's spec description. */
export function withSpec<E extends FieldEntry>(entry: E, spec: string): E {
  return { ...entry, spec };
}
