// Named queries over the records table: one company's period records of one record type, filtered
// by period end date and fiscal year, ordered by date and limited (bodies are the stored JSON);
// their provenance; and whether the dataset holds any statement of a company at all.
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
  /**
   * Whether the dataset holds any statement record (income statement, balance sheet or cash
   * flow, annual or quarterly) of the company. False for a company known only from reference
   * data (submissions, ticker files) whose XBRL facts the build had none of: every other record
   * type is derived from the statements, so it has no records of any type either.
   */
  hasStatements(cik: string): Awaitable<boolean>;
}
