// A quarter from year-to-date values: Q(k) = YTD(k) - YTD(k-1) of one concept and vintage, share
// counts as time-weighted averages, and a quarter's fact that is really the year's value.
import type { Fact, UnitFacts } from '../fact.js';
import type { PeriodContext, Resolved } from './resolved-value.js';
import { reported, roundValue } from './resolved-value.js';
import type { PreparedRef } from './prepared-mapping.js';
import { asOf, duration } from './period-fact.js';
import type { ResolverState } from './resolver-state.js';

export const YTD_NAMES = ['', 'Q1', '6M', '9M', 'FY'] as const;

/**
 * A quarter's fact that carries exactly the year's value is a tagging error when the filings'
 * year-to-date values contradict it (Tractor Supply's fiscal 2022 10-K tags its 2020 annual
 * revenue, 10,620M, on the 2020 Q4 context, while FY − 9M = 2,878M): it is ignored so the
 * quarter is derived instead. A quarter the year-to-date values agree with, or that they cannot
 * check, is real and kept: a year's whole buyback, debt issue or declared dividend can fall in
 * one quarter (Walmart declares its annual dividend in its first quarter: 1.96 for fiscal 2016;
 * Abbott issued all of 2009's long-term debt in Q1). A first quarter is its own year-to-date
 * period, so it is never contradicted this way. Share counts and per-share values are exempt
 * (a flat share count gives the same average in a quarter and in the year).
 */
export function isAnnualValueInQuarterContext(ref: PreparedRef, uf: UnitFacts, f: Fact, ctx: PeriodContext): boolean {
  if (f.val === 0 || ctx.fy.endDay == null) return false;
  const year = duration(uf, ctx.fy.startDay, ctx.fy.endDay);
  if (!year || year.val !== f.val) return false;
  const derived = derivedQuarter(ref, uf, ctx);
  return derived !== null && derived.val !== reported(ref, f).val;
}

/**
 * A weighted-average share count is a time average, not a sum: the quarter's average follows
 * from two year-to-date averages weighted by their lengths in days,
 * Q(k) = (YTD(k) × days(k) − YTD(k−1) × days(k−1)) / (days(k) − days(k−1)).
 * A result that is not positive or far from the year-to-date count (a split between the two
 * filings) is refused.
 */
export function derivedSharesQuarter(s: ResolverState, ref: PreparedRef, uf: UnitFacts, ctx: PeriodContext): Resolved | null {
  const { fy, quarter: k } = ctx;
  const ytdEnd = k === 4 ? fy.endDay : fy.quarterEnds[k - 1];
  const prevEnd = fy.quarterEnds[k - 2];
  if (ytdEnd == null || prevEnd == null) return null;
  const ytd = duration(uf, fy.startDay, ytdEnd);
  const prev = duration(uf, fy.startDay, prevEnd);
  if (!ytd || !prev) return null;
  const d1 = ytdEnd - fy.startDay + 1;
  const d0 = prevEnd - fy.startDay + 1;
  const scale = s.shareScaleByAccn.get(ytd.accn) ?? 1;
  if ((s.shareScaleByAccn.get(prev.accn) ?? 1) !== scale) return null;
  const raw = (ytd.val * d1 - prev.val * d0) / (d1 - d0);
  if (!(raw > 0) || raw / ytd.val < 0.5 || raw / ytd.val > 2) return null;
  const val = Math.round(raw * scale);
  return {
    val, concept: ref.concept, fact: ytd, prior: prev,
    derivation: `Q${k} = (${YTD_NAMES[k]} x ${d1}d - ${YTD_NAMES[k - 1]} x ${d0}d) / ${d1 - d0}d (${ref.concept}, time-weighted average)${scale > 1 ? `, x${scale}: filed in ${scale === 1000 ? 'thousands' : 'millions'}` : scale < 1 ? `, / ${Math.round(1 / scale)}: filed ${Math.round(1 / scale)} times too many` : ''}`,
  };
}

