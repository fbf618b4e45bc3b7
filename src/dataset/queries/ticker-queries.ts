// Named queries over the ticker universe (tickers table): every row for the lists, look-ups and
// v3 pages (held in memory by the reference catalog), and the search index's entries.
import type { SearchEntry } from '../../search/ticker-index.js';

export interface TickerRow {
  symbol: string; name: string; issuer_name: string; sec_name: string | null; security_name: string | null;
  cik: string | null; exchange: string | null; exchange_name: string | null; mic: string | null; market: string | null;
  listing_country_code: string | null; type: string; listed: number; cusip: string | null; isin: string | null; sec_rank: number | null;
}

export interface TickerQueries {
  /** Every ticker, ascending by symbol (read once per handle); none without the table. */
  all(): readonly TickerRow[];
  /** Entries for the search index, a company's former SEC names on its primary ticker. */
  searchEntries(): SearchEntry[];
}
