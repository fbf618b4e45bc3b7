// Named queries over the prices table: one symbol's daily bars in a date window, in either
// order, for pages keyed by date, and the dataset's newest bar. Rows as stored; the API shapes
// them into price records.
import type { Awaitable } from './awaitable.js';

export interface PriceBarRow {
  date: string;
  open: number | null; high: number | null; low: number | null;
  /** As traded. */
  close: number;
  /** For splits, spin-offs and cash dividends (market/adjusted-prices.ts). */
  adj_close: number;
  /** The previous bar's close on this bar's share basis; null for the first bar. */
  prev_close: number | null;
  /** As traded. */
  volume: number | null;
  /** On the share basis after every split. */
  adj_volume: number | null;
  /** Cash dividend per share going ex that day, as traded; null when none is known. */
  dividend: number | null;
}

export interface PriceBarQuery {
  symbol: string;
  /** Inclusive date bounds (YYYY-MM-DD); omitted = unbounded. */
  dateStart?: string;
  dateEnd?: string;
  /** Exclusive bounds (a page cursor); omitted = unbounded. */
  after?: string;
  before?: string;
  order: 'ASC' | 'DESC';
  limit: number;
}

export interface PriceQueries {
  /** Bars of the symbol inside every bound given, by date in `order`, at most `limit`. */
  bars(q: PriceBarQuery): Awaitable<readonly PriceBarRow[]>;
  /** Date of the symbol's newest bar, null when it has none. */
  lastDate(symbol: string): Awaitable<string | null>;
  /** Date of the newest bar of any symbol (how fresh the dataset's prices are), null when it has
   *  no prices; read once per handle. */
  newestDate(): Awaitable<string | null>;
  /** The adr_ratios row of a listing symbol (ordinary shares per depositary share), undefined when it has none. */
  adrRatio(symbol: string): Awaitable<AdrRatioRow | undefined>;
  /** The share_classes row of a class listing of a multi-class filer, undefined when it is none. */
  shareClass(symbol: string): Awaitable<ShareClassRow | undefined>;
}

export interface ShareClassRow {
  symbol: string; cik: string | null; share_class: string | null; reporting_class: string;
  /** Shares of this listing per reporting-class share (BRK-B: 1500). */
  listing_per_reporting: number; source: string | null;
}

export interface AdrRatioRow { ordinary_per_depositary: number | null; source: string | null; reason: string | null }
