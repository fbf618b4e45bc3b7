// Named queries about companies (the companies table of SEC submissions, and the latest market
// cap from the company's enterprise-value records), for profiles and the reference catalog.
import type { Awaitable } from './awaitable.js';

export interface CompanyRow {
  cik: string; name: string | null; ticker: string | null; exchange: string | null; sic: string | null; sic_description: string | null;
  website: string | null; investor_website: string | null; description: string | null; business_address: string | null; currency: string | null;
  shares_outstanding: number | null; former_names: string | null;
}

export interface CompanyQueries {
  /** Every company row (read once per handle, by the reference catalog); none without the table. */
  all(): readonly CompanyRow[];
  /**
   * Market cap of the latest period that has one in the company's enterprise-value records (as
   * the metrics engine computed it); null when no period has one.
   */
  latestMarketCap(cik: string): Awaitable<number | null>;
}
