// The records table: every period record of every record type, stored as the exact JSON object
// the API returns (columns in registry order), so serving a request is a keyed range read.
import type { Database } from 'better-sqlite3';
import type { PeriodRecord } from './record-types.js';
import { fieldNames, metadataColumns } from '../metrics/registry.js';

export const RECORDS_DDL = [
  `CREATE TABLE records (
     cik TEXT NOT NULL, record_type TEXT NOT NULL, period TEXT NOT NULL, date TEXT NOT NULL,
     fiscal_year INTEGER NOT NULL, period_label TEXT NOT NULL, body TEXT NOT NULL,
     PRIMARY KEY (cik, record_type, period, date)) WITHOUT ROWID`,
  `CREATE TABLE provenance (
     cik TEXT NOT NULL, record_type TEXT NOT NULL, period TEXT NOT NULL, date TEXT NOT NULL,
     field TEXT NOT NULL, concept TEXT, accn TEXT, filed TEXT, form TEXT, derivation TEXT,
     PRIMARY KEY (cik, record_type, period, date, field)) WITHOUT ROWID`,
];

/** Render one record as the API's JSON object: metadata, then every field (null where absent). */
export function renderRecord(record: PeriodRecord, ticker: string, currency: string): string {
  const out: Record<string, string | number | null> = {};
  for (const col of metadataColumns(record.recordType)) {
    switch (col) {
      case 'ticker': out.ticker = ticker; break;
      case 'date': out.date = record.date; break;
      case 'period': out.period = record.period; break;
      case 'period_label': out.period_label = record.periodLabel; break;
      case 'fiscal_year': out.fiscal_year = String(record.fiscalYear); break;
      case 'currency': out.currency = currency; break;
    }
  }
  for (const name of fieldNames(record.recordType)) {
    const v = record.values[name];
    out[name] = typeof v === 'number' && Number.isFinite(v) ? v : null;
  }
  return JSON.stringify(out);
}

export interface RecordWriter {
  write(cik: string, ticker: string, currency: string, records: readonly PeriodRecord[]): void;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function createRecordWriter(db: Database): RecordWriter {
  const putRecord = db.prepare(
    'INSERT OR REPLACE INTO records (cik, record_type, period, date, fiscal_year, period_label, body) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const putProv = db.prepare(
    'INSERT OR REPLACE INTO provenance (cik, record_type, period, date, field, concept, accn, filed, form, derivation) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const writeAll = db.transaction((cik: string, ticker: string, currency: string, records: readonly PeriodRecord[]) => {
    // Inserting in primary-key order appends to the B-trees instead of splitting pages all over
    // them (measured 15-25 % faster). The sort is stable, so a repeated key still ends with the last.
    const ordered = [...records].sort((a, b) => cmp(a.recordType, b.recordType) || cmp(a.period, b.period) || cmp(a.date, b.date));
    for (const r of ordered) {
      putRecord.run(cik, r.recordType, r.period, r.date, r.fiscalYear, r.periodLabel, renderRecord(r, ticker, currency));
      for (const [field, p] of Object.entries(r.provenance)) {
        if (r.values[field] === null || r.values[field] === undefined) continue;
        putProv.run(cik, r.recordType, r.period, r.date, field, p.concept ?? null, p.accn ?? null, p.filed ?? null, p.form ?? null, p.derivation ?? null);
      }
    }
  });
  return { write: (cik, ticker, currency, records) => writeAll(cik, ticker, currency, records) };
}
