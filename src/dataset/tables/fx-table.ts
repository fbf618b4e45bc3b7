// DDL and writer of the forex tables: fx_rates (one ECB reference rate, units per EUR, per currency
// and date; no row where the ECB has none) and fx_runs (each currency's runs of consecutive ECB
// dates with a rate). Invariant: EUR is never stored (it is 1 per EUR on every date).
import type { Database } from 'better-sqlite3';
import type { DateSpan } from '../../market/fx-pairs.js';
import { createBatchInsert } from './records-table.js';

export const FX_DDL = [
  `CREATE TABLE fx_rates (
     currency TEXT NOT NULL, date TEXT NOT NULL, rate REAL NOT NULL,
     PRIMARY KEY (currency, date)) WITHOUT ROWID`,
  `CREATE TABLE fx_runs (
     currency TEXT NOT NULL, first_date TEXT NOT NULL, last_date TEXT NOT NULL,
     PRIMARY KEY (currency, first_date)) WITHOUT ROWID`,
];

export interface FxCurrencySeries {
  currency: string;
  /** Ascending dates with a rate, and the rate of each. */
  dates: readonly string[];
  rates: readonly number[];
  runs: readonly DateSpan[];
}

/** Writes every currency's rates and runs in one transaction; returns the number of rates written. */
export function writeFxRates(db: Database, series: readonly FxCurrencySeries[]): number {
  const putRate = createBatchInsert(db, 'INSERT OR REPLACE INTO fx_rates (currency, date, rate)', 3);
  const putRun = db.prepare('INSERT OR REPLACE INTO fx_runs (currency, first_date, last_date) VALUES (?, ?, ?)');
  let n = 0;
  db.transaction(() => {
    for (const s of series) {
      const flat: unknown[] = [];
      for (let i = 0; i < s.dates.length; i++) flat.push(s.currency, s.dates[i], s.rates[i]);
      putRate(flat);
      n += s.dates.length;
      for (const r of s.runs) putRun.run(s.currency, r.first, r.last);
    }
  })();
  return n;
}
