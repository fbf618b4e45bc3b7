// Records computed on request for point-in-time queries (`as_of`, `first_filed`): a company's
// stored facts (the fact store) filtered to what was filed by `as_of` (or to each period's first
// filing), standardized and derived with the market data known that day, rendered into the same
// record bodies as the records table, then filtered like the record-series query. A company's
// computed records are cached per (CIK, as_of, first_filed) in a cache bounded in bytes.
import type { RecordSeriesQuery } from '../dataset/record-queries.js';
import type { DatasetQueries } from '../dataset/read-queries.js';
import { loadCompanyFactsView, type StoredCompanyFacts } from '../dataset/fact-store-queries.js';
import { companySymbols, readCompanyMarketData } from '../dataset/company-market-data.js';
import { renderRecordRows, RECORD_COLS } from '../dataset/record-render.js';
import { standardizeCompanyFacts } from '../xbrl/standardize-company.js';
import { viewAt, type PointInTime } from '../xbrl/point-in-time-view.js';
import { deriveCompanyRecords } from '../metrics/derive-company-records.js';
import { marketAsOf } from '../market/market-as-of.js';
import type { MarketData } from '../market/market-data.js';

interface SeriesRow { date: string; fiscalYear: number; body: string }
/** One company's computed records: per "recordType|period" its rows in date order. */
interface ComputedCompany { series: Map<string, SeriesRow[]>; bytes: number }
interface CompanyInputs { stored: StoredCompanyFacts | null; market: MarketData | null }

/** Bytes of computed records kept per dataset handle (bodies as UTF-16, plus a row overhead). */
const RECORDS_CACHE_BYTES = 64 * 1024 * 1024;
const ROW_OVERHEAD_BYTES = 96;
/** Companies whose decoded facts and market data are kept (the inputs of several as_of dates). */
const INPUTS_CACHE_COMPANIES = 8;

/** A Map used as an LRU: a hit moves the key to the end; evicts from the front. */
class Lru<V> {
  private readonly map = new Map<string, { value: Promise<V>; size: number }>();
  private total = 0;
  constructor(private readonly capacity: number) {}
  get(key: string): Promise<V> | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    this.map.delete(key);
    this.map.set(key, e);
    return e.value;
  }
  set(key: string, value: Promise<V>, size: number): void {
    const old = this.map.get(key);
    if (old) { this.total -= old.size; this.map.delete(key); }
    this.map.set(key, { value, size });
    this.total += size;
    for (const [k, e] of this.map) {
      if (this.total <= this.capacity || k === key) break;
      this.map.delete(k);
      this.total -= e.size;
    }
  }
  delete(key: string): void {
    const e = this.map.get(key);
    if (!e) return;
    this.total -= e.size;
    this.map.delete(key);
  }
  resize(key: string, size: number): void {
    const e = this.map.get(key);
    if (!e) return;
    this.total += size - e.size;
    e.size = size;
    this.set(key, e.value, size);
  }
}

interface Caches { records: Lru<ComputedCompany>; inputs: Lru<CompanyInputs> }
const cachesByDataset = new WeakMap<object, Caches>();

function cachesOf(dataset: object): Caches {
  let c = cachesByDataset.get(dataset);
  if (!c) cachesByDataset.set(dataset, (c = { records: new Lru(RECORDS_CACHE_BYTES), inputs: new Lru(INPUTS_CACHE_COMPANIES) }));
  return c;
}

async function loadInputs(dataset: DatasetQueries, cik: string, ticker: string): Promise<CompanyInputs> {
  const stored = await loadCompanyFactsView(dataset, cik);
  const market = stored ? await readCompanyMarketData(dataset, cik, companySymbols(dataset, cik, ticker)) : null;
  return { stored, market };
}

/** Standardizes and derives a company's records as of `at` and groups their rendered bodies. Synchronous. */
export function computeCompanyRecords(cik: string, ticker: string, inputs: CompanyInputs, at: PointInTime): ComputedCompany {
  const series = new Map<string, SeriesRow[]>();
  if (!inputs.stored) return { series, bytes: 0 };
  const res = standardizeCompanyFacts(viewAt(inputs.stored.view, at), { fiscalYearEnd: inputs.stored.fiscalYearEnd });
  if (!res.ok) return { series, bytes: 0 }; // e.g. no annual period filed yet: nothing was known
  const records = deriveCompanyRecords(res.statements, marketAsOf(inputs.market, at.asOf));
  const rows = renderRecordRows(cik, ticker, res.statements.currency, records).records;
  let bytes = 0;
  // rows: cik, record_type, period, date, fiscal_year, period_label, body; in (type, period, date) order
  for (let i = 0; i < rows.length; i += RECORD_COLS) {
    const key = `${rows[i + 1] as string}|${rows[i + 2] as string}`;
    const body = rows[i + 6] as string;
    let list = series.get(key);
    if (!list) series.set(key, (list = []));
    list.push({ date: rows[i + 3] as string, fiscalYear: Number(rows[i + 4]), body });
    bytes += body.length * 2 + ROW_OVERHEAD_BYTES;
  }
  return { series, bytes };
}

/** The computed records matching a record-series query, as the records table would answer it. */
function select(company: ComputedCompany, q: RecordSeriesQuery): string[] {
  const list = company.series.get(`${q.recordType}|${q.period}`) ?? [];
  const ds = q.dateStart ?? '0000-01-01', de = q.dateEnd ?? '9999-12-31';
  const fs = q.fiscalYearStart ?? -1, fe = q.fiscalYearEnd ?? 999999;
  const out: string[] = [];
  const n = list.length;
  for (let k = 0; k < n && out.length < q.limit; k++) {
    const r = list[q.order === 'ASC' ? k : n - 1 - k]!;
    if (r.date >= ds && r.date <= de && r.fiscalYear >= fs && r.fiscalYear <= fe) out.push(r.body);
  }
  return out;
}

/**
 * The record series of a company as of `at`. An `as_of` on or after the dataset's newest filing
 * (without first_filed) is the stored series itself.
 */
export async function pointInTimeSeries(dataset: DatasetQueries, company: { cik: string; ticker: string | null }, q: RecordSeriesQuery, at: PointInTime): Promise<readonly string[]> {
  let asOf = at.asOf;
  if (asOf !== null) {
    const newest = await dataset.factStore.newestFiled();
    if (newest !== null && asOf >= newest) asOf = null;
  }
  if (asOf === null && !at.firstFiled) return dataset.records.series(q);
  const effective: PointInTime = { asOf, firstFiled: at.firstFiled };
  const caches = cachesOf(dataset);
  const key = `${company.cik}|${asOf ?? ''}|${at.firstFiled ? 1 : 0}`;
  let computed = caches.records.get(key);
  if (!computed) {
    const ticker = company.ticker ?? company.cik;
    let inputs = caches.inputs.get(company.cik);
    if (!inputs) {
      inputs = loadInputs(dataset, company.cik, ticker);
      caches.inputs.set(company.cik, inputs, 1);
      inputs.catch(() => undefined);
    }
    const pending = inputs.then((i) => computeCompanyRecords(company.cik, ticker, i, effective));
    caches.records.set(key, pending, ROW_OVERHEAD_BYTES);
    pending.then((c) => caches.records.resize(key, c.bytes + ROW_OVERHEAD_BYTES), () => undefined);
    computed = pending;
  }
  try {
    return select(await computed, q);
  } catch (err) {
    // not kept: the next request tries again
    caches.records.delete(key);
    caches.inputs.delete(company.cik);
    throw err;
  }
}
