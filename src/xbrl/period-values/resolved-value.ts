// A value resolved for one field and period, where it came from (its fact and derivation), the
// provenance made of it, and the period it is resolved for.
import type { Provenance } from '../../model/record-types.js';
import { isoDate } from '../../model/dates.js';
import type { Fact } from '../fact.js';
import type { FiscalYear } from '../fiscal-calendar.js';
import type { PreparedRef } from './prepared-mapping.js';

export interface PeriodContext {
  fy: FiscalYear;
  /** 0 for the fiscal year, 1..4 for its quarters. */
  quarter: 0 | 1 | 2 | 3 | 4;
  startDay: number;
  endDay: number;
  /** For quarters: the concept each flow field of the fiscal year's annual record came from;
   *  null for the year (always set, so that every context has one shape). */
  annualConcepts: Readonly<Record<string, string>> | null;
}

/**
 * A value and what its provenance is made of: the fact it was taken from (with its concept), a
 * derivation, or both. The Provenance object itself is made only for the value a field keeps
 * (provenanceOf): most values resolved are candidates that lose, or terms of a composition.
 */
export interface Resolved {
  val: number; concept: string | null; fact: Fact | null; derivation: string | null;
  /** The subtracted year-to-date fact of a derived quarter (Q4 = FY - 9M: the 9M fact), else null. */
  prior: Fact | null;
}

/**
 * The provenance of a resolved value: { concept, accn, filed, form, unit, start, end } of its
 * fact (unit: the field's unit, the one the fact was looked up in), then its derivation and, for
 * a derived quarter, the subtracted fact as its one input.
 */
export function provenanceOf(r: Resolved, unit: string): Provenance {
  const f = r.fact;
  if (!f) return { derivation: r.derivation! };
  const p: Provenance = { concept: r.concept!, accn: f.accn, filed: f.filed, form: f.form, unit, start: f.startDay === null ? null : isoDate(f.startDay), end: isoDate(f.endDay) };
  if (r.derivation !== null) p.derivation = r.derivation;
  const q = r.prior;
  if (q) p.inputs = [{ concept: r.concept!, accn: q.accn, filed: q.filed, form: q.form, unit, start: q.startDay === null ? null : isoDate(q.startDay), end: isoDate(q.endDay) }];
  return p;
}

/** A reported fact as a resolved value, with tenk's sign applied. */
export function reported(ref: PreparedRef, f: Fact): Resolved {
  const { concept, sign } = ref;
  if (f.val < 0 && sign < 0 && ref.payment) {
    return { val: -Math.abs(f.val), concept, fact: f, derivation: `${concept} tagged negative (${f.val}): a payment is an outflow`, prior: null };
  }
  return { val: sign * f.val + 0, concept, fact: f, derivation: null, prior: null };
}

/** Differences of per-share values carry binary noise (0.1 + 0.2); keep 10 significant digits. */
export function roundValue(v: number): number {
  if (Number.isInteger(v)) return v + 0; // + 0 turns −0 (a negated reported zero) into 0
  return Number(v.toPrecision(12));
}
