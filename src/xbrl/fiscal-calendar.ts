// The company's fiscal calendar, discovered from the periods its facts cover: fiscal years
// (start, end, the company's own label) and the three interim quarter ends inside each year.
// Invariant: periods come from start/end only; fy is read only from annual filings, as the label
// of each filing's primary (latest) annual period, and labels follow one naming convention
// fitted to those filings, so consecutive years always carry consecutive labels.
import { ANNUAL_FORMS, isPeriodicForm } from './fact-index.js';
import type { FactColumns } from '../sources/fact-columns.js';
import { dayNumber, within, QUARTER_DAYS, HALF_DAYS, NINE_MONTH_DAYS, YEAR_DAYS } from '../model/dates.js';

export interface FiscalYear {
  label: number;
  startDay: number;
  /** null for the year in progress (only interim filings after the last annual report). */
  endDay: number | null;
  /** How the label was established, for provenance and debugging. */
  labelSource: 'annual-filing' | 'convention';
  /** End day of Q1, Q2, Q3 and Q4 (Q4 = year end); null where no period evidence. */
  quarterEnds: [number | null, number | null, number | null, number | null];
}

interface AccnInfo { fy: number | null; maxEnd: number; filed: string }

function bump<K>(m: Map<K, number>, k: K): void {
  m.set(k, (m.get(k) ?? 0) + 1);
}

function argmax<K>(m: Map<K, number>): K | undefined {
  let best: K | undefined;
  let n = -1;
  for (const [k, c] of m) if (c > n) { best = k; n = c; }
  return best;
}

/** Calendar year of a day number (days since 1970-01-01), by civil-from-days arithmetic. */
function yearOf(day: number): number {
  const z = day + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  return yoe + era * 400 + (mp >= 10 ? 1 : 0);
}

// A period (start day, end day) as one number, a Map key that costs no string: day numbers of
// dates with 4-digit years lie within ±2^22, so start × 2^23 + end is exact and unique.
const PAIR = 2 ** 23;
function pairKey(s: number, e: number): number {
  return s * PAIR + e;
}
function pairOf(key: number): [number, number] {
  const s = Math.round(key / PAIR);
  return [s, key - s * PAIR];
}

/** A candidate fiscal year (see buildFiscalCalendar). */
interface Cand { startDay: number; endDay: number; primary: boolean; votes: number }

// Module-level comparators and helpers, not closures: V8 drops the optimized code of a closure
// made per call (here per company) at every major GC and compiles it again.
function byEndDay(a: Cand, b: Cand): number {
  return a.endDay - b.endDay;
}

function byFiled(a: { filed: string }, b: { filed: string }): number {
  return a.filed < b.filed ? -1 : a.filed > b.filed ? 1 : 0;
}

function ascending(a: number, b: number): number {
  return a - b;
}

/**
 * Build the calendar from the facts of duration concepts (any subset large enough to cover
 * the statements: the mapped income and cash-flow concepts).
 */
export function buildFiscalCalendar(factLists: Iterable<FactColumns>, fiscalYearEnd: string | null): FiscalYear[] {
  // In phases of their own (one function each, none inlined in the build: docs/ingest.md): a
  // deoptimization during warm-up recompiles the phase, not the whole calendar.
  const evidence: PeriodEvidence = { accns: new Map(), annualPairs: new Map(), interimPairs: new Map() };
  for (const list of factLists) collectPeriods(list, evidence);
  const years = candidateYears(evidence);
  const out = labelYears(evidence.accns, years, fiscalYearEnd);
  addYearInProgress(out, evidence.interimPairs);
  for (const fy of out) setQuarterEnds(fy, evidence.interimPairs);
  return out;
}

/** What the facts' periods say: each annual filing's fy and latest year end, and period counts. */
interface PeriodEvidence {
  accns: Map<string, AccnInfo>;
  /** pairKey(startDay, endDay) -> count (annual forms) */
  annualPairs: Map<number, number>;
  /** all periodic shorter durations */
  interimPairs: Map<number, number>;
}

function collectPeriods(list: FactColumns, { accns, annualPairs, interimPairs }: PeriodEvidence): void {
  const { start, end, filed, form } = list;
  for (let i = 0; i < list.length; i++) {
    const from = start[i];
    if (!from || !isPeriodicForm(form[i]!)) continue;
    // A period cannot end after the filing that reports it (forward-looking schedules do).
    if (end[i]! > filed[i]!) continue;
    const s = dayNumber(from);
    const e = dayNumber(end[i]!);
    const days = e - s;
    if (within(days, YEAR_DAYS)) {
      if (!ANNUAL_FORMS.has(form[i]!)) continue;
      bump(annualPairs, pairKey(s, e));
      const info = accns.get(list.accn[i]!);
      if (!info) accns.set(list.accn[i]!, { fy: list.fy[i] ?? null, maxEnd: e, filed: filed[i]! });
      else if (e > info.maxEnd) info.maxEnd = e;
    } else if (days >= QUARTER_DAYS.min && days <= NINE_MONTH_DAYS.max) {
      bump(interimPairs, pairKey(s, e));
    }
  }
}

