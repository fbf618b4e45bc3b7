// Turns the bars of several overlapping price sets into one as-traded daily series per symbol.
// Invariant: every stored close is the price the stock actually traded at on that date, so
// close x shares outstanding on that date is the market value.
//
// Why it works: a set whose close is adjusted "as of A" has every split with d < ex-date <= A
// divided into the bar of date d; multiplying back by those factors restores the traded price.
// A set that carries its own adjustment events (dividends and split ratios) is restored exactly
// from them (market/event-restore.ts). Otherwise dividend adjustment cannot be undone from split
// data alone; for such bars we anchor the series on the nearest later date where an as-traded (or
// split-only) bar of the same symbol exists: true(d) = adjusted(d) x true(a)/adjusted(a), leaving
// only the dividends paid between d and a as bias (documented in docs/metrics.md). Bars with no
// later anchor keep their bias (the dividends paid between d and the set's as-of date).
import type { PriceBasis, PriceColumns } from '../sources/prices-set.js';
import { splitFactor, splitFactorBetween, type Split } from './split-history.js';
import { isShareSplit } from './share-split.js';
import { restoreFromEvents, type SourceEvent } from './event-restore.js';
import { exDatesFromSets, ratiosMissingFrom, type RedatedSplit, type SourceSplit } from './set-split-events.js';
import { dropOtherIssuer } from './same-issuer.js';
import { adjustedColumns, round4 } from './adjusted-prices.js';

export interface AssembleColumnsResult {
  series: TradedColumns;
  /** Dividend-adjusted bars re-anchored on a later as-traded bar. */
  anchored: number;
  /** Dividend-adjusted bars with no later anchor (bias = dividends paid until the set's as-of). */
  unanchored: number;
  /** Dividend-adjusted bars with no later anchor dropped: an event after the set's last anchor is
   *  missing from the split history, and which side of it they lie on cannot be told. */
  ambiguous: number;
  /** Largest |anchor ratio - 1| seen (a large value hints at a split missing from the history). */
  maxAnchorDeviation: number;
  /** As-traded bars dropped because they contradict the adjusted sets on the same date. */
  rejected: number;
  /** Bars of older sets dropped because they are another issuer's (same-issuer.ts). */
  otherIssuer: number;
  /** Share splits a set's own events record and the split history lacks (spin-off factors aside). */
  sourceSplits: SourceSplit[];
  /** Splits of the history a set's own event of the same ratio dates otherwise (the market step re-dates them). */
  redatedSplits: RedatedSplit[];
}

/**
 * Rank of a set's closes once restored, best first: as traded (0), split-adjusted (1, restored
 * exactly with the split history), adjusted with the set's own events (2, restored exactly from
 * them; below 1 because a source can misapply its own events: CBOE's dividends twice before
 * 2018-11-29), split- and dividend-adjusted without events (3, anchored on better bars).
 */
export function setRank(closeBasis: PriceBasis, hasEvents: boolean): number {
  if (closeBasis === 'none') return 0;
  if (hasEvents) return 2;
  return closeBasis === 'splits' ? 1 : 3;
}
/** The rank of dividend-adjusted bars re-anchored on better ones. */
const ANCHORED = 3;

/**
 * Shortest run of contradicting as-traded bars treated as corrupt. Shorter runs are kept: a
 * split dated a day off in the history (CF 2015-06-17 vs its 06-18 ex-date) contradicts one or
 * two bars, and there the as-traded close is right.
 */
const MIN_CORRUPT_RUN = 10;

/** A set's bars as columns (sources/prices-set.ts), NaN for null. Bars with `dividends` and
 *  `splitRatio` columns are restored from those events (volume and dividends on the bases given). */
export interface PriceSetColumns {
  set: string;
  asOf: string;
  closeBasis: PriceBasis;
  volumeBasis?: PriceBasis;
  dividendsBasis?: PriceBasis | null;
  bars: PriceColumns;
}

