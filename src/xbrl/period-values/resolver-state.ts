// What a PeriodResolver keeps for one company while its periods are resolved: the fact index, the
// currency, and what earlier periods found (share-scaled filings, partial-line decisions, balance dates).
import type { FactIndex } from '../fact-index.js';
import type { FieldKind } from '../concept-map/mapping-types.js';

/** One shape for every company (every property always set, in one order). */
export interface ResolverState {
  readonly index: FactIndex;
  readonly currency: string;
  readonly perShareUnit: string;
  /** Filings found to tag share counts in thousands or millions (accession -> factor). */
  readonly shareScaleByAccn: Map<string, number>;
  /** The values of the statement being resolved (for the notBelow guard of candidate()). */
  currentValues: ReadonlyArray<number | null> | null;
  /** Per first-unless-partial mapping and first concept: whether the company's years take the largest candidate. */
  readonly partialDecisions: Map<string, boolean | null>;
  /** Per field and candidate concept: whether the company's values of it include taxes collected for governments. */
  readonly taxDecisions: Map<string, boolean>;
  /** Candidates come only from periodic filings (10-K, 10-Q, 20-F, 40-F and amendments): true
   *  while a period's fields are first resolved, false for the pass that lets an 8-K recast fill
   *  what no periodic filing reports. */
  periodicOnly: boolean;
  /** While a field is resolved again from the period's latest filing only (period-filing.ts): that
   *  filing's accession, else null. */
  onlyAccn: string | null;
  /** Balance date -> accession numbers of its balance sheets (see balanceSheetVersion), made when first needed. */
  bsAccns: Map<number, Set<string>> | null;
  /** When set, binding the concept map appends here every answer it took from the facts (bind-mappings.ts):
   *  equal traces bind the map the same way (standardize-memo.ts). */
  bindTrace: number[] | null;
}

export function newResolverState(index: FactIndex, currency: string): ResolverState {
  return {
    index, currency, perShareUnit: `${currency}/shares`, shareScaleByAccn: new Map<string, number>(), currentValues: null,
    partialDecisions: new Map<string, boolean | null>(), taxDecisions: new Map<string, boolean>(), periodicOnly: true, onlyAccn: null, bsAccns: null, bindTrace: null,
  };
}

export function unitFor(s: ResolverState, kind: FieldKind): string {
  if (kind === 'shares') return 'shares';
  if (kind === 'per_share' || kind === 'per_share_flow') return s.perShareUnit;
  return s.currency;
}
