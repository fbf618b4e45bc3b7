// Records computed on request for point-in-time queries (`as_of`, `first_filed`): a company's
// stored facts (the fact store) filtered to what was filed by `as_of` (or to each period's first
// filing), standardized and derived with the market data known that day, rendered into the same
// record bodies as the records table, then filtered like the record-series query. A company's
// computed records are cached per (CIK, as_of, first_filed) in a cache bounded in bytes.
import type { RecordSeriesQuery } from '../dataset/record-queries.js';
import type { DatasetQueries } from '../dataset/read-queries.js';
import { loadCompanyFactsView, type StoredCompanyFacts } from '../dataset/fact-store-queries.js';
import { companySymbols, readCompanyMarketData } from '../dataset/company-market-data.js';
import { renderRecord, storedProvenance } from '../dataset/record-render.js';
import type { PeriodRecord, Provenance } from '../model/record-types.js';
import { companyRecordsAt, filingDates, type PointInTime } from '../metrics/records-at.js';
import type { MarketData } from '../market/market-data.js';
import { BoundedLru } from './bounded-lru.js';

/** A computed record, its body rendered when first served. */
interface SeriesRow { date: string; fiscalYear: number; record: PeriodRecord; body: string | null }
/** One company's computed records: per "recordType|period" its rows in date order (one per date, the last derived). */
interface ComputedCompany { series: Map<string, SeriesRow[]>; ticker: string; currency: string; bytes: number }
/** `filedDates`: the distinct filing dates of the company's facts, ascending. */
interface CompanyInputs { stored: StoredCompanyFacts | null; market: MarketData | null; filedDates: string[] }

/** Bytes of computed records kept per dataset handle (estimated per record). */
const RECORDS_CACHE_BYTES = 64 * 1024 * 1024;
/** Estimated bytes of one computed record and its rendered body (measured ~1-3 kB for a statement record). */
const ROW_BYTES = 4096;
const ENTRY_BYTES = 256;
/** Companies whose decoded facts and market data are kept (the inputs of several as_of dates). */
const INPUTS_CACHE_COMPANIES = 8;

interface Caches { records: BoundedLru<Promise<ComputedCompany>>; inputs: BoundedLru<Promise<CompanyInputs>> }
const cachesByDataset = new WeakMap<object, Caches>();

function cachesOf(dataset: object): Caches {
  let c = cachesByDataset.get(dataset);
  if (!c) cachesByDataset.set(dataset, (c = { records: new BoundedLru(RECORDS_CACHE_BYTES), inputs: new BoundedLru(INPUTS_CACHE_COMPANIES) }));
  return c;
}

async function loadInputs(dataset: DatasetQueries, cik: string, ticker: string): Promise<CompanyInputs> {
  const stored = await loadCompanyFactsView(dataset, cik);
  const market = stored ? await readCompanyMarketData(dataset, cik, companySymbols(dataset, cik, ticker)) : null;
  return { stored, market, filedDates: stored ? filingDates(stored.view) : [] };
}

/** The newest of the ascending `dates` on or before `day`, or null. */
function onOrBefore(dates: readonly string[], day: string): string | null {
  let lo = 0, hi = dates.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (dates[mid]! <= day) lo = mid + 1; else hi = mid;
  }
  return lo === 0 ? null : dates[lo - 1]!;
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
  for (const list of series.values()) {
    list.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)); // stable: a repeated date keeps its last record last
    let w = 0;
    for (let i = 0; i < list.length; i++) {
      if (w > 0 && list[w - 1]!.date === list[i]!.date) list[w - 1] = list[i]!; // the records table keeps the last
      else list[w++] = list[i]!;
    }
    list.length = w;
  }
  return { series, ticker, currency: res.currency, bytes: ENTRY_BYTES + records.length * ROW_BYTES };
}

/** The computed records matching a record-series query, as the records table would answer it. */
function select(company: ComputedCompany, q: RecordSeriesQuery): SeriesRow[] {
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

/** A point-in-time answer: the record bodies and, when they were computed, the records themselves
 *  (null when the stored series answered: its provenance is the stored one). */
export interface PointInTimeRows {
  rows: readonly string[];
  records: readonly PeriodRecord[] | null;
}

/** Computed records' per-field provenance by date, as the stored provenance of the same records reads. */
export function provenanceByDate(records: readonly PeriodRecord[]): Map<string, Record<string, Provenance>> {
  return new Map(records.map((r) => [r.date, storedProvenance(r)]));
}

function answer(rows: readonly SeriesRow[]): PointInTimeRows {
  return { rows: rows.map((r) => r.body!), records: rows.map((r) => r.record) };
}

/**
 * The record series of a company as of `at`. An `as_of` on or after the dataset's newest filing
 * (without first_filed) is the stored series itself.
 */
export async function pointInTimeSeries(dataset: DatasetQueries, company: { cik: string; ticker: string | null }, q: RecordSeriesQuery, at: PointInTime): Promise<PointInTimeRows> {
  let asOf = at.asOf;
  if (asOf !== null) {
    const newest = await dataset.factStore.newestFiled();
    if (newest !== null && asOf >= newest) asOf = null;
  }
  if (asOf === null && !at.firstFiled) return { rows: await dataset.records.series(q), records: null };
  const caches = cachesOf(dataset);
  const ticker = company.ticker ?? company.cik;
  let inputs = caches.inputs.get(company.cik);
  if (!inputs) {
    inputs = loadInputs(dataset, company.cik, ticker);
    caches.inputs.set(company.cik, inputs, 1);
  }
  let key = '';
  let computed: Promise<ComputedCompany> | undefined;
  try {
    const known = await inputs;
    // A company's records change only when it files: every as_of between two of its filing dates
    // is the state of the earlier one (prices are only read up to the record dates, which precede it).
    const effective: PointInTime = { asOf: asOf === null ? null : onOrBefore(known.filedDates, asOf), firstFiled: at.firstFiled };
    if (asOf !== null && effective.asOf === null) return answer([]); // before the company's first filing
    key = `${company.cik}|${effective.asOf ?? ''}|${at.firstFiled ? 1 : 0}`;
    computed = caches.records.get(key);
    if (!computed) {
      const c = computeCompanyRecords(ticker, known, effective);
      computed = Promise.resolve(c);
      caches.records.set(key, computed, c.bytes);
    }
    return answer(select(await computed, q));
  } catch (err) {
    // not kept: the next request tries again
    caches.records.delete(key);
    caches.inputs.delete(company.cik);
    throw err;
  }
}