/**
 * Q(k) = YTD(k) − YTD(k−1), same concept, same fiscal-year start, and one vintage: when a
 * later filing restated the longer period (a 10-K recasting the year for a discontinued
 * business), subtracting a shorter period that was never restated would book the whole
 * restatement in one quarter (Jacobs' fiscal 2022 "Q4 revenue" of −1.26 billion). So when
 * only the longer period was restated, it is taken as originally reported; when both were
 * restated, both latest values are used (same basis); and the shorter period's value is always
 * the one on file when the longer period's value was filed.
 */
export function derivedQuarter(ref: PreparedRef, uf: UnitFacts, ctx: PeriodContext): Resolved | null {
  const { fy, quarter: k } = ctx;
  const ytdEnd = k === 4 ? fy.endDay : fy.quarterEnds[k - 1];
  if (ytdEnd == null) return null;
  const latest = duration(uf, fy.startDay, ytdEnd);
  if (!latest) return null;
  const prevEnd = fy.quarterEnds[k - 2];
  if (prevEnd == null) return null;
  const prevYtd = duration(uf, fy.startDay, prevEnd);
  const ytd = latest.versions && !prevYtd?.versions ? latest.versions[0]! : latest;
  // Payments are positive by definition: one filing's negative tag is a sign error, so
  // year-to-date payments are subtracted as magnitudes.
  const amount = ref.sign < 0 && ref.payment ? Math.abs : identity;
  let prevVal: number | null = null;
  let prevName: string = YTD_NAMES[k - 1]!;
  let prior: Fact | null = null;
  if (prevYtd) {
    prior = asOf(prevYtd, ytd.filed);
    prevVal = amount(prior.val);
  }
  else {
    // No year-to-date value for the previous quarter end: the sum of the reported discrete
    // quarters before this one, when every one of them is reported.
    let sum = 0;
    for (let q = 1; q < k; q++) {
      const qEnd = fy.quarterEnds[q - 1];
      const qStart = q === 1 ? fy.startDay : fy.quarterEnds[q - 2];
      if (qEnd == null || qStart == null) return null;
      const f = duration(uf, q === 1 ? qStart : qStart + 1, qEnd);
      if (!f) return null;
      sum += amount(asOf(f, ytd.filed).val);
    }
    prevVal = sum;
    prevName = k === 2 ? 'Q1' : k === 3 ? 'Q1 - Q2' : 'Q1 - Q2 - Q3';
  }
  return {
    val: roundValue(ref.sign * (amount(ytd.val) - prevVal)), concept: ref.concept, fact: ytd, prior,
    derivation: `Q${k} = ${YTD_NAMES[k]} - ${prevName} (${ref.concept})${ytd !== latest ? ', as originally reported' : ''}`,
  };
}

function identity(v: number): number {
  return v;
}

/** A reported quarter's length in days (end − start), as in docs/xbrl.md (Periods). */
const QUARTER_DAYS = { min: 80, max: 115 } as const;

/**
 * The year of a per-share flow (dividends per share) that the filer reports only quarter by
 * quarter: the sum of four reported three-month periods that tile the fiscal year exactly (TSMC's
 * 20-F tags each quarter's cash dividend per share, never the year: 2024 = 4.0 + 4.0 + 4.5 + 4.5
 * TWD). Only where no concept of the field reports the year (period-resolver.ts); any gap leaves
 * it null.
 */
export function summedQuartersYear(ref: PreparedRef, uf: UnitFacts, ctx: PeriodContext): Resolved | null {
  let start = ctx.startDay;
  let sum = 0;
  let last: Fact | null = null;
  const parts: number[] = [];
  for (let q = 0; q < 4; q++) {
    let f: Fact | null = null;
    for (let d = QUARTER_DAYS.min; d <= QUARTER_DAYS.max && !f; d++) {
      const g = duration(uf, start, start + d);
      if (g && g.startDay === start) f = g;
    }
    if (!f) return null;
    sum += f.val;
    parts.push(f.val);
    last = f;
    start = f.endDay + 1;
  }
  if (!last || last.endDay !== ctx.endDay) return null;
  return {
    val: roundValue(ref.sign * sum), concept: ref.concept, fact: last, prior: null,
    derivation: `FY = Q1 + Q2 + Q3 + Q4 (${ref.concept}: ${parts.join(' + ')}, each reported for its three months)`,
  };
}
