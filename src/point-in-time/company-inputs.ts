// A company's inputs to its records at a point in time, read from the dataset: its stored facts
// (the fact store), its market data, and the days it filed on (a company's records change only then).
import type { DatasetQueries } from '../dataset/queries/read-queries.js';
import { loadCompanyFactsView, type StoredCompanyFacts } from '../dataset/queries/fact-store-queries.js';
import { companySymbols, readCompanyMarketDataIn } from '../dataset/company-market-data.js';
import { lastIndexOnOrBefore, type MarketData } from '../market/market-data.js';
import { filingDates } from '../xbrl/point-in-time-view.js';

/** `filedDates`: the distinct filing dates of the company's facts, ascending. */
export interface CompanyInputs { stored: StoredCompanyFacts | null; market: MarketData | null; filedDates: string[] }

export async function loadCompanyInputs(dataset: DatasetQueries, cik: string, ticker: string): Promise<CompanyInputs> {
  const stored = await loadCompanyFactsView(dataset, cik);
  // the market data in the reporting currency of the build's records (per ordinary share)
  const currency = dataset.companies.all().find((c) => c.cik === cik)?.currency ?? null;
  const market = stored ? await readCompanyMarketDataIn(dataset, cik, companySymbols(dataset, cik, ticker), currency) : null;
  return { stored, market, filedDates: stored ? filingDates(stored.view) : [] };
}

/** The newest of the ascending `dates` on or before `day`, or null. */
export function onOrBefore(dates: readonly string[], day: string): string | null {
  const i = lastIndexOnOrBefore(dates, day);
  return i < 0 ? null : dates[i]!;
}
