// PriceQueries over SQLite: one statement per order, prepared once per dataset handle; a dataset
// without a prices table (built without price sets) has no bars.
import type { Statement } from 'better-sqlite3';
import type { SqliteHandle } from './sqlite-handle.js';
import type { AdrRatioRow, ShareClassRow, PriceBarQuery, PriceBarRow, PriceQueries } from '../queries/price-queries.js';

const COLS = 'date, open, high, low, close, adj_close, prev_close, volume, adj_volume, dividend';

/** The newest bar of any symbol without reading every bar: the key is (symbol, date), so walk the
 *  distinct symbols one index seek at a time and take each symbol's last date (a loose index scan;
 *  a plain max(date) reads the whole table). */
const NEWEST_DATE_SQL = `WITH RECURSIVE s(symbol) AS (
    SELECT min(symbol) FROM prices
    UNION ALL
    SELECT (SELECT min(p.symbol) FROM prices p WHERE p.symbol > s.symbol) FROM s WHERE s.symbol IS NOT NULL)
  SELECT max((SELECT max(p.date) FROM prices p WHERE p.symbol = s.symbol)) AS d FROM s WHERE s.symbol IS NOT NULL`;

export class SqlitePrices implements PriceQueries {
  private present: boolean | undefined;
  private readonly byOrder = new Map<'ASC' | 'DESC', Statement>();
  private last: Statement | undefined;
  private readonly lastDates = new Map<string, string | null>();
  private newest: string | null | undefined;

  constructor(private readonly dataset: SqliteHandle) {}

  bars(q: PriceBarQuery): PriceBarRow[] {
    if (!this.hasPrices()) return [];
    const dir = q.order === 'ASC' ? 'ASC' : 'DESC';
    let st = this.byOrder.get(dir);
    if (!st) {
      st = this.dataset.prepare(`SELECT ${COLS} FROM prices WHERE symbol = ? AND date >= ? AND date <= ? AND date > ? AND date < ? ORDER BY date ${dir} LIMIT ?`);
      this.byOrder.set(dir, st);
    }
    return st.all(q.symbol, q.dateStart ?? '0000-01-01', q.dateEnd ?? '9999-12-31', q.after ?? '', q.before ?? '~', q.limit) as PriceBarRow[];
  }

  lastDate(symbol: string): string | null {
    if (!this.hasPrices()) return null;
    // asked for each ticker of a company on every price request; the dataset never changes
    let d = this.lastDates.get(symbol);
    if (d === undefined) {
      this.last ??= this.dataset.prepare('SELECT max(date) AS d FROM prices WHERE symbol = ?');
      d = (this.last.get(symbol) as { d: string | null } | undefined)?.d ?? null;
      this.lastDates.set(symbol, d);
    }
    return d;
  }

  newestDate(): string | null {
    if (this.newest !== undefined) return this.newest;
    if (!this.hasPrices()) return (this.newest = null);
    const row = this.dataset.prepare(NEWEST_DATE_SQL).get() as { d: string | null } | undefined;
    return (this.newest = row?.d ?? null);
  }

  adrRatio(symbol: string): AdrRatioRow | undefined {
    if (!this.dataset.hasTable('adr_ratios')) return undefined;
    return this.dataset.prepare('SELECT ordinary_per_depositary, source, reason FROM adr_ratios WHERE symbol = ?').get(symbol) as AdrRatioRow | undefined;
  }

  shareClass(symbol: string): ShareClassRow | undefined {
    if (!this.dataset.hasTable('share_classes')) return undefined;
    return this.dataset.prepare('SELECT symbol, cik, share_class, reporting_class, listing_per_reporting, source FROM share_classes WHERE symbol = ?').get(symbol) as ShareClassRow | undefined;
  }

  private hasPrices(): boolean {
    return (this.present ??= this.dataset.hasTable('prices'));
  }
}
