// DDL and writer of the adr_ratios table: per US listing symbol of reference/adr_ratios.csv, the
// ordinary shares one depositary share stands for as the rule of market/listing-conversion.ts
// resolves the file's rows (null with `reason` where the sources disagree). A symbol without a row
// counts 1. Read back by the point-in-time records (dataset/company-market-data.ts).
import type { Database } from 'better-sqlite3';
import type { AdrRatio } from '../../market/listing-conversion.js';

export const ADR_RATIOS_DDL = [
  `CREATE TABLE adr_ratios (
     symbol TEXT NOT NULL PRIMARY KEY, ordinary_per_depositary REAL, source TEXT, reason TEXT) WITHOUT ROWID`,
];

export function writeAdrRatios(db: Database, ratios: ReadonlyMap<string, AdrRatio>): number {
  const put = db.prepare('INSERT OR REPLACE INTO adr_ratios (symbol, ordinary_per_depositary, source, reason) VALUES (?, ?, ?, ?)');
  db.transaction(() => {
    for (const [symbol, r] of [...ratios].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
      if (r.ratio === null) put.run(symbol, null, null, r.reason);
      else put.run(symbol, r.ratio, r.source, null);
    }
  })();
  return ratios.size;
}

/** A stored row as the rule's entry. */
export function adrRatioOfRow(row: { ordinary_per_depositary: number | null; source: string | null; reason: string | null }): AdrRatio {
  return row.ordinary_per_depositary === null
    ? { ratio: null, reason: row.reason ?? 'no agreed ADR ratio' }
    : { ratio: row.ordinary_per_depositary, source: row.source ?? 'reference/adr_ratios.csv' };
}

/** Every stored symbol's entry (empty when the dataset has no adr_ratios table). */
export function readAdrRatioTable(db: Database): Map<string, AdrRatio> {
  const out = new Map<string, AdrRatio>();
  if (db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'adr_ratios'").get() === undefined) return out;
  const rows = db.prepare('SELECT symbol, ordinary_per_depositary, source, reason FROM adr_ratios').all() as Array<{ symbol: string; ordinary_per_depositary: number | null; source: string | null; reason: string | null }>;
  for (const r of rows) out.set(r.symbol, adrRatioOfRow(r));
  return out;
}
