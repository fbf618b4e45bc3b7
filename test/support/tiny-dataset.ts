// Builds a tiny dataset file with the real DDL of the build steps (records, companies, reference
// tables) for tests that must not depend on the full corpus, so it cannot drift from the schema.
// Values here are synthetic and say so; real-company checks use the corpus test dataset.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { RECORDS_DDL } from '../../src/dataset/tables/records-table.js';
import { renderStoredBody } from '../../src/dataset/codecs/record-render.js';
import type { PeriodRecord, RecordType } from '../../src/model/record-types.js';
import { fieldNames } from '../../src/metrics/registry.js';
import { COMPANIES_DDL, COMPANIES_LATE_DDL } from '../../src/dataset/tables/companies-table.js';
import { REFERENCE_DDL, REFERENCE_LATE_DDL } from '../../src/dataset/tables/reference-tables.js';
import { EXCHANGE_CALENDAR_DDL } from '../../src/dataset/tables/exchange-calendar-tables.js';
import { FX_DDL } from '../../src/dataset/tables/fx-table.js';
import { EARNINGS_CALL_DDL, writeEarningsCalls } from '../../src/dataset/tables/earnings-call-table.js';
import { datasetFormatMeta } from '../../src/dataset/dataset-format.js';

export interface TinyCompany {
  cik: string;
  ticker: string;
  tickers?: string[];
  currency?: string;
  /** 9-character CUSIPs linked to this CIK, with an optional rank (0 = own issuer). */
  cusips?: Array<{ cusip: string; rank?: number }>;
  /** Fiscal years with annual records ending on `${fy}-${yearEnd}` (default 09-30). */
  years: number[];
  yearEnd?: string;
  recordTypes?: RecordType[];
  /** Earnings calls (synthetic text saying so), placed at calendar quarter ends. */
  calls?: Array<{ year: number; quarter: number; date?: string }>;
}

/** A synthetic record: field i of the type is fy * 1000 + i (a value you can recompute in a test). */
export function tinyValue(fy: number, fieldIndex: number): number {
  return fy * 1000 + fieldIndex;
}

export function buildTinyDataset(companies: readonly TinyCompany[], file?: string): string {
  const target = file ?? path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-tiny-')), 'dataset.sqlite');
  const db = new Database(target);
  db.exec('CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
  for (const sql of RECORDS_DDL) db.exec(sql);
  for (const sql of [...COMPANIES_DDL, ...COMPANIES_LATE_DDL, ...REFERENCE_DDL, ...REFERENCE_LATE_DDL]) db.exec(sql);
  db.prepare('INSERT INTO meta VALUES (?, ?)').run('built_at', '2026-01-01T00:00:00.000Z');
  for (const [key, value] of datasetFormatMeta()) db.prepare('INSERT INTO meta VALUES (?, ?)').run(key, value);
  // Exchange calendars: one synthetic regime and holiday, so the calendar entries' examples (XJPX, NYSE 2025) answer.
  for (const sql of EXCHANGE_CALENDAR_DDL) db.exec(sql);
  db.prepare("INSERT INTO trading_hours VALUES ('XJPX', 'Asia/Tokyo', '09:00', '15:30', '11:30', '12:30', NULL)").run();
  db.prepare("INSERT INTO exchange_holidays VALUES ('XNYS', '2025-12-25', 'closed', 'Synthetic holiday', NULL)").run();
  // Forex for the registry examples (EURUSD, pairs with USD): two synthetic USD rates per EUR.
  for (const sql of FX_DDL) db.exec(sql);
  db.exec("INSERT INTO fx_rates VALUES ('USD', '2025-05-08', 1.1), ('USD', '2025-05-09', 1.2); INSERT INTO fx_runs VALUES ('USD', '2025-05-08', '2025-05-09')");
  for (const sql of EARNINGS_CALL_DDL) db.exec(sql);
  for (const c of companies) {
    writeEarningsCalls(db, (c.calls ?? []).map((k) => ({
      cik: c.cik, fiscalYear: k.year, fiscalQuarter: k.quarter, symbol: c.ticker, sourceSymbol: c.ticker,
      periodEnd: `${k.year}-${['03-31', '06-30', '09-30', '12-31'][k.quarter - 1]}`, date: k.date ?? null, releaseFilingDate: k.date ?? null,
      labelYear: k.year, labelQuarter: k.quarter, labelCheck: 'unchecked', labelEvidence: null,
      content: `Synthetic test transcript of ${c.ticker}, fiscal ${k.year} Q${k.quarter}.`,
    })));
  }
  const putRecord = db.prepare('INSERT INTO records (cik, record_type, period, date, fiscal_year, period_label, body) VALUES (?, ?, ?, ?, ?, ?, ?)');
  for (const c of companies) {
    const tickers = c.tickers ?? [c.ticker];
    db.prepare(`INSERT INTO companies (cik, name, ticker, tickers, exchanges, former_names, currency, has_facts, has_submissions)
      VALUES (?, ?, ?, ?, '["NYSE"]', '[]', ?, 1, 1)`).run(c.cik, `${c.ticker} Test Corp`, c.ticker, JSON.stringify(tickers), c.currency ?? 'USD');
    for (const t of tickers) {
      db.prepare(`INSERT INTO tickers (symbol, name, issuer_name, cik, exchange, exchange_name, type, listed, etf, source)
        VALUES (?, ?, ?, ?, 'NYSE', 'New York Stock Exchange', 'common stock', 1, 0, 'test')`).run(t, `${c.ticker} Test Corp`, `${c.ticker} Test Corp`, c.cik);
    }
    for (const l of c.cusips ?? []) {
      db.prepare('INSERT INTO cusips (cusip, cik, cusip6, rank) VALUES (?, ?, ?, ?)').run(l.cusip, c.cik, l.cusip.slice(0, 6), l.rank ?? 0);
    }
    for (const rt of c.recordTypes ?? ['income_statement', 'balance_sheet', 'cash_flow'] as RecordType[]) {
      const names = fieldNames(rt);
      for (const fy of c.years) {
        const values: Record<string, number | null> = {};
        names.forEach((n, i) => { values[n] = i % 7 === 3 ? null : tinyValue(fy, i); });
        const rec: PeriodRecord = {
          recordType: rt, period: 'annual', date: `${fy}-${c.yearEnd ?? '09-30'}`, fiscalYear: fy, periodLabel: String(fy), values, provenance: {},
        };
        putRecord.run(c.cik, rt, 'annual', rec.date, fy, rec.periodLabel, renderStoredBody(rec, c.ticker, c.currency ?? 'USD'));
        for (let q = 1; q <= 4; q += 1) {
          const month = String(((q * 3 + 8) % 12) + 1).padStart(2, '0');
          const y = q === 4 ? fy : fy - (q < 4 && Number(month) > 9 ? 1 : 0);
          const qrec: PeriodRecord = { ...rec, period: 'quarterly', date: `${y}-${month}-28`, periodLabel: `Q${q}` };
          putRecord.run(c.cik, rt, 'quarterly', qrec.date, fy, qrec.periodLabel, renderStoredBody(qrec, c.ticker, c.currency ?? 'USD'));
        }
      }
    }
  }
  db.close();
  return target;
}
