// Share counts and per-share amounts on the record date's share basis: the splits that changed the
// count, reported values converted across them, and the checked shares outstanding.
import type { PeriodRecord } from '../../model/record-types.js';
import type { N } from '../arith.js';
import { daysBetween } from '../../market/market-data.js';
import { convertShares, splitFactor, type Split } from '../../market/split-history.js';

/**
 * Splits that changed the share count. Price vendors also book spin-offs as "splits" (Baxter
 * 2015-07-01, 1:1.841; Arconic 2016-11-01, 1:1.334): such an event restores prices but must not
 * rescale share counts. A share split has a ratio of small whole numbers (to/from = p/q with
 * p, q <= 20 within 0.02 %: 2-for-1, 3-for-2, 1-for-8); anything else is a price adjustment.
 * (Cover-page share counts cannot decide it: filers date them wrongly, e.g. Netflix's
 * post-split count "as of" 2015-06-30.)
 */
export function shareSplitsOf(splits: readonly Split[]): Split[] {
  // a loop, not filter: an empty filter result has another array map than [], and every split
  // conversion deoptimized on it
  const out: Split[] = [];
  for (const s of splits) if (isShareSplit(s)) out.push(s);
  return out;
}

function isShareSplit(s: Split): boolean {
  const f = splitFactor(s);
  for (let q = 1; q <= 20; q++) {
    const p = Math.round(f * q);
    if (p >= 1 && p <= 20 && Math.abs(p / q - f) <= f * 2e-4) return true;
  }
  return false;
}

function isPositive(x: N): boolean {
  return x !== null && x > 0;
}

/** Two share counts within 2x of each other. */
function agree(a: number, b: number): boolean {
  return a / b <= 2 && a / b >= 0.5;
}

/** A candidate share count (positive) within 2x of one of the references (positive ones). */
function agreesWithSome(x: N, references: readonly N[]): x is number {
  if (x === null || !(x > 0)) return false;
  for (const r of references) if (r !== null && r > 0 && agree(x, r)) return true;
  return false;
}

/**
 * Shares outstanding at a record date, cross-checked. Filers mis-scale share counts (Apple
 * 2014-03-29: 861,745 for 861.7 million; Gallagher's cover page 2020-03-31: 189.6 trillion; CSX
 * 2011-04-01: 1) and cover pages carry wrong dates (Netflix 2015-06-30 counts post-split shares).
 * Candidates, in order: the balance-sheet count, the cover-page count of the next 120 days (both
 * on the record date's basis). The period's weighted shares (diluted, basic; same basis) are the
 * reference: the first candidate within 2x of a reference wins; if none agrees, the period's own
 * weighted basic (else diluted) shares stand in (`fallback`: multi-class filers such as Alphabet
 * tag one class's count), else null. Without a reference, the balance-sheet count wins unless it
 * is 2x off the cover page.
 */
export function checkedSharesOut(
  balance: N, cover: ReadonlyArray<{ date: string; value: number }>, splits: readonly Split[], date: string,
  references: readonly N[] = [], fallback: N = null,
): N {
  let coverValue: N = null;
  for (const c of cover) {
    if (c.date >= date && daysBetween(date, c.date) <= 120) { coverValue = convertShares(c.value, splits, c.date, date); break; }
  }
  if (references.some(isPositive)) {
    if (agreesWithSome(balance, references)) return balance;
    if (agreesWithSome(coverValue, references)) return coverValue;
    return fallback !== null && fallback > 0 ? fallback : null;
  }
  if (balance === null || !(balance > 0)) return coverValue;
  if (coverValue === null) return balance;
  return agree(balance, coverValue) ? balance : coverValue;
}

/** A value of a statement record as filed: a finite number, else null. */
export function reported(rec: PeriodRecord | undefined, field: string): N {
  const x = rec?.values[field];
  return typeof x === 'number' && Number.isFinite(x) ? x : null;
}

export function basisDate(rec: PeriodRecord | undefined, field: string): string | null {
  if (!rec) return null;
  return rec.provenance[field]?.filed ?? rec.date;
}

/** A share count reported in `rec`, on the share basis of `date`; null when not reported. */
export function sharesOnBasis(rec: PeriodRecord | undefined, field: string, splits: readonly Split[], date: string): N {
  const x = reported(rec, field);
  return x === null ? null : convertShares(x, splits, basisDate(rec, field)!, date);
}
