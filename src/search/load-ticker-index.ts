// Builds the search index from a dataset's tickers table (once per dataset handle, at startup).
import type { Database } from 'better-sqlite3';
import type { Dataset } from '../dataset/dataset.js';
import { TickerIndex, type SearchEntry } from './ticker-index.js';

interface Row {
  symbol: string; name: string; issuer_name: string; sec_name: string | null; security_name: string | null; exchange: string | null;
  exchange_name: string | null; type: string; listed: number; sec_rank: number | null;
}

const SQL = 'SELECT symbol, name, issuer_name, sec_name, security_name, exchange, exchange_name, type, listed, sec_rank FROM tickers';

export function loadSearchEntries(dataset: Dataset): SearchEntry[] {
  if (!dataset.hasTable('tickers')) return [];
  return toEntries(dataset.prepare(SQL).all() as Row[]);
}

/** The same from a plain database handle (a build in progress, a bench). */
export function loadSearchEntriesFromDb(db: Database): SearchEntry[] {
  return toEntries(db.prepare(SQL).all() as Row[]);
}

function toEntries(rows: Row[]): SearchEntry[] {
  return rows.map((r) => ({
    symbol: r.symbol, name: r.name, issuerName: r.issuer_name, secName: r.sec_name, securityName: r.security_name, exchange: r.exchange,
    exchangeName: r.exchange_name, type: r.type, listed: r.listed === 1, secRank: r.sec_rank,
  }));
}

const cache = new WeakMap<Dataset, TickerIndex>();

/** The dataset's ticker index, built on first use and kept for the handle's lifetime. */
export function tickerIndexFor(dataset: Dataset): TickerIndex {
  let idx = cache.get(dataset);
  if (!idx) {
    idx = new TickerIndex(loadSearchEntries(dataset));
    cache.set(dataset, idx);
  }
  return idx;
}