/** The merged series as columns, date order; `source` indexes the sets given. NaN for null. */
export interface TradedColumns {
  dates: string[];
  open: number[];
  high: number[];
  low: number[];
  /** As-traded close. */
  close: number[];
  /** Close adjusted for every later split, spin-off factor and cash dividend (adjusted-prices.ts). */
  adjClose: number[];
  /** The previous bar's close on this bar's share basis (divided by the splits between them); NaN for the first. */
  prevClose: number[];
  /** Shares traded that day, on the as-traded basis. */
  volume: number[];
  /** Shares traded, on the share basis after every later split. */
  adjVolume: number[];
  /** Cash dividend per share going ex on this date, as traded (NaN: none known). */
  dividend: number[];
  source: number[];
  /** The winning set's rank (setRank): 0 and 1 exact, 2 restored from its events, 3 anchored. */
  basisRank: number[];
}

/**
 * splitFactorBetween(sorted, date, upTo) for dates read in ascending order: the factor only
 * changes when a split's date is passed, so it is computed once per such step (same value).
 */
class FactorsUpTo {
  private passed = -1;
  /** Set by the first at() (passed starts at -1). */
  private f = 1;
  constructor(private readonly sorted: readonly Split[], private readonly upTo: string) {}

  at(date: string): number {
    const sorted = this.sorted;
    let p = this.passed < 0 ? 0 : this.passed;
    while (p < sorted.length && sorted[p]!.date <= date) p++;
    if (p !== this.passed) {
      this.passed = p;
      this.f = splitFactorBetween(sorted, date, this.upTo);
    }
    return this.f;
  }
}

/** One set's bars restored to as-traded prices (exact for the split part); `keep` marks bars not dropped. */
interface RestoredSet {
  asOf: string;
  rank: number;
  dates: string[];
  open: number[];
  high: number[];
  low: number[];
  close: number[];
  volume: number[];
  keep: boolean[];
  /** Per bar of a dividend-adjusted set: close and basis rank of its date's winning bar (unused for other sets). */
  winClose: number[];
  winRank: number[];
  /** The set's own adjustment events (sets restored from events only). */
  events: SourceEvent[];
}

function restoreColumns(set: PriceSetColumns, sorted: readonly Split[]): RestoredSet {
  const b = set.bars;
  const hasEvents = hasOwnEvents(set);
  const rank = setRank(set.closeBasis, hasEvents);
  const n = b.dates.length;
  const r: RestoredSet = {
    asOf: set.asOf, rank, dates: b.dates, open: [], high: [], low: [], close: [], volume: [],
    keep: new Array<boolean>(n).fill(true), winClose: new Array<number>(n).fill(0), winRank: new Array<number>(n).fill(0),
    events: [],
  };
  if (hasEvents) {
    const e = restoreFromEvents(b, { closeBasis: set.closeBasis, volumeBasis: set.volumeBasis ?? 'none', dividendsBasis: set.dividendsBasis ?? null });
    Object.assign(r, { open: e.open, high: e.high, low: e.low, close: e.close, volume: e.volume, events: e.events });
    return r;
  }
  const factor = new FactorsUpTo(sorted, set.asOf);
  for (let i = 0; i < n; i++) {
    const f = rank === 0 ? 1 : factor.at(b.dates[i]!);
    r.open.push(b.open[i]! * f);
    r.high.push(b.high[i]! * f);
    r.low.push(b.low[i]! * f);
    r.close.push(b.close[i]! * f);
    r.volume.push(b.volume[i]! / f);
  }
  return r;
}

/**
 * Drops runs of as-traded bars that contradict the adjusted sets (see assembleTradedColumns):
 * `keep` cleared; returns how many were dropped. Each bar is compared with the first adjusted
 * bar of its date (sets in the order given, bars in file order).
 */
function dropContradictingRuns(raw: RestoredSet, adjusted: readonly RestoredSet[]): number {
  const n = raw.dates.length;
  // per bar: 1 agrees, 0 contradicts, -1 nothing to compare with
  const verdict = new Array<number>(n).fill(-1);
  for (const adj of adjusted) {
    let j = 0;
    for (let i = 0; i < n; i++) {
      if (verdict[i] !== -1) continue;
      const date = raw.dates[i]!;
      while (j < adj.dates.length && adj.dates[j]! < date) j++;
      if (j === adj.dates.length) break;
      if (adj.dates[j] !== date) continue;
      const ratio = raw.close[i]! / adj.close[j]!;
      verdict[i] = ratio >= 0.8 && ratio <= (adj.rank < ANCHORED ? 1.25 : 1.6) ? 1 : 0;
    }
  }
  let rejected = 0;
  let agreedBefore = false;
  let i = 0;
  while (i < n) {
    if (verdict[i] !== 0) {
      if (verdict[i] === 1) agreedBefore = true;
      i++;
      continue;
    }
    let j = i;
    let contradicting = 0;
    for (; j < n && verdict[j] !== 1; j++) if (verdict[j] === 0) contradicting++;
    const agreedAfter = j < n;
    if (agreedBefore && agreedAfter && contradicting >= MIN_CORRUPT_RUN) {
      for (let k = i; k < j; k++) if (verdict[k] === 0) { raw.keep[k] = false; rejected++; }
    }
    i = j;
  }
  return rejected;
}

