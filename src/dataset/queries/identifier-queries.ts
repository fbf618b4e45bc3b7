// Named queries behind identifier resolution: the companies with fundamentals, their tickers,
// the ticker universe's CIK and ISIN links, and the CUSIP links (full code and issuer prefix).
// Each is read once per handle into the resolver's in-memory maps.

export interface CompanyWithFacts { cik: string; ticker: string | null }
export interface CompanyTickers { cik: string; ticker: string | null; tickers?: string | null }
export interface TickerLink { symbol: string; cik: string; isin?: string | null }
export interface CusipLink { cusip: string; cik: string | number; rank: number | null; n: number }
export interface IssuerLink { cusip6: string; cik: string; rank: number }

export interface IdentifierQueries {
  /** CIKs that have records, each once; `ticker` comes from one record body only when the
   *  dataset has no companies table (else null). */
  companiesWithFacts(): readonly CompanyWithFacts[];
  /** Every company's primary ticker and other tickers (a JSON array cell; absent in old datasets). */
  companyTickers(): readonly CompanyTickers[];
  /** Tickers linked to a CIK, with the row's ISIN where the dataset has the column. */
  tickerLinks(): readonly TickerLink[];
  /** CUSIP links grouped by (cusip, cik): the best stored rank (null when none is stored) and the link count. */
  cusipLinks(): readonly CusipLink[];
  /** Links of 6-character issuer prefixes to CIKs, with their rank. */
  issuerLinks(): readonly IssuerLink[];
}
