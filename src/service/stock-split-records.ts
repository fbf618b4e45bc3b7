// Stock split records (spec "Stock split record") from the dataset's split queries: one
// company's splits across its symbols, or the cross-ticker calendar. Transport-agnostic.
import type { SplitCalendarQuery, SplitQueries, SplitRow } from '../dataset/queries/split-queries.js';

export interface StockSplitRecord {
  id: string;
  symbol: string;
  split_date: string;
  split_ratio: { from: number; to: number };
  split_factor: number;
  is_reverse_split: boolean;
  pre_split_shares: number | null;
  post_split_shares: number | null;
  pre_split_price: number | null;
  post_split_price: number | null;
  currency: string;
}

/** Column order of the split record (TSV reads split_ratio.from / .to). */
export const STOCK_SPLIT_COLUMNS = [
  'id', 'symbol', 'split_date', 'split_ratio.from', 'split_ratio.to', 'split_factor', 'is_reverse_split',
  'pre_split_shares', 'post_split_shares', 'pre_split_price', 'post_split_price', 'currency',
] as const;

/** Prices come from US listings in US dollars (docs/metrics.md). */
const PRICE_CURRENCY = 'usd';

function toRecord(r: SplitRow): StockSplitRecord {
  const factor = r.to_shares / r.from_shares;
  return {
    id: r.id,
    symbol: r.symbol,
    split_date: r.date,
    split_ratio: { from: r.from_shares, to: r.to_shares },
    split_factor: Math.round(factor * 1e6) / 1e6,
    is_reverse_split: r.to_shares < r.from_shares,
    pre_split_shares: r.pre_split_shares,
    post_split_shares: r.post_split_shares,
    pre_split_price: r.pre_split_price,
    post_split_price: r.post_split_price,
    currency: PRICE_CURRENCY,
  };
}

/** Splits of one company: rows linked to its CIK or filed under one of its symbols, newest first. */
export async function companySplits(splits: SplitQueries, cik: string, symbols: readonly string[]): Promise<StockSplitRecord[]> {
  return (await splits.forCompany(cik, symbols)).map(toRecord);
}

/** The cross-ticker calendar: splits with date_start <= date <= date_end, ordered by date. */
export async function splitCalendar(splits: SplitQueries, q: SplitCalendarQuery): Promise<StockSplitRecord[]> {
  return (await splits.calendar(q)).map(toRecord);
}
