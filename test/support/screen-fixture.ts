// An in-memory dataset holding only the screen tables (the build's DDL), with one annual latest
// row per given company: for the screener's unit tests (the evaluator against the compiled SQL).
// screen_latest is filled as the build fills it; `withoutLatest` drops it (a dataset built before it).
import Database from 'better-sqlite3';
import { SCREEN_DDL, SCREEN_LATE_DDL, fillScreenLatest } from '../../src/dataset/tables/screen-table.js';
import { Dataset } from '../../src/dataset/sqlite/sqlite-dataset.js';

export interface ScreenFixtureRow {
  symbol: string | null; sector: string | null; date: string;
  /** Numeric screen fields of the row (the others are null). */
  values: Readonly<Record<string, number | null>>;
}

/** CIKs are the rows' indexes, zero-padded; names "Company <i>"; currency USD. Close the dataset after use. */
export function screenFixture(rows: readonly ScreenFixtureRow[], options: { withoutLatest?: boolean } = {}): Dataset {
  const db = new Database(':memory:');
  for (const sql of [...SCREEN_DDL, ...SCREEN_LATE_DDL]) db.exec(sql);
  const putCompany = db.prepare('INSERT INTO screen_companies (cik, symbol, name, exchange, sector, industry, country, currency) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  rows.forEach((r, i) => {
    const cik = String(i).padStart(10, '0');
    const fields = Object.keys(r.values);
    const cols = ['cik', 'kind', 'date', 'fiscal_year', 'period_label', 'latest', ...fields];
    db.prepare(`INSERT INTO screen_rows (${cols.map((c) => `"${c}"`).join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`)
      .run(cik, 'annual', r.date, 2024, '2024', 1, ...fields.map((f) => r.values[f] ?? null));
    putCompany.run(cik, r.symbol, `Company ${i}`, null, r.sector, null, null, 'USD');
  });
  if (options.withoutLatest) db.exec('DROP TABLE screen_latest');
  else fillScreenLatest(db);
  return Dataset.ofHandle(db, ':memory:');
}
