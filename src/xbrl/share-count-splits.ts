// Share splits found in the share counts (docs/metrics.md, Prices and splits: Splits found in the
// share counts). A split restates every earlier share count: a later filing reports the same
// period's weighted average shares multiplied by the split ratio exactly. Rule:
//   - per period (start, end) of us-gaap:WeightedAverageNumberOfSharesOutstandingBasic, each two
//     successive periodic filings whose values differ by a share-split ratio (market/share-split.ts:
//     p/q with q <= 4 within 0.1 %, between 1/50 and 50, not 1) say a split of that ratio took
//     effect after the first filing and on or before the second;
//   - a ratio seen for at least MIN_PERIODS periods is a split, its window the intersection of
//     theirs (latest first filing, earliest second filing);
//   - the cover-page counts (dei:EntityCommonStockSharesOutstanding, never restated) narrow it: the
//     two successive counts in the window whose ratio is within 3 % of the split's.
// The ex-date is not in the share counts: the split is dated at the window's end, the first date
// known on the new basis. Whether a price set or splits.csv already has it is decided where the
// splits meet (metrics/derive-company-records.ts, the records sink). Pure.
import type { FactColumns } from '../sources/fact-columns.js';
import { splitOfRatio } from '../model/split-ratio.js';
import { isPeriodicForm } from './fact-index.js';
import { SHARE_COUNT_SOURCE, type ShareCountSplit } from '../model/record-types.js';

export type { ShareCountSplit };


/** Periods that must show the same restatement ratio. */
export const MIN_PERIODS = 2;
const MAX_RATIO = 50;
const COVER_TOLERANCE = 0.03;

interface Seen { from: number; to: number; after: string; upTo: string; periods: string[] }

export function shareCountSplits(weighted: FactColumns | null, cover: ReadonlyArray<{ date: string; value: number }>): ShareCountSplit[] {
  if (!weighted) return [];
  // per period, its (filed, value) from periodic filings, the first value a filing gives
  const byPeriod = new Map<string, Map<string, number>>();
  for (let i = 0; i < weighted.length; i++) {
    const start = weighted.start[i];
    if (!start || !isPeriodicForm(weighted.form[i]!) || !(weighted.val[i]! > 0)) continue;
    const key = `${start}..${weighted.end[i]}`;
    let m = byPeriod.get(key);
    if (!m) byPeriod.set(key, (m = new Map()));
    if (!m.has(weighted.filed[i]!)) m.set(weighted.filed[i]!, weighted.val[i]!);
  }
  const seen = new Map<string, Seen>();
  for (const [period, m] of byPeriod) {
    const filings = [...m].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    for (let k = 1; k < filings.length; k++) {
      const r = filings[k]![1] / filings[k - 1]![1];
      if (!(r > 1 / MAX_RATIO && r < MAX_RATIO)) continue;
      const s = splitOfRatio(r);
      if (!s || s.from === s.to) continue;
      const key = `${s.from}:${s.to}`;
      const after = filings[k - 1]![0];
      const upTo = filings[k]![0];
      const prior = seen.get(key);
      // the same split seen again: windows must overlap
      if (prior && after < prior.upTo && upTo > prior.after) {
        prior.after = after > prior.after ? after : prior.after;
        prior.upTo = upTo < prior.upTo ? upTo : prior.upTo;
        if (!prior.periods.includes(period)) prior.periods.push(period);
      } else if (!prior) {
        seen.set(key, { ...s, after, upTo, periods: [period] });
      }
    }
  }
  const out: ShareCountSplit[] = [];
  const counts = [...cover].filter((c) => c.value > 0).sort((a, b) => (a.date < b.date ? -1 : 1));
  for (const s of seen.values()) {
    if (s.periods.length < MIN_PERIODS) continue;
    const ratio = s.to / s.from;
    let after = s.after;
    let date = s.upTo;
    let coverText = '';
    for (let i = 1; i < counts.length; i++) {
      const a = counts[i - 1]!;
      const b = counts[i]!;
      if (b.date <= s.after || a.date >= s.upTo) continue;
      if (Math.abs(b.value / a.value / ratio - 1) <= COVER_TOLERANCE) {
        if (a.date > after) after = a.date;
        date = b.date;
        coverText = `; cover-page shares ${a.value.toLocaleString('en-US')} on ${a.date}, ${b.value.toLocaleString('en-US')} on ${b.date}`;
        break;
      }
    }
    out.push({
      date, after, from: s.from, to: s.to, filedAfter: s.after, filedBy: s.upTo,
      evidence: `${SHARE_COUNT_SOURCE} weighted average shares of ${s.periods.length} periods restated x${s.to}/${s.from} between the filings of ${s.after} and ${s.upTo}${coverText}; split after ${after}, on or before ${date} (no as-traded price gives its ex-date)`,
    });
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : 1));
}
