// Stock split records (spec "Stock split record") read from the dataset's splits table: one
// company's splits across its symbols, or the cross-ticker calendar. Transport-agnostic.
import type { Dataset } from '../dataset/dataset.js';

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

interface Row {
  id: string; symbol: string; date: string; from_shares: number; to_shares: number;
  pre_split_shares: number | null; post_split_shares: number | null; pre_split_price: number | null; post_split_price: number | null;
}

/** Prices come from US listings in US dollars (docs/metrics.md). */
const PRICE_CURRENCY = 'usd';

function toRecord(r: Row): StockSplitRecord {
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

const COLS = 'id, symbol, date, from_shares, to_shares, pre_split_shares, post_split_shares, pre_split_price, post_split_price';

function hasSplits(dataset: Dataset): boolean {
  return dataset.hasTable('splits');
}

/** Splits of one company: rows linked to its CIK or filed under one of its symbols, newest first. */
export function companySplits(dataset: Dataset, cik: string, symbols: readonly string[]): StockSplitRecord[] {
  if (!hasSplits(dataset)) return [];
  const byCik = dataset.prepare(`SELECT ${COLS} FROM splits WHERE cik = ?`).all(cik) as Row[];
  const bySymbol = dataset.prepare(`SELECT ${COLS} FROM splits WHERE symbol = ?`);
  const seen = new Map<string, Row>();
  for (const r of byCik) seen.set(r.id, r);
  for (const s of symbols) for (const r of bySymbol.all(s) as Row[]) seen.set(r.id, r);
  return [...seen.values()]
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : a.symbol < b.symbol ? -1 : 1))
    .map(toRecord);
}

/** The cross-ticker calendar: splits with date_start <= date <= date_end, ordered by date. */
export function splitCalendar(dataset: Dataset, q: { dateStart?: string; dateEnd?: string; order: 'ASC' | 'DESC'; limit: number }): StockSplitRecord[] {
  if (!hasSplits(dataset)) return [];
  const dir = q.order === 'ASC' ? 'ASC' : 'DESC';
  const st = dataset.prepare(`SELECT ${COLS} FROM splits WHERE date >= ? AND date <= ? ORDER BY date ${dir}, symbol ${dir} LIMIT ?`);
  return (st.all(q.dateStart ?? '0000-01-01', q.dateEnd ?? '9999-12-31', q.limit) as Row[]).map(toRecord);
}