/** Moves at[s] past the dropped bars of set s (onto a kept bar or the end). */
function skipDropped(sets: readonly RestoredSet[], at: number[], s: number): void {
  const r = sets[s]!;
  while (at[s]! < r.dates.length && !r.keep[at[s]!]) at[s]!++;
}

/**
 * The winning bar of every date, in date order, as [set index, bar index] pairs: per date the
 * best basis wins, ties to the later as-of, then to the set given first and the earlier row.
 * Each set's dates are ascending, so this is a merge. Records each dividend-adjusted bar's winner.
 */
function mergeWinners(sets: readonly RestoredSet[]): { winSet: number[]; winBar: number[] } {
  const at: number[] = [];
  for (let s = 0; s < sets.length; s++) at.push(0);
  for (let s = 0; s < sets.length; s++) skipDropped(sets, at, s);
  const winSet: number[] = [];
  const winBar: number[] = [];
  // each set's position at the date's start, reused (not an array per date)
  const first = at.slice();
  for (;;) {
    let date: string | null = null;
    for (let s = 0; s < sets.length; s++) {
      const d = sets[s]!.dates[at[s]!];
      if (d !== undefined && (date === null || d < date)) date = d;
    }
    if (date === null) break;
    let bestSet = -1;
    let bestBar = -1;
    for (let s = 0; s < sets.length; s++) first[s] = at[s]!;
    for (let s = 0; s < sets.length; s++) {
      const r = sets[s]!;
      // skipDropped leaves at[s] on a kept bar
      for (; at[s]! < r.dates.length && r.dates[at[s]!] === date; at[s]!++, skipDropped(sets, at, s)) {
        const cur = bestSet < 0 ? null : sets[bestSet]!;
        if (cur === null || r.rank < cur.rank || (r.rank === cur.rank && r.asOf > cur.asOf)) {
          bestSet = s;
          bestBar = at[s]!;
        }
      }
    }
    winSet.push(bestSet);
    winBar.push(bestBar);
    noteWinner(sets, first, at, bestSet, bestBar);
  }
  return { winSet, winBar };
}

/**
 * Records the date's winning close and rank on the bars of the dividend-adjusted sets (those
 * between first[s] and at[s]), for their anchors.
 */
