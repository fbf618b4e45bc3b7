// The company's fiscal calendar, discovered from the periods its facts cover: fiscal years
// (start, end, the company's own label) and the three interim quarter ends inside each year.
// Invariant: periods come from start/end only; fy is read only from annual filings, as the label
// of the primary period (the latest annual period) of that filing, and checked against the date.
import { ANNUAL_FORMS, isPeriodicForm, type RawFact } from './fact-index.js';
import { dayNumber, isoDate, within, QUARTER_DAYS, HALF_DAYS, NINE_MONTH_DAYS, YEAR_DAYS } from './dates.js';

export interface FiscalYear {
  label: number;
  startDay: number;
  /** null for the year in progress (only interim filings after the last annual report). */
  endDay: number | null;
  /** How the label was established, for provenance and debugging. */
  labelSource: 'annual-filing' | 'offset';
  /** End day of Q1, Q2, Q3 and Q4 (Q4 = year end); null where no period evidence. */
  quarterEnds: [number | null, number | null, number | null, number | null];
}

interface AccnInfo { fy: number | null; maxEnd: number }

function bump<K>(m: Map<K, number>, k: K): void {
  m.set(k, (m.get(k) ?? 0) + 1);
}

function argmax<K>(m: Map<K, number>): K | undefined {
  let best: K | undefined;
  let n = -1;
  for (const [k, c] of m) if (c > n) { best = k; n = c; }
  return best;
}

function yearOf(day: number): number {
  return +isoDate(day).slice(0, 4);
}

/**
 * Build the calendar from the raw facts of duration concepts (any subset large enough to cover
 * the statements: the mapped income and cash-flow concepts).
 */
export function buildFiscalCalendar(rawFactLists: Iterable<readonly RawFact[]>, fiscalYearEnd: string | null): FiscalYear[] {
  const accns = new Map<string, AccnInfo>();
  const annualPairs = new Map<string, number>(); // "startDay|endDay" -> count (annual forms)
  const interimPairs = new Map<string, number>(); // all periodic shorter durations
  for (const list of rawFactLists) {
    for (const f of list) {
      if (!f.start || !isPeriodicForm(f.form)) continue;
      const s = dayNumber(f.start);
      const e = dayNumber(f.end);
      const days = e - s;
      if (within(days, YEAR_DAYS)) {
        if (!ANNUAL_FORMS.has(f.form)) continue;
        bump(annualPairs, s + '|' + e);
        const info = accns.get(f.accn);
        if (!info) accns.set(f.accn, { fy: typeof f.fy === 'number' ? f.fy : null, maxEnd: e });
        else if (e > info.maxEnd) info.maxEnd = e;
      } else if (days >= QUARTER_DAYS.min && days <= NINE_MONTH_DAYS.max) {
        bump(interimPairs, s + '|' + e);
      }
    }
  }

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
    const [s, e] = key.split('|').map(Number) as [number, number];
    let m = startsByEnd.get(e);
    if (!m) startsByEnd.set(e, (m = new Map()));
    m.set(s, (m.get(s) ?? 0) + n);
  }
  interface Cand { startDay: number; endDay: number; primary: boolean; votes: number }
  const cands: Cand[] = [];
  for (const [e, starts] of startsByEnd) {
    const votes = labelVotes.get(e);
    let total = 0;
    for (const n of starts.values()) total += n;
    cands.push({ startDay: argmax(starts)!, endDay: e, primary: !!votes, votes: votes ? total + 1000 : total });
  }
  cands.sort((a, b) => a.endDay - b.endDay);
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

  // Labels: the annual filing's fy when plausible (within a year of the end date's year),
  // otherwise the company's usual offset between label and end year.
  const offsets = new Map<number, number>();
  const labels: Array<number | null> = years.map((y) => {
    const votes = labelVotes.get(y.endDay);
    if (!votes) return null;
    const fy = argmax(votes)!;
    const off = fy - yearOf(y.endDay);
    if (off < -1 || off > 1) return null;
    bump(offsets, off);
    return fy;
  });
  const defaultOffset = argmax(offsets) ?? defaultOffsetFromHint(fiscalYearEnd);
  const out: FiscalYear[] = [];
  for (let i = 0; i < years.length; i++) {
    const y = years[i]!;
    let label = labels[i] ?? yearOf(y.endDay) + defaultOffset;
    const prev = out[out.length - 1];
    if (prev && label <= prev.label) label = prev.label + Math.max(1, Math.round((y.endDay - prev.endDay!) / 365.25));
    out.push({ label, startDay: y.startDay, endDay: y.endDay, labelSource: labels[i] !== null ? 'annual-filing' : 'offset', quarterEnds: [null, null, null, y.endDay] });
  }

  // The year in progress: interim periods starting the day after the last year end.
  const last = out[out.length - 1];
  if (last) {
    const nextStart = last.endDay! + 1;
    for (const key of interimPairs.keys()) {
      const s = Number(key.split('|')[0]);
      if (Math.abs(s - nextStart) <= 3) {
        out.push({ label: last.label + 1, startDay: nextStart, endDay: null, labelSource: 'offset', quarterEnds: [null, null, null, null] });
        break;
      }
    }
  }

  // Quarter ends: year-to-date periods from the year's start, and 3-month periods inside it.
  for (const fy of out) {
    const votes: Array<Map<number, number>> = [new Map(), new Map(), new Map()];
    const limit = fy.endDay ?? fy.startDay + 380;
    for (const [key, n] of interimPairs) {
      const [s, e] = key.split('|').map(Number) as [number, number];
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
  return out;
}

/** Without any annual filing evidence, a year ending in January is labelled by its end year. */
function defaultOffsetFromHint(_fiscalYearEnd: string | null): number {
  return 0;
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