/** Candidate fiscal years, by end day, overlapping ones resolved by their evidence. */
function candidateYears({ accns, annualPairs }: PeriodEvidence): Cand[] {
  // Votes: which label do annual filings give the year ending on a date?
  const labelVotes = new Map<number, Map<number, number>>();
  for (const info of accns.values()) {
    if (info.fy === null) continue;
    let v = labelVotes.get(info.maxEnd);
    if (!v) labelVotes.set(info.maxEnd, (v = new Map()));
    bump(v, info.fy);
  }
  // Candidate years by end day, each with its most frequent start.
  const startsByEnd = new Map<number, Map<number, number>>();
  for (const [key, n] of annualPairs) {
    const [s, e] = pairOf(key);
    let m = startsByEnd.get(e);
    if (!m) startsByEnd.set(e, (m = new Map()));
    m.set(s, (m.get(s) ?? 0) + n);
  }
  const cands: Cand[] = [];
  for (const [e, starts] of startsByEnd) {
    const votes = labelVotes.get(e);
    let total = 0;
    for (const n of starts.values()) total += n;
    cands.push({ startDay: argmax(starts)!, endDay: e, primary: !!votes, votes: votes ? total + 1000 : total });
  }
  cands.sort(byEndDay);
  // Drop overlapping candidates (transition periods, trailing-twelve-month figures): keep the
  // one with more evidence.
  const years: Cand[] = [];
  for (const c of cands) {
    const prev = years[years.length - 1];
    if (prev && c.startDay < prev.endDay - 10) {
      if (c.votes > prev.votes) years[years.length - 1] = c;
      continue;
    }
    years.push(c);
  }
  return years;
}

function labelYears(accns: ReadonlyMap<string, AccnInfo>, years: readonly Cand[], fiscalYearEnd: string | null): FiscalYear[] {
  // Labels. A company names its fiscal year by a stable convention: the calendar year in which
  // the year's end falls after moving it back by a fixed number of days (0 for NVIDIA and
  // Walmart, whose years ending in late January carry that year's number; about 40 for Home
  // Depot or Target, whose years ending around February 1 carry the previous year's; a week for
  // 52/53-week years that end on the first days of January). The shift is fitted to the fy of
  // the annual filings (later filings weigh more); a filing whose fy contradicts it is a tagging
  // error (Walmart's first XBRL 10-Ks say 2009 for the year ending 2010-01-31, its fiscal 2010),
  // and years seen only as comparatives get their label from the same convention.
  const votes: Array<{ endDay: number; fy: number; filed: string }> = [];
  for (const info of accns.values()) if (info.fy !== null) votes.push({ endDay: info.maxEnd, fy: info.fy, filed: info.filed });
  const yearEnds: number[] = [];
  for (const y of years) yearEnds.push(y.endDay);
  const shift = fitLabelShift(votes, yearEnds, fiscalYearEnd);
  const voteByEnd = new Map<number, number>();
  for (const v of votes) voteByEnd.set(v.endDay, v.fy);
  const out: FiscalYear[] = [];
  for (const y of years) {
    const label = yearOf(y.endDay - shift);
    const prev = out[out.length - 1];
    if (prev && label <= prev.label) continue; // two years with one label: an overlapping period
    out.push({ label, startDay: y.startDay, endDay: y.endDay, labelSource: voteByEnd.get(y.endDay) === label ? 'annual-filing' : 'convention', quarterEnds: [null, null, null, y.endDay] });
  }
  return out;
}

function addYearInProgress(out: FiscalYear[], interimPairs: ReadonlyMap<number, number>): void {
  // The year in progress: interim periods starting the day after the last year end.
  const last = out[out.length - 1];
  if (last) {
    const nextStart = last.endDay! + 1;
    for (const key of interimPairs.keys()) {
      const [s] = pairOf(key);
      if (Math.abs(s - nextStart) <= 3) {
        out.push({ label: last.label + 1, startDay: nextStart, endDay: null, labelSource: 'convention', quarterEnds: [null, null, null, null] });
        break;
      }
    }
  }
}

/** Quarter ends: year-to-date periods from the year's start, and 3-month periods inside it. */
function setQuarterEnds(fy: FiscalYear, interimPairs: ReadonlyMap<number, number>): void {
  const votes: Array<Map<number, number>> = [new Map(), new Map(), new Map()];
  const limit = fy.endDay ?? fy.startDay + 380;
  for (const [key, n] of interimPairs) {
    const [s, e] = pairOf(key);
    if (e <= fy.startDay || e >= limit - 20) continue;
    const days = e - s;
    let k = -1;
    if (Math.abs(s - fy.startDay) <= 3) {
      if (within(days, QUARTER_DAYS)) k = 0;
      else if (within(days, HALF_DAYS)) k = 1;
      else if (within(days, NINE_MONTH_DAYS)) k = 2;
    } else if (within(days, QUARTER_DAYS) && s > fy.startDay) {
      k = Math.round((e - fy.startDay) / 91.3) - 1;
      if (k < 0 || k > 2) k = -1;
    }
    if (k >= 0) votes[k]!.set(e, (votes[k]!.get(e) ?? 0) + n);
  }
  for (let k = 0; k < 3; k++) {
    const e = argmax(votes[k]!);
    fy.quarterEnds[k] = e ?? null;
  }
  // Keep them ordered; an out-of-order end is evidence of nothing.
  for (let k = 1; k < 3; k++) {
    const prev = fy.quarterEnds[k - 1];
    const cur = fy.quarterEnds[k];
    if (prev != null && cur != null && cur <= prev + 60) fy.quarterEnds[k] = null;
  }
}

