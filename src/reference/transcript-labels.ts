// Checks a transcript's corpus label (fiscal year and quarter) against the quarter its text names
// and the company's fiscal calendar and earnings releases, and decides the quarter it is served
// under. Invariant: conservative; the label is replaced only when the text names another quarter
// clearly, that quarter is within four quarters of the label, the calendar places it, and (where
// the filing history reaches) it has an earnings release; otherwise the label stands.
import type { CallPeriodText, QuarterName } from './transcript-periods.js';
import type { FiscalQuarterCalendar } from './earnings-call-calendar.js';
import type { ReleaseMatch } from './earnings-call-dates.js';

/** Largest distance, in quarters, between a label and the quarter that replaces it. */
export const MAX_CORRECTION_QUARTERS = 4;
/** How close a stated quarter end ("quarter ended July 3, 2021") must be to the calendar's. */
export const QUARTER_END_TOLERANCE_DAYS = 10;

export type LabelDecision =
  | { kind: 'confirmed'; period: QuarterName }
  | { kind: 'unchecked'; period: QuarterName }
  | { kind: 'corrected'; period: QuarterName; from: QuarterName; evidence: string }
  | { kind: 'kept'; period: QuarterName; named: QuarterName; reason: string };

function index(p: QuarterName): number {
  return p.year * 4 + p.quarter - 1;
}

function same(a: QuarterName, b: QuarterName): boolean {
  return a.year === b.year && a.quarter === b.quarter;
}

/** The quarter the text names with enough evidence to weigh against the label, and how it was read. */
function namedQuarter(label: QuarterName, text: CallPeriodText, calendar: FiscalQuarterCalendar): { named: QuarterName; clear: boolean; how: string } | null {
  if (text.quarterEnd !== null) {
    const q = calendar.quarterEndingNear(text.quarterEnd, QUARTER_END_TOLERANCE_DAYS);
    if (q) return { named: { year: q.fiscalYear, quarter: q.quarter }, clear: true, how: `states the quarter ended ${text.quarterEnd}` };
  }
  if (text.topic !== null) {
    const clear = text.conflicting === 0 || (text.agreeing >= 2 && text.agreeing > text.conflicting);
    return { named: text.topic, clear, how: `names Q${text.topic.quarter} ${text.topic.year}` };
  }
  // "Full Year 2019 Results" speaks for a fourth-quarter call only.
  if (text.fullYear !== null && label.quarter === 4) return { named: { year: text.fullYear, quarter: 4 }, clear: true, how: `names full year ${text.fullYear}` };
  return null;
}

/**
 * The quarter a call is served under. `release` answers for a fiscal quarter whether the
 * company's filing history holds its earnings release.
 */
export function decideCallPeriod(
  label: QuarterName,
  text: CallPeriodText,
  calendar: FiscalQuarterCalendar,
  release: (period: QuarterName) => ReleaseMatch['kind'],
): LabelDecision {
  const n = namedQuarter(label, text, calendar);
  if (n === null) return { kind: 'unchecked', period: label };
  if (same(n.named, label)) return { kind: 'confirmed', period: label };
  const kept = (reason: string): LabelDecision => ({ kind: 'kept', period: label, named: n.named, reason });
  if (!n.clear) return kept('the opening names other quarters too');
  if (Math.abs(index(n.named) - index(label)) > MAX_CORRECTION_QUARTERS) return kept('the named quarter is more than a year from the label');
  if (calendar.endOf(n.named.year, n.named.quarter) === null) return kept('the fiscal calendar does not place the named quarter');
  if (release(n.named) === 'none' && release(label) === 'found') return kept('no earnings release for the named quarter, one for the label');
  return { kind: 'corrected', period: n.named, from: label, evidence: `${n.how}: "${text.evidence ?? ''}"` };
}
