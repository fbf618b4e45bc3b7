// TickerQueries over SQLite: the tickers table, and the search entries with former SEC names
// from the companies table. The entries can also be read from a plain database handle (a build
// in progress, a bench).
import type { Database } from 'better-sqlite3';
import type { SqliteHandle } from './sqlite-handle.js';
import type { SearchEntry } from '../../search/ticker-index.js';
import type { TickerQueries, TickerRow } from '../queries/ticker-queries.js';
import { SEARCH_ENTRY_COLUMNS, searchEntriesFrom, type FormerNamesRow, type SearchEntryRow } from '../codecs/search-entries.js';

const ENTRIES_SQL = `SELECT ${SEARCH_ENTRY_COLUMNS} FROM tickers`;

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
  const rows = db.prepare(ENTRIES_SQL).all() as SearchEntryRow[];
  const hasCompanies = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'companies'").get() !== undefined;
  const former = hasCompanies
    ? db.prepare("SELECT ticker, former_names FROM companies WHERE ticker IS NOT NULL AND former_names <> '[]'").all() as FormerNamesRow[]
    : [];
  return searchEntriesFrom(rows, former);
}