/**
 * The shift (days) that best explains the filings' fiscal-year labels: label = year(end − shift).
 * Only shifts that give consecutive years consecutive labels are allowed (the boundary must not
 * fall inside the cluster of the company's year-end dates: Kroger's years end between January 28
 * and February 3, and a shift of 30 days would call one year 2023 and the next 2025).
 * Votes weigh 1.5^rank in filing order: the recent filings outvote a longer run of older ones
 * (TJX's 10-Ks up to fiscal 2021 tag fy = end year − 1, later ones the end year, which is the
 * company's own naming), while one odd recent filing cannot outvote all the others. Among equally
 * good shifts the median is taken. Without votes: 0 (a year is named after the year it ends in).
 */
export function fitLabelShift(votes: ReadonlyArray<{ endDay: number; fy: number; filed: string }>, yearEnds: readonly number[], _fiscalYearEnd: string | null): number {
  if (votes.length === 0) return 0;
  const sorted = [...votes].sort(byFiled);
  const weights: number[] = [];
  const days: number[] = [];
  for (let i = 0; i < sorted.length; i++) {
    weights.push(Math.pow(1.5, i));
    days.push(sorted[i]!.endDay);
  }
  const ends = [...yearEnds].sort(ascending);
  for (const e of ends) days.push(e);
  // Score and consistency depend on the shift only through year(day − shift) of the votes' and
  // years' end days, which changes where day − shift crosses a January 1: both are computed once
  // per run of shifts between two such crossings (the same sums as shift by shift).
  const segments = shiftSegments(days, MIN_SHIFT, MAX_SHIFT);
  let bestScore = -1;
  let best: number[] = [];
  for (const requireConsistent of [true, false]) {
    for (let k = 0; k < segments.length; k++) {
      const from = segments[k]!;
      const to = k + 1 < segments.length ? segments[k + 1]! - 1 : MAX_SHIFT;
      if (requireConsistent && !consistentLabels(ends, from)) continue;
      let score = 0;
      for (let i = 0; i < sorted.length; i++) if (yearOf(sorted[i]!.endDay - from) === sorted[i]!.fy) score += weights[i]!;
      for (let shift = from; shift <= to; shift++) {
        if (score > bestScore) { bestScore = score; best = [shift]; }
        else if (score === bestScore) best.push(shift);
      }
    }
    if (best.length > 0) break;
  }
  return best[Math.floor(best.length / 2)]!;
}

/** True when the shift gives consecutive years (ends ascending, 350 to 380 days apart) consecutive labels. */
function consistentLabels(ends: readonly number[], shift: number): boolean {
  for (let i = 1; i < ends.length; i++) {
    const gap = ends[i]! - ends[i - 1]!;
    if (gap < 350 || gap > 380) continue;
    if (yearOf(ends[i]! - shift) - yearOf(ends[i - 1]! - shift) !== 1) return false;
  }
  return true;
}

const MIN_SHIFT = -200;
const MAX_SHIFT = 400;

/** Day number of January 1 of a year. */
function januaryFirst(year: number): number {
  return Math.round(new Date(0).setUTCFullYear(year, 0, 1) / 86_400_000);
}

/**
 * The first shift of each run of shifts in [lo, hi] over which year(day − shift) is the same for
 * every day of `days`, ascending (lo first): a run ends at a shift that puts one of the days on a
 * January 1.
 */
function shiftSegments(days: readonly number[], lo: number, hi: number): number[] {
  const starts = new Set<number>([lo]);
  for (const day of days) {
    for (let y = yearOf(day - hi); y <= yearOf(day - lo); y++) {
      const shift = day - januaryFirst(y); // year(day − shift) = y, year(day − shift − 1) = y − 1
      if (shift >= lo && shift < hi) starts.add(shift + 1);
    }
  }
  return [...starts].sort(ascending);
}

/** Start and end day of quarter q (1..4) of a fiscal year, or null when its bounds are unknown. */
export function quarterBounds(fy: FiscalYear, q: 1 | 2 | 3 | 4): { startDay: number; endDay: number } | null {
  const end = fy.quarterEnds[q - 1];
  if (end == null) return null;
  if (q === 1) return { startDay: fy.startDay, endDay: end };
  const prevEnd = fy.quarterEnds[q - 2];
  if (prevEnd == null) return null;
  return { startDay: prevEnd + 1, endDay: end };
}
