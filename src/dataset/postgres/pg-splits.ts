// SplitQueries on PostgreSQL: the SQLite statements of sqlite-splits.ts with numbered parameters,
// over one version schema (pg-version.ts). Invariant: same rows in the same order as SQLite.
import type { PgVersion } from './pg-version.js';
import type { SplitCalendarQuery, SplitQueries, SplitRow } from '../queries/split-queries.js';

const SPLIT_COLS = 'id, symbol, date, from_shares, to_shares, pre_split_shares, post_split_shares, pre_split_price, post_split_price, source';

function newestFirst(a: SplitRow, b: SplitRow): number {
  return a.date < b.date ? 1 : a.date > b.date ? -1 : a.symbol < b.symbol ? -1 : 1;
}

export class PgSplits implements SplitQueries {
  constructor(private readonly v: PgVersion) {}

  async forCompany(cik: string, symbols: readonly string[]): Promise<SplitRow[]> {
    if (!this.v.has('splits')) return [];
    const rows = await this.v.rows<SplitRow>(`SELECT ${SPLIT_COLS} FROM ${this.v.t('splits')} WHERE cik = $1 OR symbol = ANY($2::text[])`, [cik, [...symbols]]);
    const seen = new Map<string, SplitRow>();
    for (const r of rows) seen.set(r.id, r);
    return [...seen.values()].sort(newestFirst);
  }

  async calendar(q: SplitCalendarQuery): Promise<SplitRow[]> {
    if (!this.v.has('splits')) return [];
    const dir = q.order === 'ASC' ? 'ASC' : 'DESC';
    return this.v.rows<SplitRow>(`SELECT ${SPLIT_COLS} FROM ${this.v.t('splits')} WHERE date >= $1 AND date <= $2 ORDER BY date ${dir}, symbol ${dir} LIMIT $3`,
      [q.dateStart ?? '0000-01-01', q.dateEnd ?? '9999-12-31', q.limit]);
  }
}
