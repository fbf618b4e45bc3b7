// TickerQueries over SQLite: the tickers table, and the search entries with former SEC names
// from the companies table. The entries can also be read from a plain database handle (a build
// in progress, a bench).
import type { Database } from 'better-sqlite3';
import type { SqliteHandle } from './sqlite-handle.js';
import type { SearchEntry } from '../../search/ticker-index.js';
import type { TickerQueries, TickerRow } from '../queries/ticker-queries.js';
import { normalizeTicker } from '../../model/symbols.js';

interface EntryRow {
  symbol: string; name: string; issuer_name: string; sec_name: string | null; security_name: string | null; exchange: string | null;
  exchange_name: string | null; type: string; listed: number; sec_rank: number | null;
}

export const ENTRIES_SQL = 'SELECT symbol, name, issuer_name, sec_name, security_name, exchange, exchange_name, type, listed, sec_rank FROM tickers';

export class SqliteTickers implements TickerQueries {
  constructor(private readonly dataset: SqliteHandle) {}

  all(): TickerRow[] {
    if (!this.dataset.hasTable('tickers')) return [];
    return this.dataset.prepare(`SELECT symbol, name, issuer_name, sec_name, security_name, cik, exchange, exchange_name, mic, market,
        listing_country_code, type, listed, cusip, isin, sec_rank FROM tickers ORDER BY symbol`).all() as TickerRow[];
  }

  searchEntries(): SearchEntry[] {
    if (!this.dataset.hasTable('tickers')) return [];
    return loadSearchEntriesFromDb(this.dataset.db);
  }
}

/** The search entries from a plain database handle. With a companies table, a company's former
 *  names (SEC submissions) are attached to its primary ticker. */
export function loadSearchEntriesFromDb(db: Database): SearchEntry[] {
  const rows = db.prepare(ENTRIES_SQL).all() as EntryRow[];
  const hasCompanies = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'companies'").get() !== undefined;
  const former = hasCompanies
    ? db.prepare("SELECT ticker, former_names FROM companies WHERE ticker IS NOT NULL AND former_names <> '[]'").all() as FormerNamesRow[]
    : [];
  return searchEntriesFrom(rows, former);
}

export type { EntryRow as SearchEntryRow };
export interface FormerNamesRow { ticker: string; former_names: string }

/** The search entries of ticker rows, with the former names of each company's primary ticker
 *  (shared by every dataset implementation). */
export function searchEntriesFrom(rows: readonly EntryRow[], formerRows: readonly FormerNamesRow[]): SearchEntry[] {
  const entries = toEntries(rows);
  const former = new Map<string, string[]>();
  for (const r of formerRows) {
    try {
      const list = JSON.parse(r.former_names) as Array<{ name?: unknown }>;
      const names = list.map((x) => (typeof x.name === 'string' ? x.name : '')).filter((n) => n.length > 0);
      if (names.length > 0) former.set(normalizeTicker(r.ticker), names);
    } catch { /* a malformed cell only loses the former names */ }
  }
  for (const e of entries) {
    const names = former.get(e.symbol);
    if (names) e.formerNames = names;
  }
  return entries;
}

function toEntries(rows: readonly EntryRow[]): SearchEntry[] {
  return rows.map((r) => ({
    symbol: r.symbol, name: r.name, issuerName: r.issuer_name, secName: r.sec_name, securityName: r.security_name, exchange: r.exchange,
    exchangeName: r.exchange_name, type: r.type, listed: r.listed === 1, secRank: r.sec_rank,
  }));
}
