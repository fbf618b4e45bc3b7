// The rows the ticker search entries are read from (the tickers table's search columns, and each
// company's former SEC names) and the entries made of them: shared by the SQLite and PostgreSQL readers.
import type { SearchEntry } from '../../search/ticker-index.js';
import { normalizeTicker } from '../../model/symbols.js';

/** The tickers columns a search entry is made of, in this order. */
export const SEARCH_ENTRY_COLUMNS = 'symbol, name, issuer_name, sec_name, security_name, exchange, exchange_name, type, listed, sec_rank';

/** One tickers row of SEARCH_ENTRY_COLUMNS. */
export interface SearchEntryRow {
  symbol: string; name: string; issuer_name: string; sec_name: string | null; security_name: string | null; exchange: string | null;
  exchange_name: string | null; type: string; listed: number; sec_rank: number | null;
}

/** A company's primary ticker and its former SEC names (the companies table's JSON column). */
export interface FormerNamesRow { ticker: string; former_names: string }

/** The search entries of ticker rows, with the former names of each company's primary ticker
 *  (shared by every dataset implementation). */
export function searchEntriesFrom(rows: readonly SearchEntryRow[], formerRows: readonly FormerNamesRow[]): SearchEntry[] {
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

function toEntries(rows: readonly SearchEntryRow[]): SearchEntry[] {
  return rows.map((r) => ({
    symbol: r.symbol, name: r.name, issuerName: r.issuer_name, secName: r.sec_name, securityName: r.security_name, exchange: r.exchange,
    exchangeName: r.exchange_name, type: r.type, listed: r.listed === 1, secRank: r.sec_rank,
  }));
}
