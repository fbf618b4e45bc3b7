// The records table: every period record of every record type, its body stored as its values
// alone (a JSON array in the record type's column order, record-body-codec.ts: ~0.29x the bytes of
// the object), so serving a request is a keyed range read and a splice of the registry's keys back
// in (decodeBody, at the storage boundary: sqlite-records.ts, pg-records.ts), which gives exactly the
// JSON object the API returns (columns in registry order).
// `known_from`: since when the record is the latest known (record-versions-table.ts; NULL when no
// versions were computed); `known_fields`: its provenance as of then when a later filing that
// repeated its values changed record_provenance (NULL: the same). Provenance is one row per record (a JSON map field key (provenance-field-ids.ts) -> [concept id, filing id, derivation id, unit id, period id, inputs],
// ids of the company's provenance_texts and provenance_filings), read one row per field, with
// the texts joined back, through the `provenance` view; derived records' windows through the `derivations` view.
import { PROVENANCE_FIELD_NAMES, provenanceFieldKey } from '../codecs/provenance-field-ids.js';
import type { Database, Statement } from 'better-sqlite3';
import { DERIVED_TYPES, type PeriodRecord } from '../../model/record-types.js';
import { FILING_COLS, PROVENANCE_COLS, RECORD_COLS, TEXT_COLS, renderRecordRows, type RecordRows } from '../codecs/record-render.js';

export const RECORDS_DDL = [
  `CREATE TABLE records (
     cik TEXT NOT NULL, record_type TEXT NOT NULL, period TEXT NOT NULL, date TEXT NOT NULL,
     fiscal_year INTEGER NOT NULL, period_label TEXT NOT NULL, body TEXT NOT NULL,
     known_from TEXT, known_fields TEXT,
     PRIMARY KEY (cik, record_type, period, date)) WITHOUT ROWID`,
  // One row per record instead of one per field: ~6,000 rows per company became ~900, the
  // largest single cost of writing a company (docs/ingest.md, Provenance storage). A rowid table: its
  // rows (up to ~10 KB of JSON) fit a 16 KiB page, where a WITHOUT ROWID row over ~4 KB spills
  // into mostly empty overflow pages (the table was 56 % unused space).
  `CREATE TABLE record_provenance (
     cik TEXT NOT NULL, record_type TEXT NOT NULL, period TEXT NOT NULL, date TEXT NOT NULL, fields TEXT NOT NULL)`,
  `CREATE UNIQUE INDEX record_provenance_key ON record_provenance (cik, record_type, period, date)`,
  // Each company's concepts and derivation texts, and its filings, stored once and referenced
  // by id from `fields` (provenance-encoder.ts): the texts repeated on every field were ~3/4 of
  // the table.
  `CREATE TABLE provenance_texts (
     cik TEXT NOT NULL, id INTEGER NOT NULL, text TEXT NOT NULL, PRIMARY KEY (cik, id)) WITHOUT ROWID`,
  `CREATE TABLE provenance_filings (
     cik TEXT NOT NULL, id INTEGER NOT NULL, accn TEXT, filed TEXT, form TEXT, PRIMARY KEY (cik, id)) WITHOUT ROWID`,
  // the field each short key of `fields` names (provenance-field-ids.ts), for the view below
  `CREATE TABLE provenance_fields (key TEXT PRIMARY KEY, field TEXT NOT NULL) WITHOUT ROWID`,
  `INSERT INTO provenance_fields (key, field) VALUES ${PROVENANCE_FIELD_NAMES.map((f) => `('${provenanceFieldKey(f)}', '${f}')`).join(', ')}`,
  `CREATE VIEW provenance (cik, record_type, period, date, field, concept, accn, filed, form, derivation, unit, fact_period) AS
     SELECT p.cik, p.record_type, p.period, p.date, COALESCE(n.field, e.key), c.text, f.accn, f.filed, f.form, d.text, u.text, fp.text
     FROM record_provenance p
     JOIN json_each(p.fields) e
     LEFT JOIN provenance_fields n ON n.key = e.key
     LEFT JOIN provenance_texts c ON c.cik = p.cik AND c.id = json_extract(e.value, '$[0]')
     LEFT JOIN provenance_filings f ON f.cik = p.cik AND f.id = json_extract(e.value, '$[1]')
     LEFT JOIN provenance_texts d ON d.cik = p.cik AND d.id = json_extract(e.value, '$[2]')
     LEFT JOIN provenance_texts u ON u.cik = p.cik AND u.id = json_extract(e.value, '$[3]')
     LEFT JOIN provenance_texts fp ON fp.cik = p.cik AND fp.id = json_extract(e.value, '$[4]')`,
];

/**
 * One row per derived record (credit ... per_share): the window its flows cover. Field formulas
 * are the metric registry's definitions, so they are not repeated per field (7 M provenance rows
 * would triple the records step); statement records keep per-field provenance. The text is a
 * function of the record's key, so it is a view over the records table (it was a table of 217 k
 * rows, 46 MB, repeating the same sentence).
 */
export const DERIVATIONS_DDL = `CREATE VIEW derivations (cik, record_type, period, date, derivation) AS
     SELECT cik, record_type, period, date,
       CASE period WHEN 'annual' THEN 'fiscal year ending ' ELSE 'TTM of the 4 quarters ending ' END || date
         || '; prices as traded, on the share basis of ' || date || '; field formulas: metric registry (docs/metrics.md)'
     FROM records WHERE record_type IN (${DERIVED_TYPES.map((t) => `'${t}'`).join(', ')})`;

/** Inserts flat rows of `cols` values with multi-row VALUES statements (fewer calls into SQLite). */
export function createBatchInsert(db: Database, head: string, cols: number, batch = 64): (flat: readonly unknown[]) => void {
  const one = `(${new Array(cols).fill('?').join(', ')})`;
  const many: Statement = db.prepare(`${head} VALUES ${new Array(batch).fill(one).join(', ')}`);
  const single: Statement = db.prepare(`${head} VALUES ${one}`);
  const step = cols * batch;
  return (flat) => {
    let i = 0;
    for (; i + step <= flat.length; i += step) many.run(flat.slice(i, i + step));
    for (; i < flat.length; i += cols) single.run(flat.slice(i, i + cols));
  };
}

export interface RecordWriter {
  write(cik: string, ticker: string, currency: string, records: readonly PeriodRecord[]): void;
  /** Writes rows made by renderRecordRows (e.g. in a worker thread). One call per company: provenance ids are per company. */
  writeRows(rows: RecordRows): void;
}

export function createRecordWriter(db: Database): RecordWriter {
  const putRecords = createBatchInsert(db, 'INSERT OR REPLACE INTO records (cik, record_type, period, date, fiscal_year, period_label, body)', RECORD_COLS);
  const putProvenance = createBatchInsert(db, 'INSERT OR REPLACE INTO record_provenance (cik, record_type, period, date, fields)', PROVENANCE_COLS);
  const putTexts = createBatchInsert(db, 'INSERT INTO provenance_texts (cik, id, text)', TEXT_COLS);
  const putFilings = createBatchInsert(db, 'INSERT INTO provenance_filings (cik, id, accn, filed, form)', FILING_COLS);
  const writeRows = db.transaction((rows: RecordRows) => {
    putRecords(rows.records);
    putProvenance(rows.provenance);
    putTexts(rows.texts);
    putFilings(rows.filings);
  });
  return {
    write: (cik, ticker, currency, records) => writeRows(renderRecordRows(cik, ticker, currency, records)),
    writeRows: (rows) => writeRows(rows),
  };
}
