// A company's records at a point in time, from its companyfacts view: the facts known then
// (xbrl/point-in-time-view.ts) standardized, then derived with the market data known then. The
// entry point of point-in-time queries for the layers above (dataset, api), which do not reach
// into xbrl/ themselves. Pure and synchronous.
import type { CompanyFactsView } from '../sources/companyfacts-reader.js';
import type { PeriodRecord } from '../model/record-types.js';
import type { MarketData } from '../market/market-data.js';
import { marketAsOf } from '../market/market-as-of.js';
import { READ_CONCEPTS, standardizeCompanyFacts } from '../xbrl/standardize-company.js';
import { filingDates, viewAt } from '../xbrl/point-in-time-view.js';
import type { PointInTime } from '../model/point-in-time.js';
import { deriveCompanyRecords } from './derive-company-records.js';

export { READ_CONCEPTS, filingDates, type PointInTime };

export interface RecordsAt {
  currency: string;
  records: PeriodRecord[];
}

/**
 * The records standardization and derivation give for the view as of `at` (market data cut at
 * at.asOf), or null when nothing could be standardized then (e.g. no annual period filed yet).
 */
export function companyRecordsAt(view: CompanyFactsView, fiscalYearEnd: string | null, market: MarketData | null, at: PointInTime): RecordsAt | null {
  const res = standardizeCompanyFacts(viewAt(view, at), { fiscalYearEnd });
  if (!res.ok) return null;
  return { currency: res.statements.currency, records: deriveCompanyRecords(res.statements, marketAsOf(market, at.asOf)) };
}
