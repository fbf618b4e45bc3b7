// The records table: every period record of every record type, stored as the exact JSON object
// the API returns (columns in registry order), so serving a request is a keyed range read.
// Provenance is one row per record (a JSON map field -> [concept, accn, filed, form, derivation]),
// read one row per field through the `provenance` view.
import type { Database, Statement } from 'better-sqlite3';
import type { PeriodRecord } from './record-types.js';
import { PROVENANCE_COLS, RECORD_COLS, renderRecordRows, type RecordRows } from './record-render.js';

export const RECORDS_DDL = [
  `CREATE TABLE records (
     cik TEXT NOT NULL, record_type TEXT NOT NULL, period TEXT NOT NULL, date TEXT NOT NULL,
     fiscal_year INTEGER NOT NULL, period_label TEXT NOT NULL, body TEXT NOT NULL,
     PRIMARY KEY (cik, record_type, period, date)) WITHOUT ROWID`,
  // One row per record instead of one per field: ~6,000 rows per company became ~900, the
  // largest single cost of writing a company (docs/ingest.md, Throughput). A rowid table: its
  // rows (up to ~10 KB of JSON) fit a 16 KiB page, where a WITHOUT ROWID row over ~4 KB spills
  // into mostly empty overflow pages (the table was 56 % unused space).
  `CREATE TABLE record_provenance (
     cik TEXT NOT NULL, record_type TEXT NOT NULL, period TEXT NOT NULL, date TEXT NOT NULL, fields TEXT NOT NULL)`,
  `CREATE UNIQUE INDEX record_provenance_key ON record_provenance (cik, record_type, period, date)`,
  `CREATE VIEW provenance (cik, record_type, period, date, field, concept, accn, filed, form, derivation) AS
     SELECT p.cik, p.record_type, p.period, p.date, f.key, json_extract(f.value, '$[0]'), json_extract(f.value, '$[1]'),
       json_extract(f.value, '$[2]'), json_extract(f.value, '$[3]'), json_extract(f.value, '$[4]')
     FROM record_provenance p, json_each(p.fields) f`,
];

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
  /** Writes rows made by renderRecordRows (e.g. in a worker thread). */
  writeRows(rows: RecordRows): void;
}

export function createRecordWriter(db: Database): RecordWriter {
  const putRecords = createBatchInsert(db, 'INSERT OR REPLACE INTO records (cik, record_type, period, date, fiscal_year, period_label, body)', RECORD_COLS);
  const putProvenance = createBatchInsert(db, 'INSERT OR REPLACE INTO record_provenance (cik, record_type, period, date, fields)', PROVENANCE_COLS);
  const writeRows = db.transaction((rows: RecordRows) => {
    putRecords(rows.records);
    putProvenance(rows.provenance);
  });
  return {
    write: (cik, ticker, currency, records) => writeRows(renderRecordRows(cik, ticker, currency, records)),
    writeRows: (rows) => writeRows(rows),
  };
}
