// DDL of the `earnings_calls` table and its build-time reads and writes: one call per company and
// fiscal quarter (tenk's calendar), its text, derived date and the corpus label it was read under.
// Invariant: at most one row per (cik, fiscal_year, fiscal_quarter); `label_check` says how the
// served quarter relates to the corpus label (docs/ingest.md, Transcripts).
import type { Database } from 'better-sqlite3';
import type { FiscalQuarter } from '../../reference/earnings-call-calendar.js';
import { normalizeTicker } from '../../model/symbols.js';

export const EARNINGS_CALL_DDL = [
  // A rowid table: a call's text (~50 KB) spills into overflow pages either way, and a rowid
  // row keeps the key columns on the leaf page (records-table.ts has the measurements).
  `CREATE TABLE earnings_calls (
     cik TEXT NOT NULL,
     fiscal_year INTEGER NOT NULL,
     fiscal_quarter INTEGER NOT NULL,
     symbol TEXT NOT NULL,
     source_symbol TEXT NOT NULL,
     period_end TEXT,
     date TEXT,
     release_filing_date TEXT,
     label_year INTEGER NOT NULL,
     label_quarter INTEGER NOT NULL,
     label_check TEXT NOT NULL,
     label_evidence TEXT,
     content TEXT NOT NULL)`,
  'CREATE UNIQUE INDEX earnings_calls_key ON earnings_calls (cik, fiscal_year, fiscal_quarter)',
];

export interface EarningsCallRow {
  cik: string;
  fiscalYear: number;
  fiscalQuarter: number;
  /** The company's primary ticker (the corpus symbol when it has none). */
  symbol: string;
  sourceSymbol: string;
  periodEnd: string | null;
  date: string | null;
  releaseFilingDate: string | null;
  labelYear: number;
  labelQuarter: number;
  /** confirmed | corrected | kept | unchecked (transcript-labels.ts). */
  labelCheck: string;
  labelEvidence: string | null;
  content: string;
}

export interface CallCompany {
  cik: string;
  /** Primary ticker; null when the company has none. */
  ticker: string | null;
  hasFacts: boolean;
  /** MMDD from SEC submissions; null when unknown. */
  fiscalYearEnd: string | null;
}

/** Normalized ticker -> company, for every company of the dataset: its own tickers first, then the ticker universe's links. */
export function callCompaniesByTicker(db: Database): Map<string, CallCompany> {
  const out = new Map<string, CallCompany>();
  const rows = db.prepare('SELECT cik, ticker, tickers, has_facts, fiscal_year_end FROM companies').all() as Array<{ cik: string; ticker: string | null; tickers: string; has_facts: number; fiscal_year_end: string | null }>;
  const byCik = new Map<string, CallCompany>();
  for (const r of rows) {
    const c: CallCompany = { cik: r.cik, ticker: r.ticker, hasFacts: r.has_facts === 1, fiscalYearEnd: r.fiscal_year_end };
    byCik.set(r.cik, c);
    const own: string[] = r.ticker ? [r.ticker] : [];
    try {
      const list: unknown = JSON.parse(r.tickers);
      if (Array.isArray(list)) for (const t of list) if (typeof t === 'string') own.push(t);
    } catch { /* a malformed tickers cell only loses its aliases */ }
    for (const t of own) out.set(normalizeTicker(t), c);
  }
  const links = db.prepare('SELECT symbol, cik FROM tickers WHERE cik IS NOT NULL').all() as Array<{ symbol: string; cik: string }>;
  for (const l of links) {
    const c = byCik.get(l.cik);
    const key = normalizeTicker(l.symbol);
    if (c && !out.has(key)) out.set(key, c);
  }
  return out;
}

/** The company's quarters in the records table (fiscal year, Qn, period end); income statement dates win. */
export function recordQuarters(db: Database, cik: string): FiscalQuarter[] {
  const rows = db.prepare(`SELECT record_type, fiscal_year, period_label, date FROM records
    WHERE cik = ? AND period = 'quarterly' ORDER BY record_type = 'income_statement' DESC`).all(cik) as Array<{ record_type: string; fiscal_year: number; period_label: string; date: string }>;
  const seen = new Map<string, FiscalQuarter>();
  for (const r of rows) {
    const m = /^Q([1-4])$/.exec(r.period_label);
    if (!m) continue;
    const key = `${r.fiscal_year}Q${m[1]}`;
    if (!seen.has(key)) seen.set(key, { fiscalYear: r.fiscal_year, quarter: Number(m[1]), end: r.date });
  }
  return [...seen.values()];
}

export function writeEarningsCalls(db: Database, rows: readonly EarningsCallRow[]): void {
  const put = db.prepare(`INSERT INTO earnings_calls (cik, fiscal_year, fiscal_quarter, symbol, source_symbol, period_end, date,
    release_filing_date, label_year, label_quarter, label_check, label_evidence, content) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  db.transaction(() => {
    for (const r of rows) {
      put.run(r.cik, r.fiscalYear, r.fiscalQuarter, r.symbol, r.sourceSymbol, r.periodEnd, r.date, r.releaseFilingDate,
        r.labelYear, r.labelQuarter, r.labelCheck, r.labelEvidence, r.content);
    }
  })();
}
