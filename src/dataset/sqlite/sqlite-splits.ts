// SplitQueries over SQLite: statements prepared once per dataset handle; a dataset without a
// splits table (built before splits were ingested) has no splits.
import type { Statement } from 'better-sqlite3';
import type { SqliteHandle } from './sqlite-handle.js';
import type { SplitCalendarQuery, SplitQueries, SplitRow } from '../queries/split-queries.js';

const COLS = 'id, symbol, date, from_shares, to_shares, pre_split_shares, post_split_shares, pre_split_price, post_split_price, source';

/** Newest first, then by symbol. */
function newestFirst(a: SplitRow, b: SplitRow): number {
  return a.date < b.date ? 1 : a.date > b.date ? -1 : a.symbol < b.symbol ? -1 : 1;
}

export class SqliteSplits implements SplitQueries {
  private present: boolean | undefined;
  private byCik: Statement | undefined;
  private bySymbol: Statement | undefined;
  private readonly calendarBy = new Map<'ASC' | 'DESC', Statement>();

  constructor(private readonly dataset: SqliteHandle) {}

  forCompany(cik: string, symbols: readonly string[]): SplitRow[] {
    if (!this.hasSplits()) return [];
    this.byCik ??= this.dataset.prepare(`SELECT ${COLS} FROM splits WHERE cik = ?`);
    this.bySymbol ??= this.dataset.prepare(`SELECT ${COLS} FROM splits WHERE symbol = ?`);
    const seen = new Map<string, SplitRow>();
    for (const r of this.byCik.all(cik) as SplitRow[]) seen.set(r.id, r);
    for (const s of symbols) for (const r of this.bySymbol.all(s) as SplitRow[]) seen.set(r.id, r);
    return [...seen.values()].sort(newestFirst);
  }

  calendar(q: SplitCalendarQuery): SplitRow[] {
    if (!this.hasSplits()) return [];
    const dir = q.order === 'ASC' ? 'ASC' : 'DESC';
    let st = this.calendarBy.get(dir);
    if (!st) {
      st = this.dataset.prepare(`SELECT ${COLS} FROM splits WHERE date >= ? AND date <= ? ORDER BY date ${dir}, symbol ${dir} LIMIT ?`);
      this.calendarBy.set(dir, st);
    }
    return st.all(q.dateStart ?? '0000-01-01', q.dateEnd ?? '9999-12-31', q.limit) as SplitRow[];
  }

  private hasSplits(): boolean {
    return (this.present ??= this.dataset.hasTable('splits'));
  }
}
