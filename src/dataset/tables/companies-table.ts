// The companies table: one row per SEC filer (submissions) or companyfacts company, with its
// primary ticker; written by the companyfacts step, read by identifier resolution and profiles.

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
