// The adjusted columns of a merged as-traded series: the close adjusted for splits, spin-offs and
// cash dividends (a total-return series, as charting and return calculations need), the volume on
// today's share basis, and the previous close on each bar's own share basis (for daily change).
// Invariant: for a bar with no later event, adj_close = close and adj_volume = volume.
//
// Events after a bar multiply its adjusted close by: from/to for a share split, 1/r for a ratio
// that is no share split (a spin-off factor: EBAY 2015-07-20, GE 2024-04-02; the same event
// recorded by two sources counts once), and 1 - D / (the as-traded close before the ex-date) for
// a cash dividend D. Only
// the dividends a price set records are known (prices/yahoo-2024: from 2015): before the first,
// the adjusted close carries the later events only.
import type { SourceEvent } from './event-restore.js';
import { splitFactor, type Split } from './split-history.js';

export interface AdjustedColumns {
  adjClose: number[];
  adjVolume: number[];
  prevClose: number[];
  /** Cash dividend going ex on the bar's date (NaN: none). */
  dividend: number[];
}

/** Days within which a source's ratio and a split of splits.csv are the same event. */
const SAME_EVENT_DAYS = 3;

function daysApart(a: string, b: string): number {
  return Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000;
}

/** Two records of one ratio event: the same ratio within 1 %, within a few days. */
function sameRatio(aDate: string, a: number, bDate: string, b: number): boolean {
  return daysApart(aDate, bDate) <= SAME_EVENT_DAYS && Math.abs(a / b - 1) < 0.01;
}

interface Multiplier { date: string; split: number; price: (prevClose: number) => number }

/** `splits` are share splits (share-split.ts); `events` the dividends and other ratios known. */
export function adjustedColumns(
  dates: readonly string[], close: readonly number[], volume: readonly number[],
  splits: readonly Split[], events: readonly SourceEvent[],
): AdjustedColumns {
  const n = dates.length;
  const mult: Multiplier[] = [];
  for (const s of splits) mult.push({ date: s.date, split: splitFactor(s), price: () => 1 / splitFactor(s) });
  const ratios: SourceEvent[] = [];
  for (const e of events) {
    if (e.kind === 'dividend') mult.push({ date: e.date, split: 1, price: (prev) => (prev > e.value ? 1 - e.value / prev : 1) });
    if (e.kind !== 'ratio') continue;
    if (splits.some((s) => sameRatio(s.date, splitFactor(s), e.date, e.value))) continue;
    if (ratios.some((r) => sameRatio(r.date, r.value, e.date, e.value))) continue;
    ratios.push(e);
    mult.push({ date: e.date, split: 1, price: () => 1 / e.value });
  }
  mult.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0)); // newest first
  const out: AdjustedColumns = {
    adjClose: new Array<number>(n), adjVolume: new Array<number>(n), prevClose: new Array<number>(n).fill(NaN), dividend: new Array<number>(n).fill(NaN),
  };
  const dividendOn = new Map<string, number>();
  for (const e of events) if (e.kind === 'dividend') dividendOn.set(e.date, (dividendOn.get(e.date) ?? 0) + e.value);
  let priceM = 1;
  let shareM = 1;
  let m = 0;
  for (let k = n - 1; k >= 0; k--) {
    // events after this bar's date and on or before the next bar's: this close is the one before them
    let splitBetween = 1;
    while (m < mult.length && mult[m]!.date > dates[k]!) {
      const e = mult[m++]!;
      priceM *= e.price(close[k]!);
      shareM *= e.split;
      if (k + 1 < n && e.date <= dates[k + 1]!) splitBetween *= e.split;
    }
    if (k + 1 < n) out.prevClose[k + 1] = round4(close[k]! / splitBetween);
    out.adjClose[k] = round4(close[k]! * priceM);
    out.adjVolume[k] = Math.round(volume[k]! * shareM);
    const d = dividendOn.get(dates[k]!);
    if (d !== undefined) out.dividend[k] = d;
  }
  return out;
}

/** x rounded to 4 decimals; NaN when x is not finite. */
export function round4(x: number): number {
  return Number.isFinite(x) ? Math.round(x * 1e4) / 1e4 : NaN;
}