function noteWinner(sets: readonly RestoredSet[], first: readonly number[], at: readonly number[], bestSet: number, bestBar: number): void {
  const win = sets[bestSet]!;
  for (let s = 0; s < sets.length; s++) {
    const r = sets[s]!;
    if (r.rank < ANCHORED) continue;
    for (let i = first[s]!; i < at[s]!; i++) {
      r.winClose[i] = win.close[bestBar]!;
      r.winRank[i] = win.rank;
    }
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

interface Anchor { date: string; ratio: number }

/**
 * Largest |ratio - 1| of a dividend-adjusted set's last anchors that dividends paid between them
 * and the set's as-of can explain (a yield of a few percent a year; a special dividend at most).
 */
const MAX_TAIL_BIAS = 0.2;

/**
 * The anchor ratios of each dividend-adjusted set (dates where that set and a better bar
 * coexist), and the factor of a bar: the median of the first five anchors strictly after its
 * date (1 for a bar that is not dividend-adjusted).
 */
class Anchoring {
  /** Dividend-adjusted bars re-anchored, bars without a later anchor (kept, dropped), largest |factor - 1|. */
  anchored = 0;
  unanchored = 0;
  ambiguous = 0;
  maxDeviation = 0;
  private readonly lists: Anchor[][] = [];
  private medianSet = -1;
  private medianAt = -1;
  private medianValue = NaN;

  constructor(restored: readonly RestoredSet[]) {
    for (const r of restored) {
      const list: Anchor[] = [];
      if (r.rank >= ANCHORED) {
        for (let i = 0; i < r.dates.length; i++) {
          if (r.winRank[i]! < ANCHORED && r.close[i]! > 0) list.push({ date: r.dates[i]!, ratio: r.winClose[i]! / r.close[i]! });
        }
      }
      this.lists.push(list);
    }
  }

  /**
   * The factor of a bar of set s (basis rank `rank`) dated `date`: 1 unless dividend-adjusted with
   * a later anchor; NaN (drop the bar) when it has none and the set's last anchors are off by more
   * than dividends explain (MAX_TAIL_BIAS): a split or spin-off after them that the split history
   * lacks (BKNG's 25-for-1 in 2026) puts each such bar off by its factor or not, by its date.
   */
  factorOf(s: number, rank: number, date: string): number {
    if (rank !== ANCHORED) return 1;
    const m = this.anchorFactor(s, date);
    if (m === null) {
      if (Math.abs(this.tailFactor(s) - 1) > MAX_TAIL_BIAS) {
        this.ambiguous++;
        return NaN;
      }
      this.unanchored++;
      return 1;
    }
    this.anchored++;
    this.maxDeviation = Math.max(this.maxDeviation, Math.abs(m - 1));
    return m;
  }

  /** The median ratio of set s's last five anchors (1 when it has none). */
  private tailFactor(s: number): number {
    const list = this.lists[s]!;
    return list.length === 0 ? 1 : median(list.slice(-5).map((a) => a.ratio));
  }

  /** The median ratio of the anchors after `date` for set s, null when no anchor follows it. */
  private anchorFactor(s: number, date: string): number | null {
    const list = this.lists[s]!;
    // first anchor strictly after this date (binary search)
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]!.date <= date) lo = mid + 1; else hi = mid;
    }
    if (lo >= list.length) return null;
    // consecutive bars mostly share their next anchor: its median is computed once
    if (s !== this.medianSet || lo !== this.medianAt) {
      this.medianSet = s;
      this.medianAt = lo;
      const ratios: number[] = [];
      for (let k = lo; k < list.length && k < lo + 5; k++) ratios.push(list[k]!.ratio);
      this.medianValue = median(ratios);
    }
    return this.medianValue;
  }
}

/**
 * Merge the sets of one symbol: per date the best basis wins (as traded, then split-only, then
 * split-and-dividend), ties to the later as-of. Dividend-adjusted winners are anchored as above.
 */
