// Share counts no company has: a count above 100 billion shares is a scale error (Berkshire
// Hathaway's 10-Ks filed in 2011 and 2012 tag its weighted average of ~1.65 million Class A
// equivalent shares as 1,649,891,000,000). When another periodic filing reported the same period
// with the value divided by exactly a thousand or a million (Berkshire's 10-K of 2013:
// 1,649,891), that filing's fact is the period's fact, whatever the fact policy would have kept.
// Invariant: only facts of the 'shares' unit above MAX_PLAUSIBLE_SHARES are touched, and only
// replaced by another filing's fact of the same period.
import { dayNumber } from '../model/dates.js';
import { toFact, type Fact, type UnitFacts } from './fact.js';

/** More shares than any company has issued (the largest counts are tens of billions). */
export const MAX_PLAUSIBLE_SHARES = 1e11;
const FACTORS = [1000, 1_000_000] as const;

/** The version of a period whose value is `val` / 1,000 or / 1,000,000, when one exists. */
function rescaledVersion(val: number, versions: readonly Fact[]): Fact | null {
  for (const factor of FACTORS) {
    const want = val / factor;
    for (const v of versions) {
      if (v.val <= MAX_PLAUSIBLE_SHARES && Math.abs(v.val - want) <= 0.5) return v;
    }
  }
  return null;
}

/** Replaces, in place, each implausible share count of `uf` by a correctly scaled version of the same period. */
export function preferPlausibleShareCounts(uf: UnitFacts): void {
  uf.durationsByEnd.forEach((facts) => {
    for (let i = 0; i < facts.length; i++) {
      const f = facts[i]!;
      if (f.val <= MAX_PLAUSIBLE_SHARES || f.versions === null) continue;
      const v = rescaledVersion(f.val, f.versions);
      if (v) facts[i] = { ...v, versions: f.versions, reports: f.reports };
    }
  });
  uf.instants.forEach((f, day) => {
    if (f.val <= MAX_PLAUSIBLE_SHARES || f.reports === null) return;
    const versions = f.reports.map((row) => toFact(uf.cols, row, dayNumber(uf.cols.end[row]!)));
    const v = rescaledVersion(f.val, versions);
    if (v) uf.instants.set(day, { ...v, reports: f.reports });
  });
}
