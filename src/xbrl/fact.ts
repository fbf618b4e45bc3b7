// One kept fact of a company's fact index (a period's value and the filing it came from), a unit's
// kept facts, and how a row of fact columns becomes a fact. Apart from fact-index.ts so that the
// index's helpers (share-scale-versions.ts) need not import the index back.
import { dayNumber } from '../model/dates.js';
import type { FactColumns } from '../sources/fact-columns.js';

/** One kept fact, with its period as day numbers. */
export interface Fact {
  /** null for instants. */
  startDay: number | null;
  endDay: number;
  val: number;
  accn: string;
  filed: string;
  form: string;
  /** Durations: every periodic filing's version of this period, oldest first — only when
   *  filings disagree on the value (a restatement); used to pair year-to-date values of one
   *  vintage. */
  versions: Fact[] | null;
  /** Instants reported by several filings: the rows of every report in the unit's columns, in
   *  no order (to take a balance from the filing whose balance sheet is dated that day; see
   *  period-values/balance-sheet-version.ts). */
  reports: readonly number[] | null;
}

/** The fact of row i (endDay: dayNumber of its end, when the caller has it already). */
export function toFact(cols: FactColumns, i: number, endDay = dayNumber(cols.end[i]!)): Fact {
  const start = cols.start[i] ?? null;
  return {
    startDay: start === null ? null : dayNumber(start),
    endDay,
    val: cols.val[i]!,
    accn: cols.accn[i]!,
    filed: cols.filed[i]!,
    form: cols.form[i]!,
    versions: null,
    reports: null,
  };
}

/** Facts of one concept in one unit: durations by end date, instants by date. */
export interface UnitFacts {
  /** The unit's usable facts (the rows of Fact.reports). */
  cols: FactColumns;
  /** Keyed by the end's day number. */
  durationsByEnd: Map<number, Fact[]>;
  /** Keyed by the date's day number. */
  instants: Map<number, Fact>;
  /** Which filing's fact was kept per period (see FactPolicy). */
  policy: FactPolicy;
}

/**
 * Which fact to keep when several filings report the same period: 'latest' (restated history
 * wins: amounts) or 'original' (the first periodic filing: share counts and per-share values as
 * reported at the time, before later filings restate them for splits).
 */
export type FactPolicy = 'latest' | 'original';
