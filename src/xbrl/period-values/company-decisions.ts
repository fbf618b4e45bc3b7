// What a company's resolved periods decide for every other period of the company (resolver-state.ts):
// whether a concept is a part line over its years (candidate-choice.ts, partialOverTime), whether a
// revenue concept includes taxes (net-of-taxes.ts, includesTaxes), and the filings found to tag
// share counts at another scale (share-scale-repair.ts). Standardizing a company again on a later
// day (StandardizeMemo) keeps a fiscal year's records only when these still hold as they were.
import type { PreparedStatement } from './prepared-mapping.js';
import type { ResolverState } from './resolver-state.js';
import { partialOverTime } from './candidate-choice.js';
import { includesTaxes } from './net-of-taxes.js';

/** The company-wide decisions made so far (copies). */
export interface CompanyDecisions { partial: Map<string, boolean | null>; tax: Map<string, boolean> }

export function decisionsOf(s: ResolverState): CompanyDecisions {
  return { partial: new Map(s.partialDecisions), tax: new Map(s.taxDecisions) };
}

/**
 * Whether every decision of `earlier` is decided the same from the state's facts (deciding each
 * now: a decision is a function of the company's facts only, so deciding it before the periods that
 * consult it changes nothing). False when a decision's mapping or concept is not found.
 */
export function decisionsHold(s: ResolverState, statements: readonly PreparedStatement[], earlier: CompanyDecisions): boolean {
  for (const [key, was] of earlier.partial) {
    const [field, first, other] = key.split(' ');
    const m = onlyMapping(statements, field!);
    if (!m || first === undefined || other === undefined || partialOverTime(s, m, first, other) !== was) return false;
  }
  for (const [key, was] of earlier.tax) {
    const [field, concept] = key.split(' ');
    const m = onlyMapping(statements, field!);
    const ref = m?.concepts.find((r) => r.concept === concept);
    if (!m || !ref || includesTaxes(s, m, ref) !== was) return false;
  }
  return true;
}

/** The one prepared mapping of `field` among the statements (null: none, or more than one). */
function onlyMapping(statements: readonly PreparedStatement[], field: string): PreparedStatement['mappings'][number] | null {
  let found: PreparedStatement['mappings'][number] | null = null;
  for (const st of statements) {
    for (const m of st.mappings) {
      if (m.field !== field) continue;
      if (found) return null;
      found = m;
    }
  }
  return found;
}

/** The share-scale repairs found so far, as text (a key of the state a fiscal year starts from). */
export function shareScaleText(s: ResolverState): string {
  let t = '';
  for (const [accn, factor] of s.shareScaleByAccn) t += `${accn}=${factor};`;
  return t;
}

/** The share-scale repairs found so far (a copy, in the order found). */
export function shareScaleEntries(s: ResolverState): Array<[string, number]> {
  return [...s.shareScaleByAccn];
}

/** Sets the share-scale repairs to `entries` (what resolving a fiscal year again would have left). */
export function setShareScale(s: ResolverState, entries: ReadonlyArray<[string, number]>): void {
  s.shareScaleByAccn.clear();
  for (const [accn, factor] of entries) s.shareScaleByAccn.set(accn, factor);
}
