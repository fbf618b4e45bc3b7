// Turns the bars of several overlapping price sets into one as-traded daily series per symbol.
// Invariant: every stored close is the price the stock actually traded at on that date, so
// close x shares outstanding on that date is the market value.
//
// Why it works: a set whose close is adjusted "as of A" has every split with d < ex-date <= A
// divided into the bar of date d; multiplying back by those factors restores the traded price.
// Dividend adjustment cannot be undone from split data alone; for such bars we anchor the
// series on the nearest later date where an as-traded (or split-only) bar of the same symbol
// exists: true(d) = adjusted(d) x true(a)/adjusted(a), leaving only the dividends paid between d
// and a as bias (documented in docs/metrics.md). Bars with no later anchor keep their bias (the
// dividends paid between d and the set's as-of date).
import type { PriceBasis, RawBar } from '../sources/prices-set.js';
import { splitFactorBetween, type Split } from './split-history.js';

export interface PriceSetBars {
  set: string;
  asOf: string;
  closeBasis: PriceBasis;
  bars: readonly RawBar[];
}

export interface TradedBar {
  date: string;
  open: number | null;
  high: number | null;
  low: number | null;
  /** As-traded close. */
  close: number;
  /** Close adjusted for every split in the split history after the bar (no dividend adjustment). */
  adjClose: number;
  /** Shares traded that day, on the as-traded basis. */
  volume: number | null;
  /** Set the bar came from. */
  source: string;
  /** 0 as traded, 1 split-adjusted then restored (exact), 2 dividend-adjusted then restored and anchored. */
  basisRank: number;
}

export interface AssembleResult {
  bars: TradedBar[];
  /** Dividend-adjusted bars re-anchored on a later as-traded bar. */
  anchored: number;
  /** Dividend-adjusted bars with no later anchor (bias = dividends paid until the set's as-of). */
  unanchored: number;
  /** Largest |anchor ratio - 1| seen (a large value hints at a split missing from the history). */
  maxAnchorDeviation: number;
  /** As-traded bars dropped because they contradict the adjusted sets on the same date. */
  rejected: number;
}

/** Order of the adjustment bases: as traded (0), split-adjusted (1), split- and dividend-adjusted (2). */
export const BASIS_RANK: Record<PriceBasis, number> = { none: 0, splits: 1, splits_and_dividends: 2 };

/**
 * Shortest run of contradicting as-traded bars treated as corrupt. Shorter runs are kept: a
 * split dated a day off in the history (CF 2015-06-17 vs its 06-18 ex-date) contradicts one or
 * two bars, and there the as-traded close is right.
 */
const MIN_CORRUPT_RUN = 10;

function round(x: number | null, dp = 4): number | null {
  if (x === null || !Number.isFinite(x)) return null;
  const m = 10 ** dp;
  return Math.round(x * m) / m;
}

