// The row sets the in-memory catalogs read once per dataset handle (tickers, companies, the
// identifier links, profiles, MICs), read from a PostgreSQL version when it opens. Invariant:
// the rows of SQLite's whole-table reads in the same order (tenk_row, the build's scan order),
// adapted like SQLite to the tables and columns the version has.
import type { PgVersion } from './pg-version.js';
import type { CompanyRow } from '../queries/company-queries.js';
import type { CompanyTickers, CompanyWithFacts, CusipLink, IssuerLink, TickerLink } from '../queries/identifier-queries.js';
import type { MicRow, ProfileSourceRow } from '../queries/reference-queries.js';
import type { TickerRow } from '../queries/ticker-queries.js';
import type { SearchEntry } from '../../search/ticker-index.js';
import { SEARCH_ENTRY_COLUMNS, searchEntriesFrom, type FormerNamesRow, type SearchEntryRow } from '../codecs/search-entries.js';
import { bodyValueSql } from '../codecs/record-body-codec.js';

export interface CatalogRows {
  tickers: TickerRow[];
  searchEntries(): SearchEntry[];
  companies: CompanyRow[];
  companiesWithFacts: CompanyWithFacts[];
  companyTickers: CompanyTickers[];
  tickerLinks: TickerLink[];
  cusipLinks: CusipLink[];
  issuerLinks: IssuerLink[];
  profileSources: ProfileSourceRow[];
  mics: MicRow[];
}

export async function readCatalogRows(v: PgVersion): Promise<CatalogRows> {
  const when = <R>(table: string, read: () => Promise<R[]>): Promise<R[]> => (v.has(table) ? read() : Promise.resolve([]));
  const [tickers, entryRows, formerRows, companies, companiesWithFacts, companyTickers, tickerLinks, cusipLinks, issuerLinks, profileSources, mics] = await Promise.all([
    when('tickers', () => v.rows<TickerRow>(`SELECT symbol, name, issuer_name, sec_name, security_name, cik, exchange, exchange_name, mic, market,
        listing_country_code, type, listed, cusip, isin, sec_rank FROM ${v.t('tickers')} ORDER BY symbol`)),
    when('tickers', () => v.rows<SearchEntryRow>(`SELECT ${SEARCH_ENTRY_COLUMNS} FROM ${v.t('tickers')} ORDER BY tenk_row`)),
    when('companies', () => v.rows<FormerNamesRow>(`SELECT ticker, former_names FROM ${v.t('companies')} WHERE ticker IS NOT NULL AND former_names <> '[]' ORDER BY tenk_row`)),
    when('companies', () => v.rows<CompanyRow>(`SELECT cik, name, ticker, exchange, sic, sic_description, website, investor_website, description, business_address,
        currency, shares_outstanding, former_names FROM ${v.t('companies')} ORDER BY tenk_row`)),
    when('records', () => v.rows<CompanyWithFacts>(v.has('companies')
      ? `SELECT DISTINCT cik, NULL::text AS ticker FROM ${v.t('records')} ORDER BY cik`
      : `SELECT DISTINCT ON (cik) cik, ${bodyValueSql('pg', null, 'ticker')} #>> '{}' AS ticker FROM ${v.t('records')} ORDER BY cik, tenk_row`)),
    when('companies', () => v.rows<CompanyTickers>(`SELECT cik, ticker${v.hasColumn('companies', 'tickers') ? ', tickers' : ''} FROM ${v.t('companies')} ORDER BY tenk_row`)),
    when('tickers', () => v.rows<TickerLink>(`SELECT symbol, cik${v.hasColumn('tickers', 'isin') ? ', isin' : ''} FROM ${v.t('tickers')} WHERE cik IS NOT NULL ORDER BY tenk_row`)),
    when('cusips', () => v.rows<CusipLink>(v.hasColumn('cusips', 'rank')
      ? `SELECT cusip, cik, MIN(rank) AS rank, COUNT(*) AS n FROM ${v.t('cusips')} GROUP BY cusip, cik ORDER BY cusip, cik`
      : `SELECT cusip, cik, NULL::bigint AS rank, COUNT(*) AS n FROM ${v.t('cusips')} WHERE cusip IS NOT NULL AND cik IS NOT NULL GROUP BY cusip, cik ORDER BY cusip, cik`)),
    when('cusip_issuers', () => v.rows<IssuerLink>(`SELECT cusip6, cik, rank FROM ${v.t('cusip_issuers')} ORDER BY tenk_row`)),
    when('profile_sources', () => v.rows<ProfileSourceRow>(`SELECT symbol, sector, industry, country, employees, ipo_year, description FROM ${v.t('profile_sources')} ORDER BY tenk_row`)),
    when('mics', () => v.rows<MicRow>(`SELECT mic, name FROM ${v.t('mics')} ORDER BY tenk_row`)),
  ]);
  return {
    tickers, companies, companiesWithFacts, companyTickers, tickerLinks, cusipLinks, issuerLinks, profileSources, mics,
    searchEntries: () => searchEntriesFrom(entryRows, formerRows),
  };
}
