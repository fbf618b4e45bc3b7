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

/** One stored version of a record (records or record_versions) answering a point-in-time query. */
export interface VersionRow {
  date: string;
  body: string;
  /** Its encoded provenance (record_provenance's form), null when it has none. */
  fields: string | null;
  known_from: string;
}

/** The company's provenance dictionaries the encoded `fields` refer to. */
export type ProvenanceDictionaryRows = Pick<StoredProvenance, 'texts' | 'filings'>;

export interface RecordQueries {
  /** The stored JSON bodies (registry column order) of the matching records, in date order. */
  series(q: RecordSeriesQuery): Awaitable<readonly string[]>;
  /** The stored provenance of one company's records of one type and period at `dates`; with
   *  `dictionaries` false, the rows only (texts and filings empty), for a caller that read the
   *  company's dictionaries once for several record types (provenanceDictionaries). */
  provenance(cik: string, recordType: RecordType, period: string, dates: readonly string[], dictionaries?: boolean): Awaitable<StoredProvenance>;
  /**
   * Whether the dataset holds any statement record (income statement, balance sheet or cash
   * flow, annual or quarterly) of the company. False for a company known only from reference
   * data (submissions, ticker files) whose XBRL facts the build had none of: every other record
   * type is derived from the statements, so it has no records of any type either.
   */
  hasStatements(cik: string): Awaitable<boolean>;
  /** Whether the dataset stores record versions (records.known_from and record_versions; issue 27). */
  hasVersions(): Awaitable<boolean>;
  /**
   * Point in time from the stored versions, filtered, ordered and limited as `series`: without
   * `firstFiled`, each record's version known on `asOf` (known_from <= asOf < known_to; the
   * current record when known_from <= asOf); with it, each record's first version, of the records
   * known by `asOf` (null: of all). `fields` only `withProvenance` (else null: the plain answer reads no provenance).
   */
  versionsAt(q: RecordSeriesQuery, asOf: string | null, firstFiled: boolean, withProvenance?: boolean): Awaitable<readonly VersionRow[]>;
  /** The company's provenance dictionaries (for VersionRow.fields). */
  provenanceDictionaries(cik: string): Awaitable<ProvenanceDictionaryRows>;
}
