// The splits table: share splits from the split history and from price sets' own events, written
// by the market step; the closes around each split filled from the prices table once they are in;
// and the splits found in a company's share counts, written with its records.
import crypto from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { ShareCountSplit } from '../../model/record-types.js';
import type { Split } from '../../market/split-history.js';
import { unknownShareCountSplits } from '../../market/found-splits.js';
import { sharesAroundSplit } from '../../market/stock-splits.js';

export const SPLITS_DDL = [
  // pre/post prices: as-traded closes of the last trading day before and the first on/after the
  // ex-date (filled by fillSplitPrices); pre/post shares: the company's reported shares around the
  // date (filled by the records step, which has the statements), null for symbols outside the corpus.
  `CREATE TABLE splits (
     id TEXT NOT NULL UNIQUE, symbol TEXT NOT NULL, date TEXT NOT NULL, from_shares REAL NOT NULL,
     to_shares REAL NOT NULL, source TEXT NOT NULL, cik TEXT,
     pre_split_price REAL, post_split_price REAL, pre_split_shares REAL, post_split_shares REAL,
     PRIMARY KEY (symbol, date)) WITHOUT ROWID`,
  `CREATE INDEX splits_by_date ON splits (date, symbol)`,
];

/** One split row as the market step writes it (the prices and shares around it come later). */
export interface SplitTableRow {
  id: string;
  symbol: string;
  date: string;
  from: number;
  to: number;
  source: string;
}

export interface SplitWriter {
  /** Writes one split (replacing a row with the same symbol and date). */
  put(row: SplitTableRow): void;
  /** Deletes the split with this id (a split re-dated to its ex-date). */
  remove(id: string): void;
  /** Writes many splits in one transaction. */
  putAll(rows: Iterable<SplitTableRow>): void;
}

export function createSplitWriter(db: Database): SplitWriter {
  const putSplit = db.prepare('INSERT OR REPLACE INTO splits (id, symbol, date, from_shares, to_shares, source) VALUES (?, ?, ?, ?, ?, ?)');
  const removeSplit = db.prepare('DELETE FROM splits WHERE id = ?');
  const put = (r: SplitTableRow) => { putSplit.run(r.id, r.symbol, r.date, r.from, r.to, r.source); };
  return {
    put,
    remove(id) { removeSplit.run(id); },
    putAll(rows) {
      db.transaction(() => {
        for (const r of rows) put(r);
      })();
    },
  };
}

/**
 * Fills each split's closes around its date from the prices table, within `stalenessDays` of the
 * split (the staleness window of every price-based field): a close further from the split (no
 * prices near it) is null, not a years-old value.
 */
export function fillSplitPrices(db: Database, stalenessDays: number): void {
  db.exec(`UPDATE splits SET
        pre_split_price = (SELECT close FROM prices p WHERE p.symbol = splits.symbol AND p.date < splits.date
          AND p.date >= date(splits.date, '-${stalenessDays} days') ORDER BY p.date DESC LIMIT 1),
        post_split_price = (SELECT close FROM prices p WHERE p.symbol = splits.symbol AND p.date >= splits.date
          AND p.date <= date(splits.date, '+${stalenessDays} days') ORDER BY p.date LIMIT 1)`);
}

/** Stable opaque id of a split event: `split_` + a hash of (symbol, date, ratio). */
export function splitId(s: { symbol: string; date: string; from: number; to: number }): string {
  const h = crypto.createHash('sha256').update(`${s.symbol}|${s.date}|${s.from}|${s.to}`).digest('hex');
  return `split_${h.slice(0, 20)}`;
}

/**
 * Writes a company's splits found in its share counts (market/found-splits.ts) that the splits of
 * its symbols do not already hold, under its first symbol, with the cover-page counts around them
 * (stock-splits.ts) and no prices (none as traded gives their ex-date). Returns the rows written.
 */
export function createFoundSplitWriter(db: Database): { write(cik: string, symbols: readonly string[], found: readonly ShareCountSplit[], shares: ReadonlyArray<{ date: string; value: number }>): number } {
  const hasSplits = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'splits'").get() !== undefined;
  if (!hasSplits) return { write: () => 0 };
  const known = db.prepare('SELECT date, from_shares AS "from", to_shares AS "to" FROM splits WHERE symbol = ?');
  const put = db.prepare(`INSERT OR REPLACE INTO splits (id, symbol, date, from_shares, to_shares, source, cik, pre_split_shares, post_split_shares)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  return {
    write(cik, symbols, found, shares) {
      const symbol = symbols[0];
      if (!symbol || found.length === 0) return 0;
      const splits = symbols.flatMap((s) => known.all(s) as Split[]);
      let n = 0;
      for (const f of unknownShareCountSplits(splits, found)) {
        const around = sharesAroundSplit(shares, f.date);
        put.run(splitId({ symbol, date: f.date, from: f.from, to: f.to }), symbol, f.date, f.from, f.to, f.evidence, cik, around.pre, around.post);
        n++;
      }
      return n;
    },
  };
}
