// A company's records at a point in time, from its companyfacts view: the facts known then
// (xbrl/point-in-time-view.ts) standardized, then derived with the market data known then.
// Pure and synchronous.
import type { CompanyFactsView } from '../sources/companyfacts-reader.js';
import type { PeriodRecord } from '../model/record-types.js';
import type { PointInTime } from '../model/point-in-time.js';
import type { MarketData } from '../market/market-data.js';
import { marketAsOf } from '../market/market-as-of.js';
import { standardizeCompanyFacts } from '../xbrl/standardize-company.js';
import { viewAt } from '../xbrl/point-in-time-view.js';
import { deriveCompanyRecords } from '../metrics/derive-company-records.js';
import type { StandardizeMemo } from '../xbrl/standardize-memo.js';
import type { DeriveMemo } from '../metrics/derive-memo.js';

/** The memos of one company's standardization and derivation over a rising series of days (record-versions-fast.ts). */
export interface DayMemos { standardize: StandardizeMemo; derive: DeriveMemo }

export interface RecordsAt {
  currency: string;
  records: PeriodRecord[];
}

/**
 * The records standardization and derivation give for the view as of `at` (market data cut at
 * at.asOf), or null when nothing could be standardized then (e.g. no annual period filed yet).
 */
export function companyRecordsAt(view: CompanyFactsView, fiscalYearEnd: string | null, market: MarketData | null, at: PointInTime): RecordsAt | null {
  return recordsOfView(viewAt(view, at), fiscalYearEnd, market, at.asOf);
}

/** The records of a view already cut to what was known (viewAt, or DatedViews for every filing
 *  date, with the memos of the days before), derived with the market data up to `asOf`; null
 *  when nothing could be standardized. */
export function recordsOfView(known: CompanyFactsView, fiscalYearEnd: string | null, market: MarketData | null, asOf: string | null, memos?: DayMemos): RecordsAt | null {
  const res = standardizeCompanyFacts(known, { fiscalYearEnd }, memos?.standardize);
  if (!res.ok) return null;
  const derive = memos && asOf !== null ? { memo: memos.derive, day: asOf } : undefined;
  return { currency: res.statements.currency, records: deriveCompanyRecords(res.statements, marketAsOf(market, asOf), undefined, derive) };
}
