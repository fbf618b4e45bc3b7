// Whether one candidate concept gives a field's value for a period (plausibility guards), whether a
// quarter's candidate agrees with its year, and the per-company decision on partial first concepts.
import { within, YEAR_DAYS } from '../../model/dates.js';
import { anotherReconciles, reconcilesWithChange } from './cash-reconciliation.js';
import { conceptValue } from './concept-value.js';
import { includesTaxes, netOfTaxes } from './net-of-taxes.js';
import { duration } from './period-fact.js';
import type { PreparedMapping, PreparedRef } from './prepared-mapping.js';
import type { PeriodContext, Resolved } from './resolved-value.js';
import type { ResolverState } from './resolver-state.js';

/** The concept of a quarter's fiscal year and its annual value (computed when first needed). */
export interface YearCheck { ref: PreparedRef; total: number | null | undefined }

/** A concept's value for the period as a value of the field: net of taxes collected for
 *  governments where the field excludes them and the company's concept includes them. */
function fieldValue(s: ResolverState, m: PreparedMapping, ref: PreparedRef, ctx: PeriodContext, strict = false): Resolved | null {
  const r = conceptValue(s, ref, m.kind, ctx, strict);
  return r && m.netOfTaxes.length > 0 && includesTaxes(s, m, ref) ? netOfTaxes(s, m, ref, r, ctx) : r;
}

const PERIODIC_FORM = /^(10-K|10-Q|20-F|40-F|10-KT|10-QT)(\/A)?$/;

/** The value comes from periodic filings only (its fact and, for a derived quarter, the
 *  subtracted year-to-date fact). */
export function fromPeriodicFilings(r: Resolved): boolean {
  return (!r.fact || PERIODIC_FORM.test(r.fact.form)) && (!r.prior || PERIODIC_FORM.test(r.prior.form));
}

/** One candidate concept's value for the period, or null when a plausibility guard refuses it. */
export function candidate(s: ResolverState, m: PreparedMapping, ref: PreparedRef, ctx: PeriodContext, anchor: number | null, strict = false): Resolved | null {
  const r = fieldValue(s, m, ref, ctx, strict);
  if (!r) return null;
  if (s.periodicOnly && !fromPeriodicFilings(r)) return null;
  if (s.onlyAccn !== null && (r.fact === null || r.fact.accn !== s.onlyAccn || r.prior !== null)) return null;
  if (r.val < 0 && (m.nonNegative || (m.nonNegativeDerived && r.derivation))) return null;
  if (r.val > 0 && m.outflow && r.derivation?.startsWith('Q')) return null;
  // A share count is positive: Constellation Energy tags 0 weighted diluted shares for 2020,
  // before it was a listed company; Ball 0 shares outstanding at 2021-12-31. Null, never 0.
  if (m.kind === 'shares' && !(r.val > 0)) return null;
  if (anchor != null && Math.abs(anchor) >= 1e6 && Math.abs(r.val) * 100 < Math.abs(anchor)) return null;
  if (m.reconcile && m.reconcile.required.has(ref.concept) && reconcilesWithChange(m, ref, r.val, ctx.endDay) !== true) return null;
  if (m.reconcile && m.reconcile.components.has(ref.concept) && (m.reconcile.totalsAreFlowEnd || m.reconcile.componentWhen.some((e) => !!e.uf.instants.get(ctx.endDay)?.val))
    && reconcilesWithChange(m, ref, r.val, ctx.endDay) === false && anotherReconciles(m, ref, ctx.endDay)) return null;
  if (m.notBelow >= 0) {
    const floor = s.currentValues?.[m.notBelow];
    if (floor != null && r.val < floor) return null;
  }
  return r;
}

/** A quarter's candidate other than its year's concept describes the same total: where it
 *  reports the year too, it is within 10 % of the year's concept (see resolveFields). */
export function agreesWithYear(s: ResolverState, m: PreparedMapping, ref: PreparedRef, ctx: PeriodContext, year: YearCheck): boolean {
  if (ref === year.ref) return true;
  const yearCtx: PeriodContext = { fy: ctx.fy, quarter: 0, startDay: ctx.fy.startDay, endDay: ctx.fy.endDay!, annualConcepts: null };
  if (year.total === undefined) year.total = fieldValue(s, m, year.ref, yearCtx)?.val ?? null;
  if (year.total == null) return true;
  const v = fieldValue(s, m, ref, yearCtx)?.val;
  return v == null || Math.abs(v - year.total) <= 0.1 * Math.abs(year.total);
}

/**
 * One definition per company over time: whether the first concept is a part of the field for
 * this company beside the other, decided once per pair over its fiscal years (annual
 * durations) where the first concept is the first candidate reported and the other is
 * reported too: false when at least two thirds of them keep the first (the other is not more
 * than 1.5 times it), true when at least two thirds take the other, null otherwise (each
 * period decides: a filer that tagged a segment line with the total's concept for some years
 * and the total later, P&G's `Revenues` 2012–2014 against 2015–2018). EQT's `Revenues` (total
 * revenues after derivative gains and losses) is its income statement's line; its sales of
 * natural gas (contract revenue) exceed 1.5 times it only in 2021 and 2022, of seven years:
 * the line is kept throughout instead of switching definitions. General Mills' `Revenues` is a
 * note's line in every year: the total is taken throughout.
 */
export function partialOverTime(s: ResolverState, m: PreparedMapping, firstConcept: string, otherConcept: string): boolean | null {
  const key = `${m.field} ${firstConcept} ${otherConcept}`;
  const known = s.partialDecisions.get(key);
  if (known !== undefined) return known;
  const years = new Map<number, number>(); // endDay -> startDay of the annual durations of the candidates
  for (const ref of m.concepts) {
    for (const [endDay, facts] of ref.uf.durationsByEnd) {
      for (const f of facts) if (f.startDay != null && within(endDay - f.startDay, YEAR_DAYS)) years.set(endDay, f.startDay);
    }
  }
  let fired = 0;
  let kept = 0;
  for (const [endDay, startDay] of years) {
    let first: number | null = null;
    let firstRef: PreparedRef | null = null;
    let other: number | null = null;
    for (const ref of m.concepts) {
      const f = duration(ref.uf, startDay, endDay);
      if (!f) continue;
      const v = ref.sign * f.val;
      if (firstRef === null) { firstRef = ref; first = v; }
      if (ref.concept === otherConcept) other = v;
    }
    if (firstRef?.concept !== firstConcept || first === null || other === null) continue;
    if (other > 1.5 * first && first >= 0) fired++;
    else kept++;
  }
  const decision = fired >= 2 * kept ? true : kept >= 2 * fired ? false : null;
  s.partialDecisions.set(key, decision);
  return decision;
}
