// One symbol's as-traded price series for the market step: its files in every price set read
// (gzip or plain), parsed and merged (market/price-basis.ts) into columns, sent compactly in a
// worker message: dates as one string, each number column an array (NaN for null), sources as indexes.
// Pure given the files, so it runs in a pool worker during the market step or on the main thread.
import { peekFirstDate, readPriceColumns, type PriceSetManifest } from '../sources/prices-set.js';
import { setRank, assembleTradedColumns, type PriceSetColumns, type TradedColumns } from './price-basis.js';
import type { RedatedSplit, SourceSplit } from './set-split-events.js';
import { daysBetween } from './market-data.js';
import type { Split } from './split-history.js';

/**
 * First date kept in the prices table. The statements start with fiscal 2009 (XBRL), whose
 * 52-week price windows reach back into 2008; 2007 leaves a year of margin. Older bars would
 * double the table and the step's time for no metric (docs/metrics.md).
 */
export const PRICE_HISTORY_START = '2007-01-01';

/** Runs a task in the build's worker pool (the build's `priceSeries` hand-off). */
export type PriceSeriesRunner = (task: PriceSeriesTask) => Promise<PriceSeries>;

/** What a task needs of a set's manifest (bases other than the close's default to as stated: none). */
export type PriceSetRef = Pick<PriceSetManifest, 'name' | 'asOf' | 'closeBasis' | 'columns'> & Partial<Pick<PriceSetManifest, 'volumeBasis' | 'dividendsBasis'>>;

export interface PriceSeriesTask {
  symbol: string;
  /** The symbol's file in each set that has one, in read order (best basis first, later as-of first). */
  files: Array<{ set: PriceSetRef; file: string }>;
  splits: Split[];
}

/** The merge's number columns as they are (NaN for null); `source` indexes `sourceNames`. */
type SeriesColumns = Pick<TradedColumns, 'open' | 'high' | 'low' | 'close' | 'adjClose' | 'prevClose' | 'volume' | 'adjVolume' | 'dividend' | 'source'>;

export interface PriceSeries extends SeriesColumns {
  /** Bar dates, YYYY-MM-DD, concatenated (10 characters per bar): one string clones cheaply. */
  dates: string;
  /** The sets merged, by name: a bar's `source` is an index here. */
  sourceNames: string[];
  /** Files not read: their span lies inside the span of a better-basis set. */
  skippedFiles: number;
  /** Sets whose file could not be read (unreadable or truncated). */
  unreadable: string[];
  anchored: number;
  unanchored: number;
  ambiguous: number;
  rejected: number;
  otherIssuer: number;
  /** Share splits of the sets' own events missing from the split history (the market step stores them). */
  sourceSplits: SourceSplit[];
  /** Splits of the split history a set's own event of the same ratio dates otherwise (the market step re-dates them). */
  redatedSplits: RedatedSplit[];
  maxAnchorDeviation: number;
}

/**
 * The date ranges the continuous adjusted series read so far cover, merged where they overlap or
 * meet within a week (holidays). Disjoint sets stay apart: yahoo-2023 (to 2023-04-14) and
 * yahoo-2025-26 (from 2025-02-28) do not cover the years between them.
 */
export class CoveredSpans {
  private spans: Array<{ start: string; end: string }> = [];

  add(start: string, end: string): void {
    let s = start;
    let e = end;
    const kept: Array<{ start: string; end: string }> = [];
    for (const x of this.spans) {
      if (daysBetween(x.end, s) <= 7 && daysBetween(e, x.start) <= 7) {
        if (x.start < s) s = x.start;
        if (x.end > e) e = x.end;
      } else {
        kept.push(x);
      }
    }
    kept.push({ start: s, end: e });
    this.spans = kept;
  }

  /** True when one span holds [start, end] (the span may start up to a week after `start`). */
  covers(start: string, end: string): boolean {
    return this.spans.some((x) => daysBetween(start, x.start) <= 7 && end <= x.end);
  }
}

export function buildPriceSeries(task: PriceSeriesTask): PriceSeries {
  const inputs: PriceSetColumns[] = [];
  const unreadable: string[] = [];
  let skippedFiles = 0;
  // Best basis first; a worse set whose whole span (first row to as-of) lies inside one span
  // already read would lose every date: not read.
  const covered = new CoveredSpans();
  for (const { set, file } of task.files) {
    const peeked = peekFirstDate(file, set.columns);
    const first = peeked !== null && peeked < PRICE_HISTORY_START ? PRICE_HISTORY_START : peeked;
    if (first !== null && covered.covers(first, set.asOf)) { skippedFiles++; continue; }
    try {
      const bars = readPriceColumns(file, set.columns, PRICE_HISTORY_START);
      inputs.push({ set: set.name, asOf: set.asOf, closeBasis: set.closeBasis, volumeBasis: set.volumeBasis, dividendsBasis: set.dividendsBasis, bars });
      const n = bars.dates.length;
      // only a continuous adjusted series defines a span (the as-traded set is a window)
      if (n > 0 && setRank(set.closeBasis, bars.dividends !== undefined) > 0) covered.add(bars.dates[0]!, bars.dates[n - 1]!);
    } catch {
      unreadable.push(set.name);
    }
  }
  const { series: c, ...counts } = assembleTradedColumns(inputs, task.splits);
  return {
    dates: c.dates.join(''), open: c.open, high: c.high, low: c.low, close: c.close, adjClose: c.adjClose, prevClose: c.prevClose,
    volume: c.volume, adjVolume: c.adjVolume, dividend: c.dividend,
    // c.source indexes the sets merged
    source: c.source, sourceNames: inputs.map((s) => s.set), skippedFiles, unreadable, ...counts,
  };
}
