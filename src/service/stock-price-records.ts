// Daily stock price records (v2 rows, the v2 latest price, v3 rows) from the dataset's price bars.
// Bases (docs/api.md, "Stock prices"): open/high/low/close as traded; adj_close for splits,
// spin-offs and cash dividends; volume on today's share basis, unadjusted_volume as traded;
// change against the previous close on the same share basis; vwap the typical price.
import type { PriceBarRow } from '../dataset/queries/price-queries.js';

/** Prices come from US listings in US dollars (docs/metrics.md). */
export const PRICE_CURRENCY = 'usd';

/** A stale latest price: older than this many calendar days before today. */
export const STALE_AFTER_DAYS = 7;

export interface StockPriceRecord {
  date: string;
  open: number | null; high: number | null; low: number | null; close: number; adj_close: number;
  volume: number | null; unadjusted_volume: number | null;
  change: number | null; change_percent: number | null; vwap: number | null; label: string;
  dividend: number | null; ticker: string; currency: string;
}

/** v2 column order: DESIGN.md's fields, then the day's dividend, ticker and currency. */
export const STOCK_PRICE_COLUMNS = [
  'date', 'open', 'high', 'low', 'close', 'adj_close', 'volume', 'unadjusted_volume', 'change', 'change_percent', 'vwap', 'label',
  'dividend', 'ticker', 'currency',
] as const;

export type V3StockPriceRow = Omit<StockPriceRecord, 'label' | 'ticker' | 'currency'>;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Aug 31, 2020" for 2020-08-31. */
export function dateLabel(date: string): string {
  return `${MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}, ${date.slice(0, 4)}`;
}

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

function change(r: PriceBarRow): { change: number | null; change_percent: number | null } {
  if (r.prev_close === null || !(r.prev_close > 0)) return { change: null, change_percent: null };
  const c = r.close - r.prev_close;
  return { change: round4(c), change_percent: round4((c / r.prev_close) * 100) };
}

/** (high + low + close) / 3: the daily bar's typical price, the usual stand-in for the day's VWAP. */
function typicalPrice(r: PriceBarRow): number | null {
  return r.high === null || r.low === null ? null : round4((r.high + r.low + r.close) / 3);
}

export function v3StockPriceRow(r: PriceBarRow): V3StockPriceRow {
  return {
    date: r.date, open: r.open, high: r.high, low: r.low, close: r.close, adj_close: r.adj_close,
    volume: r.adj_volume, unadjusted_volume: r.volume, ...change(r), vwap: typicalPrice(r), dividend: r.dividend,
  };
}

export function stockPriceRecord(r: PriceBarRow, ticker: string): StockPriceRecord {
  const { dividend, ...row } = v3StockPriceRow(r);
  return { ...row, label: dateLabel(r.date), dividend, ticker, currency: PRICE_CURRENCY };
}

export interface LatestStockPrice extends StockPriceRecord {
  previous_close: number | null;
  /** Date of the newest price the dataset has for the ticker. */
  as_of: string;
  /** Calendar days from as_of to today (UTC). */
  age_days: number;
  /** age_days > STALE_AFTER_DAYS. */
  stale: boolean;
}

export function latestStockPrice(r: PriceBarRow, ticker: string, nowMs: number): LatestStockPrice {
  const today = new Date(nowMs).toISOString().slice(0, 10);
  const age = Math.max(0, Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${r.date}T00:00:00Z`)) / 86_400_000));
  return { ...stockPriceRecord(r, ticker), previous_close: r.prev_close, as_of: r.date, age_days: age, stale: age > STALE_AFTER_DAYS };
}
