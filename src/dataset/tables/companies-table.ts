// The companies table: one row per SEC filer (submissions) or companyfacts company, with its
// primary ticker; written by the companyfacts step, read by identifier resolution and profiles.
// Also the unmapped_concepts table (a company's concepts no field maps) and their writers.
import type { Database } from 'better-sqlite3';
import { createBatchInsert } from './records-table.js';

export const COMPANIES_DDL = [
  `CREATE TABLE companies (
     cik TEXT PRIMARY KEY,
     name TEXT,
     ticker TEXT,
     exchange TEXT,
     tickers TEXT NOT NULL,
     exchanges TEXT NOT NULL,
     sic TEXT,
     sic_description TEXT,
     fiscal_year_end TEXT,
     state_of_incorporation TEXT,
     website TEXT,
     investor_website TEXT,
     description TEXT,
     phone TEXT,
     ein TEXT,
     category TEXT,
     entity_type TEXT,
     business_address TEXT,
     mailing_address TEXT,
     former_names TEXT NOT NULL,
     currency TEXT,
     taxonomy TEXT,
     shares_outstanding REAL,
     shares_outstanding_date TEXT,
     has_facts INTEGER NOT NULL,
     facts_skip_reason TEXT,
     has_submissions INTEGER NOT NULL) WITHOUT ROWID`,
  `CREATE INDEX companies_ticker ON companies (ticker)`,
  `CREATE TABLE unmapped_concepts (
     cik TEXT NOT NULL, taxonomy TEXT NOT NULL, concept TEXT NOT NULL, fact_count INTEGER NOT NULL,
     PRIMARY KEY (cik, taxonomy, concept)) WITHOUT ROWID`,
];

/** Indexes of these tables built after the build's steps (BuildStep.lateDdl): nothing reads them during it. */
export const COMPANIES_LATE_DDL = [
  `CREATE INDEX unmapped_concepts_concept ON unmapped_concepts (taxonomy, concept)`,
];

/** One companies row, column for column (JSON columns already serialized). */
export interface CompanyTableRow {
  cik: string; name: string | null; ticker: string | null; exchange: string | null;
  tickers: string; exchanges: string; sic: string | null; sic_description: string | null;
  fiscal_year_end: string | null; state_of_incorporation: string | null; website: string | null; investor_website: string | null;
  description: string | null; phone: string | null; ein: string | null; category: string | null; entity_type: string | null;
  business_address: string | null; mailing_address: string | null; former_names: string; currency: string | null; taxonomy: string | null;
  shares_outstanding: number | null; shares_outstanding_date: string | null; has_facts: 0 | 1; facts_skip_reason: string | null; has_submissions: 0 | 1;
}

/** Writes the row of every cik in `ciks`, in that order, in one transaction. */
export function writeCompanyRows(db: Database, ciks: readonly string[], rowOf: (cik: string) => CompanyTableRow): void {
  const put = db.prepare(`INSERT INTO companies (cik, name, ticker, exchange, tickers, exchanges, sic, sic_description,
    fiscal_year_end, state_of_incorporation, website, investor_website, description, phone, ein, category, entity_type,
    business_address, mailing_address, former_names, currency, taxonomy, shares_outstanding, shares_outstanding_date,
    has_facts, facts_skip_reason, has_submissions) VALUES (${new Array(27).fill('?').join(', ')})`);
  db.transaction(() => {
    for (const cik of ciks) {
      const r = rowOf(cik);
      put.run(
        r.cik, r.name, r.ticker, r.exchange, r.tickers, r.exchanges, r.sic, r.sic_description,
        r.fiscal_year_end, r.state_of_incorporation, r.website, r.investor_website, r.description, r.phone, r.ein, r.category, r.entity_type,
        r.business_address, r.mailing_address, r.former_names, r.currency, r.taxonomy, r.shares_outstanding, r.shares_outstanding_date,
        r.has_facts, r.facts_skip_reason, r.has_submissions,
      );
    }
  })();
}

/** A company's concept that maps to no field, with how many facts it has. */
export interface UnmappedConceptRow {
  taxonomy: string;
  concept: string;
  factCount: number;
}

/** Writes one company's unmapped concepts (one transaction per company). */
export function createUnmappedConceptWriter(db: Database): (cik: string, concepts: readonly UnmappedConceptRow[]) => void {
  const put = createBatchInsert(db, 'INSERT OR REPLACE INTO unmapped_concepts (cik, taxonomy, concept, fact_count)', 4);
  return db.transaction((cik: string, concepts: readonly UnmappedConceptRow[]) => {
    const flat: Array<string | number> = [];
    for (const u of concepts) flat.push(cik, u.taxonomy, u.concept, u.factCount);
    put(flat);
  });
}
