// The concept map bound to one company's facts (what bind-mappings.ts makes once per company),
// and the values of one statement's fields for the period being resolved.
import type { Provenance } from '../../model/record-types.js';
import type { UnitFacts } from '../fact.js';
import type { ConceptRef, FieldKind } from '../concept-map/mapping-types.js';

// The prepared structures below have one shape each (every property always set, in one order):
// resolving a company's periods reads them some million times, and objects of many shapes would
// make every one of those reads a slow generic lookup.

/** A concept of the map bound to this company's facts for the field's unit. */
export interface PreparedRef extends ConceptRef { uf: UnitFacts; kind: FieldKind; /** isPayment(concept) */ payment: boolean }
/** One alternative of a composition term: a field of the same statement (its slot) or a concept. */
export interface TermRef { name: string; slot: number; ref: PreparedRef | null }
export interface PreparedTerm { refs: readonly TermRef[]; sign: 1 | -1 | 0; optional: boolean; absent: boolean; same: boolean }
export interface PreparedComposition { ratio: boolean; terms: readonly PreparedTerm[] }
/** A mapping reduced to what one company reports (see PeriodResolver.prepare). */
export interface PreparedMapping {
  field: string;
  /** The field's index in the statement's mappings (and its slot in FieldValues). */
  slot: number;
  kind: FieldKind;
  firstUnlessPartial: boolean;
  neverLargest: readonly string[];
  nonNegativeDerived: boolean;
  nonNegative: boolean;
  outflow: boolean;
  /** Slot of the sameScaleAs field, or -1. */
  sameScaleAs: number;
  /** Slot of the notBelow field, or -1. */
  notBelow: number;
  /** The statement section the field is a line of (FieldMapping.closes), or null. */
  closes: { total: readonly PreparedRef[]; lines: readonly PreparedRef[] } | null;
  /** The current counterpart's concepts this company reports (FieldMapping.currentPart). */
  currentPart: readonly PreparedRef[];
  /** The balance-sheet section the field is a line of (FieldMapping.lineOf): its totals and line
   *  groups, each the alternatives this company reports, or null. */
  lineOf: { total: readonly PreparedRef[]; lines: ReadonlyArray<readonly PreparedRef[]> } | null;
  /** The section lines the field sums (FieldMapping.sumsLines): the anchor's slot and, per line,
   *  its alternatives this company reports (lines it never reports are dropped), or null. */
  sumsLines: { anchor: number; lines: ReadonlyArray<readonly PreparedRef[]> } | null;
  /** The cash-flow check of balance candidates (FieldMapping.reconcile), or null. */
  reconcile: {
    change: readonly PreparedRef[]; components: ReadonlySet<string>; componentWhen: readonly PreparedRef[];
    /** The filer's cash totals equal its cash-flow ending cash wherever both are reported. */
    totalsAreFlowEnd: boolean; required: ReadonlySet<string>;
  } | null;
  /** FieldMapping.statementLines bound: only the sums whose every concept the company reports. */
  statementLines: readonly (readonly PreparedRef[])[];
  /** FieldMapping.netOfTaxes bound (empty when none is reported). */
  netOfTaxes: readonly PreparedRef[];
  concepts: readonly PreparedRef[];
  /** Some concept of the field has facts from a non-periodic filing (an 8-K): only such fields
   *  are looked at again by the pass that lets those facts fill what periodic filings leave null. */
  nonPeriodic: boolean;
  compose: readonly PreparedComposition[];
}

/** The prepared mappings of one statement, and the slots of the fields repairShareScale reads. */
export interface PreparedStatement {
  mappings: readonly PreparedMapping[];
  /** Where resolveFields puts the statement's values (one per company, reused period after period). */
  values: FieldValues;
  shareChecks: ReadonlyArray<{ shares: number; eps: number }>;
  netIncome: number;
  earnForCommon: number;
}

/**
 * The values of one statement's fields for one period, by slot, and the order in which fields
 * were first set (the key order of the record's provenance).
 */
export class FieldValues {
  readonly vals: Array<number | null>;
  readonly provs: Array<Provenance | null>;
  /** Per slot: the concept the field would have taken without the period's latest filing
   *  (period-filing.ts), where that filing's value replaced it; else null. */
  readonly earlier: Array<string | null>;
  readonly order: number[] = [];
  constructor(readonly mappings: readonly PreparedMapping[]) {
    const n = mappings.length;
    this.vals = new Array<number | null>(n).fill(null);
    this.provs = new Array<Provenance | null>(n).fill(null);
    this.earlier = new Array<string | null>(n).fill(null);
  }

  clear(): void {
    this.vals.fill(null);
    this.provs.fill(null);
    this.earlier.fill(null);
    this.order.length = 0;
  }

  /** A field left null with the reason (a provenance marked nullReason). */
  setNull(slot: number, prov: Provenance): void {
    if (this.vals[slot] == null && this.provs[slot] == null) this.order.push(slot);
    this.vals[slot] = null;
    this.provs[slot] = prov;
  }

  set(slot: number, val: number, prov: Provenance): void {
    if (this.vals[slot] == null && this.provs[slot] == null) this.order.push(slot);
    this.vals[slot] = val;
    this.provs[slot] = prov;
  }
}

/** The prepared ref of a concept (Array.find without a closure made per call). */
export function refOf(refs: readonly PreparedRef[], concept: string): PreparedRef | undefined {
  for (let i = 0; i < refs.length; i++) if (refs[i]!.concept === concept) return refs[i];
  return undefined;
}
