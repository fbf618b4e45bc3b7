// DDL and build-time writer of the fact store (`company_facts`): per company the facts
// standardization reads, as one blob of fact-store-codec.ts, with the fiscal year end it was
// standardized with. Written by the companyfacts step; read on request by point-in-time queries.
import type { Database } from 'better-sqlite3';

export const FACT_STORE_DDL = [
  `CREATE TABLE company_facts (
     cik TEXT PRIMARY KEY,
     fiscal_year_end TEXT,
     blob BLOB NOT NULL,
     newest_filed TEXT)`,
];

export interface FactStoreWriter {
  /** `newestFiled`: the newest filing date of the company's facts (what point-in-time queries compare `as_of` with). */
  write(cik: string, fiscalYearEnd: string | null, blob: Uint8Array, newestFiled: string | null): void;
}

export function createFactStoreWriter(db: Database): FactStoreWriter {
  const put = db.prepare('INSERT OR REPLACE INTO company_facts (cik, fiscal_year_end, blob, newest_filed) VALUES (?, ?, ?, ?)');
  return { write: (cik, fiscalYearEnd, blob, newestFiled) => { put.run(cik, fiscalYearEnd, Buffer.from(blob.buffer, blob.byteOffset, blob.byteLength), newestFiled); } };
}
