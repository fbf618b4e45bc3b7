// The one call for point-in-time queries (`as_of`, `first_filed`): a company's record series as
// of a point in time, as the records table would answer the same record-series query. From the
// stored versions (records.known_from and record_versions, written at ingest: issue 27) with one
// keyed range read: the version known on `as_of`, or each record's first version. A dataset built
// without versions (an older build) computes them on request instead, as before: the company's
// stored facts (the fact store) filtered to what was filed by `as_of` (or to each period's first
// filing), standardized and derived with the market data known that day, rendered into the same
// bodies and cached per (CIK, as_of, first_filed).
import type { RecordSeriesQuery } from '../dataset/queries/record-queries.js';
import type { DatasetQueries } from '../dataset/queries/read-queries.js';
import { storedProvenance } from '../dataset/codecs/record-render.js';
import { decodeProvenance } from '../dataset/codecs/provenance-decoder.js';
import type { PeriodRecord, Provenance } from '../model/record-types.js';
import type { PointInTime } from '../model/point-in-time.js';
import { loadCompanyInputs, onOrBefore } from './company-inputs.js';
import { computeCompanyRecords, selectRows, type ComputedCompany, type SeriesRow } from './company-series.js';
import { cachesOf } from './records-cache.js';

/** A point-in-time answer: the record bodies and, for the versions served (stored or computed), their
 *  per-field provenance by date (null when the stored series answered: its provenance is the records'). */
export interface PointInTimeRows {
  rows: readonly string[];
  provenance: (() => Promise<Map<string, Record<string, Provenance>>>) | null;
}

/** Computed records' per-field provenance by date, as the stored provenance of the same records reads. */
export function provenanceByDate(records: readonly PeriodRecord[]): Map<string, Record<string, Provenance>> {
  return new Map(records.map((r) => [r.date, storedProvenance(r)]));
}

function answer(rows: readonly SeriesRow[]): PointInTimeRows {
  const records = rows.map((r) => r.record);
  return { rows: rows.map((r) => r.body!), provenance: async () => provenanceByDate(records) };
}

/** The answer from the stored versions: one range read; provenance decoded when asked for. */
async function storedAnswer(dataset: DatasetQueries, cik: string, q: RecordSeriesQuery, asOf: string | null, firstFiled: boolean): Promise<PointInTimeRows> {
  const rows = await dataset.records.versionsAt(q, asOf, firstFiled);
  const provenance = async () => {
    // the same versions again, with their provenance (include=provenance only)
    const withFields = await dataset.records.versionsAt(q, asOf, firstFiled, true);
    const encoded = withFields.flatMap((r) => (r.fields === null ? [] : [{ date: r.date, fields: r.fields }]));
    return decodeProvenance({ rows: encoded, ...(encoded.length > 0 ? await dataset.records.provenanceDictionaries(cik) : { texts: [], filings: [] }) });
  };
  return { rows: rows.map((r) => r.body), provenance };
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
  if (asOf === null && !at.firstFiled) return { rows: await dataset.records.series(q), provenance: null };
  if (await dataset.records.hasVersions()) return storedAnswer(dataset, company.cik, q, asOf, at.firstFiled);
  // a dataset without stored versions: computed on request
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
