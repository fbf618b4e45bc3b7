// Carries a symbol's price series over from the previous dataset into an incremental build (`tenk
// sync`), the way carry-over.ts carries companies: when the symbol's inputs (its files in every
// set, their manifests, its split history) have the fingerprint the previous build stored, its
// `prices` rows are copied instead of read, parsed and merged again. `price_inputs` keeps each
// symbol's fingerprint and the figures its build reported, so an incremental build reports what a
// full one does.
import type { Database } from 'better-sqlite3';
import type { PriceSeries } from '../../market/price-series.js';

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
  closes(): { dates: string; closes: number[] };
}

export interface PriceCarrySource {
  /**
   * Copies the symbol's rows when the previous dataset built it from inputs of this fingerprint;
   * returns its report and closes (date order), or null (build it).
   */
  carry(symbol: string, fingerprint: string): CarriedSeries | null;
  close(): void;
}

const SCHEMA = 'prev_prices';

function hasTable(db: Database, table: string): boolean {
  return db.prepare(`SELECT 1 FROM ${SCHEMA}.sqlite_master WHERE type = 'table' AND name = ?`).get(table) !== undefined;
}

/** The previous dataset at `fromPath`, attached to `db` until close(); carries nothing when it has no price_inputs. */
export function openPriceCarrySource(db: Database, fromPath: string): PriceCarrySource {
  db.prepare(`ATTACH DATABASE ? AS ${SCHEMA}`).run(fromPath);
  const columns = (schema: string) => (db.prepare(`SELECT name FROM ${schema}.pragma_table_info('prices')`).all() as Array<{ name: string }>).map((c) => c.name).join(',');
  if (!hasTable(db, 'price_inputs') || !hasTable(db, 'prices') || columns(SCHEMA) !== columns('main')) {
    db.exec(`DETACH DATABASE ${SCHEMA}`);
    return { carry: () => null, close: () => undefined };
  }
  const inputs = db.prepare(`SELECT fingerprint, report FROM ${SCHEMA}.price_inputs WHERE symbol = ?`);
  const copy = db.prepare(`INSERT INTO main.prices SELECT * FROM ${SCHEMA}.prices WHERE symbol = ? ORDER BY date`);
  const closes = db.prepare('SELECT date, close FROM main.prices WHERE symbol = ? ORDER BY date').raw(true);
  const carryOne = db.transaction((symbol: string) => copy.run(symbol).changes);
  return {
    carry(symbol, fingerprint) {
      const prev = inputs.get(symbol) as { fingerprint: string; report: string } | undefined;
      if (!prev || prev.fingerprint !== fingerprint) return null;
      const bars = carryOne(symbol);
      return {
        report: JSON.parse(prev.report) as PriceSeriesReport,
        bars,
        closes() {
          const rows = closes.all(symbol) as Array<[string, number]>;
          let dates = '';
          const values = new Array<number>(rows.length);
          for (let i = 0; i < rows.length; i++) { dates += rows[i]![0]; values[i] = rows[i]![1]; }
          return { dates, closes: values };
        },
      };
    },
    close() { db.exec(`DETACH DATABASE ${SCHEMA}`); },
  };
}