/** Restore split-adjusted bars of one set to as-traded prices (exact for the split part). */
export function restoreSplits(set: PriceSetBars, splits: readonly Split[]): TradedBar[] {
  const rank = BASIS_RANK[set.closeBasis];
  const sorted = [...splits].sort((a, b) => (a.date < b.date ? -1 : 1));
  const out: TradedBar[] = [];
  for (const b of set.bars) {
    const f = rank === 0 ? 1 : splitFactorBetween(sorted, b.date, set.asOf);
    out.push({
      date: b.date,
      open: b.open === null ? null : b.open * f,
      high: b.high === null ? null : b.high * f,
      low: b.low === null ? null : b.low * f,
      close: b.close * f,
      adjClose: 0,
      volume: b.volume === null ? null : b.volume / f,
      source: set.set,
      basisRank: rank,
    });
  }
  return out;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * Merge the sets of one symbol: per date the best basis wins (as traded, then split-only, then
 * split-and-dividend), ties to the later as-of. Dividend-adjusted winners are anchored as above.
 */
export function assembleTradedSeries(sets: readonly PriceSetBars[], splits: readonly Split[]): AssembleResult {
  const restored = sets.map((s) => ({ s, bars: restoreSplits(s, splits) }));
  // Cross-check as-traded bars against adjusted bars of the same date: a split-only close restored
  // should match (0.8-1.25); a dividend-adjusted one may be lower (ratio 0.8-1.6). A run of
  // contradicting as-traded bars (at least MIN_CORRUPT_RUN) with agreeing bars on both sides is another security's or
  // corrupt data (raw NEE 2016-06-09..2017-01-30: 25.69 vs ~126) and is dropped. A run touching
  // either end of the overlap is kept: it is what a split missing from the history looks like
  // (raw HLT before its 2017-01-04 1-for-3), and there the as-traded price is the right one.
  const adjustedByDate = new Map<string, TradedBar>();
  for (const { bars } of restored) for (const bar of bars) if (bar.basisRank > 0 && !adjustedByDate.has(bar.date)) adjustedByDate.set(bar.date, bar);
  let rejected = 0;
  for (const r of restored) {
    if (BASIS_RANK[r.s.closeBasis] !== 0) continue;
    // per bar: true = agrees, false = contradicts, null = nothing to compare with
    const verdict = r.bars.map((bar) => {
      const other = adjustedByDate.get(bar.date);
      if (!other) return null;
      const ratio = bar.close / other.close;
      return ratio >= 0.8 && ratio <= (other.basisRank === 1 ? 1.25 : 1.6);
    });
    const drop = new Array<boolean>(r.bars.length).fill(false);
    let i = 0;
    while (i < verdict.length) {
      if (verdict[i] !== false) { i++; continue; }
      let j = i;
      while (j < verdict.length && verdict[j] !== true) j++;
      const before = verdict.slice(0, i).includes(true);
      const after = j < verdict.length; // verdict[j] === true
      const contradicting = verdict.slice(i, j).filter((x) => x === false).length;
      if (before && after && contradicting >= MIN_CORRUPT_RUN) for (let k = i; k < j; k++) if (verdict[k] === false) drop[k] = true;
      i = j;
    }
    r.bars = r.bars.filter((_, k) => { if (drop[k]) rejected++; return !drop[k]; });
  }
  const best = new Map<string, { bar: TradedBar; asOf: string }>();
  for (const { s, bars } of restored) {
    for (const bar of bars) {
      const cur = best.get(bar.date);
      if (!cur || bar.basisRank < cur.bar.basisRank || (bar.basisRank === cur.bar.basisRank && s.asOf > cur.asOf)) {
        best.set(bar.date, { bar, asOf: s.asOf });
      }
    }
  }
  const dates = [...best.keys()].sort();
  let anchored = 0;
  let unanchored = 0;
  let maxAnchorDeviation = 0;

  // Anchor ratios per dividend-adjusted set: dates where that set and a better bar coexist.
  const anchorsBySet = new Map<string, Array<{ date: string; ratio: number }>>();
  for (const { s, bars } of restored) {
    if (BASIS_RANK[s.closeBasis] < 2) continue;
    const list: Array<{ date: string; ratio: number }> = [];
    for (const bar of bars) {
      const win = best.get(bar.date)!.bar;
      if (win.basisRank < 2 && bar.close > 0) list.push({ date: bar.date, ratio: win.close / bar.close });
    }
    anchorsBySet.set(s.set, list);
  }

  const out: TradedBar[] = [];
  for (const date of dates) {
    const bar = { ...best.get(date)!.bar };
    if (bar.basisRank === 2) {
      const anchors = anchorsBySet.get(bar.source) ?? [];
      // first anchor strictly after this date (binary search)
      let lo = 0;
      let hi = anchors.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (anchors[mid]!.date <= date) lo = mid + 1; else hi = mid;
      }
      if (lo < anchors.length) {
        const k = median(anchors.slice(lo, lo + 5).map((a) => a.ratio));
        bar.close *= k;
        if (bar.open !== null) bar.open *= k;
        if (bar.high !== null) bar.high *= k;
        if (bar.low !== null) bar.low *= k;
        anchored++;
        maxAnchorDeviation = Math.max(maxAnchorDeviation, Math.abs(k - 1));
      } else {
        unanchored++;
      }
    }
    out.push(bar);
  }

  // Split-adjusted close on the basis after every known split (the "adjusted" series users chart).
  const sorted = [...splits].sort((a, b) => (a.date < b.date ? -1 : 1));
  const lastSplit = sorted.length ? sorted[sorted.length - 1]!.date : '0000-00-00';
  for (const bar of out) {
    const f = splitFactorBetween(sorted, bar.date, lastSplit);
    bar.adjClose = round(bar.close / f)!;
    bar.close = round(bar.close)!;
    bar.open = round(bar.open);
    bar.high = round(bar.high);
    bar.low = round(bar.low);
    bar.volume = bar.volume === null ? null : Math.round(bar.volume);
  }
  return { bars: out, anchored, unanchored, maxAnchorDeviation, rejected };
}
