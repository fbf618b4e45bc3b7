// Named query over the records table: one company's period records of one record type, filtered
// by period end date and fiscal year, ordered by date and limited. Bodies are the stored JSON.
import type { RecordType } from '../../model/record-types.js';
import type { Awaitable } from './awaitable.js';

export interface RecordSeriesQuery {
  /** 10-digit zero-padded CIK. */
  cik: string;
  recordType: RecordType;
  period: string;
  /** Inclusive bounds on the period end date (YYYY-MM-DD); omitted = unbounded. */
  dateStart?: string;
  dateEnd?: string;
  /** Inclusive bounds on the fiscal year; omitted = unbounded. */
  fiscalYearStart?: number;
  fiscalYearEnd?: number;
  order: 'ASC' | 'DESC';
  limit: number;
}

/** One company's provenance rows for some records, with the dictionaries their ids refer to
 *  (provenance-encoder.ts; decoded by provenance-decoder.ts). */
export interface StoredProvenance {
  /** record_provenance rows of the requested dates that have one (a record of formulas only has none). */
  rows: ReadonlyArray<{ date: string; fields: string }>;
  texts: ReadonlyArray<{ id: number; text: string }>;
  filings: ReadonlyArray<{ id: number; accn: string | null; filed: string | null; form: string | null }>;
}

export interface RecordQueries {
  /** The stored JSON bodies (registry column order) of the matching records, in date order. */
  series(q: RecordSeriesQuery): Awaitable<readonly string[]>;
  /** The stored provenance of one company's records of one type and period at `dates`. */
  provenance(cik: string, recordType: RecordType, period: string, dates: readonly string[]): Awaitable<StoredProvenance>;
}
