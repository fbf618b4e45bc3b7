// The income statement's own revenue line, told from a note's figure by the statement's arithmetic:
// a total closes with the lines below it (gross profit + cost of revenue, operating income +
// operating expenses). Invariant: a candidate is judged only against sums the filer reports for
// the same period; where nothing can be summed, nothing is decided here.
import { conceptValue } from './concept-value.js';
import { duration } from './period-fact.js';
import type { PreparedMapping, PreparedRef } from './prepared-mapping.js';
import type { PeriodContext, Resolved } from './resolved-value.js';
import type { ResolverState } from './resolver-state.js';

/** Relative tolerance of "equals a sum" (the statement's rounding to millions). */
const CLOSE = 0.002;

/** Two amounts equal within the statement's rounding. */
export function closeTo(a: number, b: number): boolean {
  return Math.abs(a - b) <= CLOSE * Math.max(Math.abs(a), Math.abs(b));
}

/** A sum of statement lines for a period, the concepts it adds, and the filing all its terms come
 *  from (null when they come from several). */
export interface LineSum { val: number; refs: readonly PreparedRef[]; accn: string | null }

/** The sums of the mapping's statement lines that the filer reports for the period (each term its
 *  period value: reported, or a quarter derived from year-to-date values of the same concept). */
export function statementSums(s: ResolverState, m: PreparedMapping, ctx: PeriodContext): LineSum[] {
  const out: LineSum[] = [];
  for (const sum of m.statementLines) {
    let total = 0;
    let complete = true;
    let accn: string | null | undefined;
    for (const ref of sum) {
      const r = conceptValue(s, ref, 'flow', ctx);
      if (!r) { complete = false; break; }
      total += r.val;
      const a = r.fact?.accn ?? null;
      accn = accn === undefined || accn === a ? a : null;
    }
    if (complete) out.push({ val: total, refs: sum, accn: accn ?? null });
  }
  return out;
}

/** The same sums from the facts reported for exactly (startDay, endDay): for decisions over a
 *  company's years, which look at annual facts only. */
export function reportedSums(sums: readonly (readonly PreparedRef[])[], startDay: number, endDay: number): number[] {
  const out: number[] = [];
  for (const sum of sums) {
    let total = 0;
    let complete = true;
    for (const ref of sum) {
      const f = duration(ref.uf, startDay, endDay);
      if (!f) { complete = false; break; }
      total += f.val;
    }
    if (complete) out.push(total);
  }
  return out;
}

/** The value equals one of the sums. */
export function closes(val: number, sums: readonly number[]): boolean {
  for (const x of sums) if (closeTo(val, x)) return true;
  return false;
}

/** The candidate equals one of the period's line sums stated by its own filing (lines of
 *  another vintage prove nothing: a part line of an original filing can equal the sum of a
 *  restated statement's lines, as S&P Global's 2011 services revenue does). */
export function closesLines(r: Resolved, sums: readonly LineSum[]): boolean {
  const accn = r.fact?.accn;
  if (!accn) return false;
  for (const x of sums) if (x.accn === accn && closeTo(r.val, x.val)) return true;
  return false;
}

/** A candidate's filing is not older than the chosen one's: an original filing's figure never
 *  replaces a restatement (Fidelity National Information's 2015 revenue restated to 6,260M stays,
 *  although the 2016 10-K's 6,596M closes with that filing's lines). */
function notEarlier(r: Resolved, chosen: Resolved): boolean {
  return !!r.fact && !!chosen.fact && r.fact.filed >= chosen.fact.filed;
}

/**
 * Which of a total's candidates is the income statement's line, given the one the order and the
 * partial-line rule chose: the chosen one when it closes with the period's statement lines or
 * when none of the candidates does; else the first candidate when it closes (Mastercard 2020:
 * `Revenues` 15,301M = operating income 8,081M + operating expenses 7,220M, beside 23,616M of
 * contract revenue before rebates and incentives, a note's gross figure more than 1.5 times it);
 * else the largest candidate that closes and is larger than the chosen one (a region's or a
 * segment's line tagged with the total's concept, below the statement's net sales). A
 * replacement comes from a filing no older than the chosen value's.
 */
export function statementLine(s: ResolverState, m: PreparedMapping, ctx: PeriodContext, first: Resolved, chosen: Resolved, others: readonly Resolved[]): Resolved {
  let differ = false;
  for (const o of others) if (!closeTo(o.val, chosen.val)) differ = true;
  if (!differ && closeTo(first.val, chosen.val)) return chosen;
  const sums = statementSums(s, m, ctx);
  if (sums.length === 0 || closesLines(chosen, sums)) return chosen;
  if (first !== chosen && notEarlier(first, chosen) && closesLines(first, sums)) return first;
  let best: Resolved | null = null;
  for (const o of others) if (o.val > chosen.val && notEarlier(o, chosen) && closesLines(o, sums) && (!best || o.val > best.val)) best = o;
  return best ?? chosen;
}
