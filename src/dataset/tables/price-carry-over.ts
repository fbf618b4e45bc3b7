// Carries a symbol's price series over from the previous dataset into an incremental build (`tenk
// sync`), the way carry-over.ts carries companies: when the symbol's inputs (its files in every
// set, their manifests, its split history) have the fingerprint the previous build stored, its
// `prices` rows are copied instead of read, parsed and merged again. `price_inputs` keeps each
// symbol's fingerprint and the figures its build reported, so an incremental build reports what a
// full one does.
import type { Database } from 'better-sqlite3';
import type { PriceSeries } from '../../market/price-series.js';
import { hasTable, tableSql } from './carry-over.js';
import type { SymbolCloses } from './market-reader.js';

export const PRICE_INPUTS_DDL = [
  `CREATE TABLE price_inputs (symbol TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, report TEXT NOT NULL) WITHOUT ROWID`,
];

/** What a symbol's series build reported (price-series.ts), kept to report it again when carried. */
export const PRICE_SERIES_REPORT_KEYS = [
  'skippedFiles', 'unreadable', 'anchored', 'unanchored', 'ambiguous', 'rejected', 'otherIssuer', 'sourceSplits', 'redatedSplits', 'maxAnchorDeviation',
] as const satisfies ReadonlyArray<keyof PriceSeries>;
export type PriceSeriesReport = Pick<PriceSeries, (typeof PRICE_SERIES_REPORT_KEYS)[number]>;

/** A series' report: its figures without its bars. */
export function reportOf(series: PriceSeries): PriceSeriesReport {
  return Object.fromEntries(PRICE_SERIES_REPORT_KEYS.map((k) => [k, series[k]])) as PriceSeriesReport;
}

export function createPriceInputWriter(db: Database): (symbol: string, fingerprint: string, report: PriceSeriesReport) => void {
  const put = db.prepare('INSERT INTO price_inputs (symbol, fingerprint, report) VALUES (?, ?, ?)');
  return (symbol, fingerprint, report) => { put.run(symbol, fingerprint, JSON.stringify(report)); };
}

/** A carried symbol: what its build reported, its bar count, and its closes read back when wanted. */
export interface CarriedSeries {
  report: PriceSeriesReport;
  bars: number;
  closes(): SymbolCloses;
}

export interface PriceCarrySource {
  /**
   * Keeps the symbol's copied rows when the previous dataset built it from inputs of this
   * fingerprint and returns its report and closes (date order); else deletes them and returns null (build it).
   */
  carry(symbol: string, fingerprint: string): CarriedSeries | null;
  close(): void;
}

const SCHEMA = 'prev_prices';

/**
 * The previous dataset at `fromPath`, attached to `db` until close(); carries nothing when it has no
 * price_inputs or its prices table differs. Called before the step's first write: `main.prices` is
 * still empty, so the previous table is copied whole in one `INSERT … SELECT *`, which SQLite runs
 * as its transfer optimization (each record copied as stored, in key order, not decoded and
 * encoded again; a copy per symbol decodes every row); the rows of a symbol that is not carried
 * (its inputs changed) are deleted when it is asked for, and those of a symbol no longer in the
 * mirror at close().
 */
export function openPriceCarrySource(db: Database, fromPath: string): PriceCarrySource {
  db.prepare(`ATTACH DATABASE ? AS ${SCHEMA}`).run(fromPath);
  if (!hasTable(db, SCHEMA, 'price_inputs') || !hasTable(db, SCHEMA, 'prices') || tableSql(db, SCHEMA, 'prices') !== tableSql(db, 'main', 'prices')) {
    db.exec(`DETACH DATABASE ${SCHEMA}`);
    return { carry: () => null, close: () => undefined };
  }
  if (db.prepare('SELECT 1 FROM main.prices LIMIT 1').get() !== undefined) throw new Error('price carry-over: the prices table is not empty');
  db.exec(`INSERT INTO main.prices SELECT * FROM ${SCHEMA}.prices`);
  const inputs = db.prepare(`SELECT fingerprint, report FROM ${SCHEMA}.price_inputs WHERE symbol = ?`);
  const count = db.prepare('SELECT COUNT(*) FROM main.prices WHERE symbol = ?').pluck();
  const drop = db.prepare('DELETE FROM main.prices WHERE symbol = ?');
  // the dates as one string and the closes as plucked numbers: no row object or array per bar
  const dates = db.prepare(`SELECT group_concat(date, '' ORDER BY date) FROM main.prices WHERE symbol = ?`).pluck();
  const closes = db.prepare('SELECT close FROM main.prices WHERE symbol = ? ORDER BY date').pluck();
  const asked = new Set<string>();
  return {
    carry(symbol, fingerprint) {
      asked.add(symbol);
      const prev = inputs.get(symbol) as { fingerprint: string; report: string } | undefined;
      if (!prev || prev.fingerprint !== fingerprint) {
        drop.run(symbol);
        return null;
      }
      return {
        report: JSON.parse(prev.report) as PriceSeriesReport,
        bars: count.get(symbol) as number,
        closes: () => ({ dates: Buffer.from((dates.get(symbol) as string | null) ?? '', 'latin1'), closes: Float64Array.from(closes.all(symbol) as number[]) }),
      };
    },
    close() {
      const gone = (db.prepare(`SELECT symbol FROM ${SCHEMA}.price_inputs`).pluck().all() as string[]).filter((s) => !asked.has(s));
      db.transaction(() => { for (const s of gone) drop.run(s); })();
      db.exec(`DETACH DATABASE ${SCHEMA}`);
    },
  };
}