export function assembleTradedColumns(sets: readonly PriceSetColumns[], splits: readonly Split[]): AssembleColumnsResult {
  const sorted = [...splits].sort((a, b) => (a.date < b.date ? -1 : 1));
  // Sets with their own events first: their ratios missing from the split history join it before
  // the other sets are restored, since those sets are adjusted for them too: share splits (ROL's
  // three 3-for-2 splits) and spin-off factors (DELL 2021-11-01 VMware, DD 2019-06-03: Yahoo's
  // split-adjusted yahoo-2023 Close is divided by them).
  const restored: RestoredSet[] = new Array(sets.length);
  sets.forEach((set, s) => { if (hasOwnEvents(set)) restored[s] = restoreColumns(set, sorted); });
  const ownEvents = sets.flatMap((set, s) => (restored[s] ? restored[s]!.events.map((e) => ({ ...e, set: set.set })) : []));
  // one event per split, at its ex-date: a set's own event of the same ratio a few days off dates it
  const { history, redated: redatedSplits } = exDatesFromSets(sorted, ownEvents);
  const missing = ratiosMissingFrom(history, ownEvents);
  const allSplits = [...history, ...missing].sort((a, b) => (a.date < b.date ? -1 : 1));
  sets.forEach((set, s) => { if (!hasOwnEvents(set)) restored[s] = restoreColumns(set, allSplits); });
  const sourceSplits = missing.filter((x) => isShareSplit(x.from, x.to));
  const otherIssuer = dropOtherIssuers(restored);
  // Cross-check as-traded bars against adjusted bars of the same date: a split-only close restored
  // should match (0.8-1.25); a dividend-adjusted one may be lower (ratio 0.8-1.6). A run of
  // contradicting as-traded bars (at least MIN_CORRUPT_RUN) with agreeing bars on both sides is another security's or
  // corrupt data (raw NEE 2016-06-09..2017-01-30: 25.69 vs ~126) and is dropped. A run touching
  // either end of the overlap is kept: it is what a split missing from the history looks like
  // (raw HLT before its 2017-01-04 1-for-3), and there the as-traded price is the right one.
  const adjusted = restored.filter((r) => r.rank > 0);
  let rejected = 0;
  for (const r of restored) if (r.rank === 0) rejected += dropContradictingRuns(r, adjusted);
  const { winSet, winBar } = mergeWinners(restored);

  const anchoring = new Anchoring(restored);

  const n = winSet.length;
  const out: TradedColumns = {
    dates: [], open: [], high: [], low: [], close: [], adjClose: [], prevClose: [], volume: [], adjVolume: [], dividend: [], source: [], basisRank: [],
  };
  for (let k = 0; k < n; k++) {
    const s = winSet[k]!;
    const i = winBar[k]!;
    const r = restored[s]!;
    const date = r.dates[i]!;
    // x * 1 is x for every double (NaN, -0 included): a bar without anchoring keeps its prices
    const m = anchoring.factorOf(s, r.rank, date);
    if (Number.isNaN(m)) continue;
    const close = r.close[i]! * m;
    const open = r.open[i]! * m;
    const high = r.high[i]! * m;
    const low = r.low[i]! * m;
    out.dates.push(date);
    out.close.push(round4(close));
    out.open.push(round4(open));
    out.high.push(round4(high));
    out.low.push(round4(low));
    out.volume.push(Math.round(r.volume[i]!));
    out.source.push(s);
    out.basisRank.push(r.rank);
  }
  // split-history events that are no share split (spin-off factors), then the adjustment events
  // of the sets restored from their own (the newest set's first)
  const shareSplits = allSplits.filter((x) => isShareSplit(x.from, x.to));
  const events: SourceEvent[] = allSplits.filter((x) => !isShareSplit(x.from, x.to)).map((x) => ({ date: x.date, kind: 'ratio', value: splitFactor(x) }));
  const seen = new Set<string>();
  for (const r of [...restored].sort((a, b) => (a.asOf < b.asOf ? 1 : a.asOf > b.asOf ? -1 : 0))) {
    for (const e of r.events) {
      const key = `${e.kind}|${e.date}`;
      if (!seen.has(key)) { seen.add(key); events.push(e); }
    }
  }
  Object.assign(out, adjustedColumns(out.dates, out.close, out.volume, shareSplits, events));
  return {
    series: out, anchored: anchoring.anchored, unanchored: anchoring.unanchored, ambiguous: anchoring.ambiguous, maxAnchorDeviation: anchoring.maxDeviation, rejected, otherIssuer,
    sourceSplits, redatedSplits,
  };
}

/**
 * The newest set names the issuer; every older set's bars of another issuer under the same ticker
 * go (same-issuer.ts). Sets are checked newest first, each against the best-basis set among those
 * already checked that shares enough days with it (ties to the later as-of): a chain, so a set
 * that starts late (yahoo-2026, from 2024) does not leave the years before it unchecked
 * (WTW's 2015 bars of Weight Watchers are judged against yahoo-2024's Willis Towers Watson).
 * Returns the bars dropped.
 */
function dropOtherIssuers(restored: readonly RestoredSet[]): number {
  const order = restored.filter((r) => r.dates.length > 0).sort((a, b) => (a.asOf > b.asOf ? -1 : a.asOf < b.asOf ? 1 : a.rank - b.rank));
  let dropped = 0;
  for (let k = 1; k < order.length; k++) {
    const checked = order.slice(0, k).sort((a, b) => a.rank - b.rank || (a.asOf > b.asOf ? -1 : a.asOf < b.asOf ? 1 : 0));
    for (const ref of checked) {
      const n = dropOtherIssuer(ref, order[k]!);
      if (n !== null) { dropped += n; break; }
    }
  }
  return dropped;
}

function hasOwnEvents(set: PriceSetColumns): boolean {
  return set.bars.dividends !== undefined && set.bars.splitRatio !== undefined;
}
