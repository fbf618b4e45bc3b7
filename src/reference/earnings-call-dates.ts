// Dates an earnings call from the company's earnings release: an 8-K carrying Item 2.02 (Results
// of Operations and Financial Condition) filed 10-75 days after the quarter's end; where several
// are, the last group filed up to the quarter's 10-Q/10-K (a preliminary announcement comes first).
// Invariant: a date only from a matching filing; when none matches (or the filing history does not
// reach back to the window) the date is null, never guessed (docs/api.md, Earnings calls).
import type { CurrentReport, FilingHistory } from '../sources/earnings-call-filings.js';
import type { ReleaseTiming } from './transcript-periods.js';
import { addDays } from './earnings-call-calendar.js';
import { dayNumber } from '../model/dates.js';

/** The earnings-release window after a quarter's end, in days (inclusive). */
export const RELEASE_WINDOW = { minDays: 10, maxDays: 75 } as const;
/** Item 2.02 8-Ks filed this many days apart or less are one release (the release, then its slides). */
const SAME_RELEASE_DAYS = 3;
/** A 10-Q/10-K is the quarter's when its period (reportDate) ends this close to the quarter's end. */
const PERIOD_TOLERANCE_DAYS = 7;
/** A reportDate more than this many days before the filing is not taken as the release date. */
const REPORT_DATE_LAG_DAYS = 4;
export const RESULTS_ITEM = '2.02';

export type ReleaseMatch =
  | { kind: 'found'; filingDate: string; reportDate: string | null; releaseDate: string }
  /** The history reaches the window but holds no Item 2.02 8-K in it. */
  | { kind: 'none' }
  /** The submissions' recent filings start after the window opens: nothing can be said. */
  | { kind: 'beyond-history' };

function byFilingDate(a: CurrentReport, b: CurrentReport): number {
  return a.filingDate < b.filingDate ? -1 : a.filingDate > b.filingDate ? 1 : 0;
}

/** The quarter's own 10-Q or 10-K filing date: the first filed for a period ending near `quarterEnd`. */
function periodicFiling(history: FilingHistory, quarterEnd: string): string | null {
  const end = dayNumber(quarterEnd);
  let first: string | null = null;
  for (const r of history.reports) {
    if ((r.form !== '10-Q' && r.form !== '10-K') || r.reportDate === null || r.filingDate < quarterEnd) continue;
    if (Math.abs(dayNumber(r.reportDate) - end) > PERIOD_TOLERANCE_DAYS) continue;
    if (first === null || r.filingDate < first) first = r.filingDate;
  }
  return first;
}

/** The release among the window's Item 2.02 8-Ks (sorted by filing date, at least one). */
function pickRelease(candidates: readonly CurrentReport[], periodic: string | null): CurrentReport {
  const before = periodic === null ? [] : candidates.filter((r) => r.filingDate <= periodic);
  if (before.length === 0) return candidates[0]!;
  let i = before.length - 1;
  while (i > 0 && dayNumber(before[i]!.filingDate) - dayNumber(before[i - 1]!.filingDate) <= SAME_RELEASE_DAYS) i -= 1;
  return before[i]!;
}

/** The earnings release of the quarter ending `quarterEnd`. */
export function matchRelease(history: FilingHistory, quarterEnd: string): ReleaseMatch {
  const from = addDays(quarterEnd, RELEASE_WINDOW.minDays);
  const to = addDays(quarterEnd, RELEASE_WINDOW.maxDays);
  const candidates = history.reports
    .filter((r) => r.form === '8-K' && r.items.includes(RESULTS_ITEM) && r.filingDate >= from && r.filingDate <= to)
    .sort(byFilingDate);
  if (candidates.length === 0) {
    return history.earliestFiling === null || history.earliestFiling > from ? { kind: 'beyond-history' } : { kind: 'none' };
  }
  const release = pickRelease(candidates, periodicFiling(history, quarterEnd));
  const rd = release.reportDate;
  const usable = rd !== null && rd <= release.filingDate && rd >= addDays(release.filingDate, -REPORT_DATE_LAG_DAYS) && rd > quarterEnd;
  return { kind: 'found', filingDate: release.filingDate, reportDate: rd, releaseDate: usable ? rd : release.filingDate };
}

/** The call's date: the release date, or the day after it when the call says the release came out yesterday. */
export function callDate(release: ReleaseMatch, timing: ReleaseTiming): string | null {
  if (release.kind !== 'found') return null;
  return timing === 'day-before' ? addDays(release.releaseDate, 1) : release.releaseDate;
}
