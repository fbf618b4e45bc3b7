// One company's records at a point in time as series: per record type and period its records in
// date order, one per date as the records table keeps them (the last derived), each body rendered
// when first served; and the rows of a series a record-series query selects, as that table answers it.
import type { RecordSeriesQuery } from '../dataset/queries/record-queries.js';
import { renderRecord } from '../dataset/codecs/record-render.js';
import type { PeriodRecord } from '../model/record-types.js';
import type { PointInTime } from '../model/point-in-time.js';
import type { CompanyInputs } from './company-inputs.js';
import { companyRecordsAt } from './records-at.js';

/** A computed record, its body rendered when first served. */
export interface SeriesRow { date: string; fiscalYear: number; record: PeriodRecord; body: string | null }
/** One company's computed records: per "recordType|period" its rows in date order (one per date, the last derived). */
export interface ComputedCompany { series: Map<string, SeriesRow[]>; ticker: string; currency: string; bytes: number }

/** Estimated bytes of one computed record and its rendered body (measured ~1-3 kB for a statement record). */
const ROW_BYTES = 4096;
const ENTRY_BYTES = 256;

/**
 * The "last record per date" rule: orders `list` by date and keeps, of records with the same
 * date, the last one in `list` (the records table keeps the last one written). In place.
 */
export function lastRecordPerDate<T extends { date: string }>(list: T[]): void {
  list.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)); // stable: a repeated date keeps its last record last
  let w = 0;
  for (let i = 0; i < list.length; i++) {
    if (w > 0 && list[w - 1]!.date === list[i]!.date) list[w - 1] = list[i]!; // the records table keeps the last
    else list[w++] = list[i]!;
  }
  list.length = w;
}

/** Standardizes and derives a company's records as of `at`, grouped by record type and period. Synchronous. */
export function computeCompanyRecords(ticker: string, inputs: Pick<CompanyInputs, 'stored' | 'market'>, at: PointInTime): ComputedCompany {
  const series = new Map<string, SeriesRow[]>();
  const empty = { series, ticker, currency: '', bytes: ENTRY_BYTES };
  if (!inputs.stored) return empty;
  const res = companyRecordsAt(inputs.stored.view, inputs.stored.fiscalYearEnd, inputs.market, at);
  if (!res) return empty; // e.g. no annual period filed yet: nothing was known
  const records = res.records;
  for (const r of records) {
    const key = `${r.recordType}|${r.period}`;
    let list = series.get(key);
    if (!list) series.set(key, (list = []));
    list.push({ date: r.date, fiscalYear: Number(r.fiscalYear), record: r, body: null });
  }
  for (const list of series.values()) lastRecordPerDate(list);
  return { series, ticker, currency: res.currency, bytes: ENTRY_BYTES + records.length * ROW_BYTES };
}

/** The computed records matching a record-series query, as the records table would answer it. */
export function selectRows(company: ComputedCompany, q: RecordSeriesQuery): SeriesRow[] {
  const list = company.series.get(`${q.recordType}|${q.period}`) ?? [];
  const ds = q.dateStart ?? '0000-01-01', de = q.dateEnd ?? '9999-12-31';
  const fs = q.fiscalYearStart ?? -1, fe = q.fiscalYearEnd ?? 999999;
  const out: SeriesRow[] = [];
  const n = list.length;
  for (let k = 0; k < n && out.length < q.limit; k++) {
    const r = list[q.order === 'ASC' ? k : n - 1 - k]!;
    if (r.date >= ds && r.date <= de && r.fiscalYear >= fs && r.fiscalYear <= fe) {
      r.body ??= renderRecord(r.record, company.ticker, company.currency);
      out.push(r);
    }
  }
  return out;
}
