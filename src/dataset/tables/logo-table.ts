// DDL of the `logos` table and its build-time reads and writes: one source logo per company (CIK),
// its PNG bytes copied into the dataset with their SHA-256, so a served dataset needs no logos/
// directory. Invariant: at most one row per CIK; `sha256` is the hash of exactly `bytes`.
import crypto from 'node:crypto';
import type { Database } from 'better-sqlite3';

export const LOGO_DDL = [
  `CREATE TABLE logos (
    cik TEXT PRIMARY KEY,
    symbol TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    bytes BLOB NOT NULL
  ) WITHOUT ROWID`,
];

export interface TickerCik {
  cik: string;
  /** Position in SEC's ticker list (lower = the company's main line); null when SEC does not list it. */
  secRank: number | null;
}

/** symbol -> CIK of every ticker row that names a company (the reference step's `tickers`). */
export function tickerCiks(db: Database): Map<string, TickerCik> {
  const out = new Map<string, TickerCik>();
  const rows = db.prepare('SELECT symbol, cik, sec_rank FROM tickers WHERE cik IS NOT NULL').all() as Array<{ symbol: string; cik: string; sec_rank: number | null }>;
  for (const r of rows) out.set(r.symbol, { cik: r.cik, secRank: r.sec_rank });
  return out;
}

export function logoSha256(bytes: Buffer): string {
  return crypto.createHash('sha256').update(bytes).digest('hex');
}

export function writeLogos(db: Database, rows: ReadonlyArray<{ cik: string; symbol: string; bytes: Buffer }>): void {
  const put = db.prepare('INSERT INTO logos (cik, symbol, sha256, bytes) VALUES (?, ?, ?, ?)');
  db.transaction(() => {
    for (const r of rows) put.run(r.cik, r.symbol, logoSha256(r.bytes), r.bytes);
  })();
}
