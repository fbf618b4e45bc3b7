// Named queries over the splits table: one company's splits and the cross-ticker calendar.
// Rows as stored; the API shapes them into split records.
import type { Awaitable } from './awaitable.js';

export interface SplitRow {
  id: string; symbol: string; date: string; from_shares: number; to_shares: number;
  pre_split_shares: number | null; post_split_shares: number | null; pre_split_price: number | null; post_split_price: number | null;
  /** Where the split comes from: splits.csv's source, `prices/<set> Stock Splits`, or `share counts: …` (found in the filer's share counts). */
  source: string;
}

export interface SplitCalendarQuery {
  /** Inclusive ex-date bounds (YYYY-MM-DD); omitted = unbounded. */
  dateStart?: string;
  dateEnd?: string;
  /** By date, then symbol, both in this direction. */
  order: 'ASC' | 'DESC';
  limit: number;
}

export interface SplitQueries {
  /** Splits linked to the CIK or filed under one of the symbols, each once, newest first (then by symbol). */
  forCompany(cik: string, symbols: readonly string[]): Awaitable<readonly SplitRow[]>;
  /** Splits of every ticker within the date range. */
  calendar(q: SplitCalendarQuery): Awaitable<readonly SplitRow[]>;
}
