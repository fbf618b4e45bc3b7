// The one call for point-in-time queries (`as_of`, `first_filed`): a company's record series as
// of a point in time, as the records table would answer the same record-series query. Records are
// computed from the company's stored facts (the fact store) filtered to what was filed by `as_of`
// (or to each period's first filing), standardized and derived with the market data known that
// day, and rendered into the same record bodies; they are cached per (CIK, as_of, first_filed).
import type { RecordSeriesQuery } from '../dataset/queries/record-queries.js';
import type { DatasetQueries } from '../dataset/queries/read-queries.js';
import { storedProvenance } from '../dataset/codecs/record-render.js';
import type { PeriodRecord, Provenance } from '../model/record-types.js';
import type { PointInTime } from '../model/point-in-time.js';
import { loadCompanyInputs, onOrBefore } from './company-inputs.js';
import { computeCompanyRecords, selectRows, type ComputedCompany, type SeriesRow } from './company-series.js';
import { cachesOf } from './records-cache.js';

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
export async function seriesAt(dataset: DatasetQueries, company: { cik: string; ticker: string | null }, q: RecordSeriesQuery, at: PointInTime): Promise<PointInTimeRows> {
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
    inputs = loadCompanyInputs(dataset, company.cik, ticker);
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
    return answer(selectRows(await computed, q));
  } catch (err) {
    // not kept: the next request tries again
    caches.records.delete(key);
    caches.inputs.delete(company.cik);
    throw err;
  }
}
