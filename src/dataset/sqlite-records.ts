// RecordQueries over SQLite: a keyed range read on the records table, one statement per sort
// order, each prepared once per dataset handle (on first use).
import type { Statement } from 'better-sqlite3';
import type { Dataset } from './dataset.js';
import type { RecordQueries, RecordSeriesQuery } from './record-queries.js';

const SQL = (order: 'ASC' | 'DESC') =>
  `SELECT body FROM records WHERE cik = ? AND record_type = ? AND period = ? AND date >= ? AND date <= ?
     AND fiscal_year >= ? AND fiscal_year <= ? ORDER BY date ${order} LIMIT ?`;

export class SqliteRecords implements RecordQueries {
  private asc: Statement | undefined;
  private desc: Statement | undefined;

  constructor(private readonly dataset: Dataset) {}

  series(q: RecordSeriesQuery): string[] {
    const st = q.order === 'ASC' ? (this.asc ??= this.statement('ASC')) : (this.desc ??= this.statement('DESC'));
    return st.all(
      q.cik, q.recordType, q.period, q.dateStart ?? '0000-01-01', q.dateEnd ?? '9999-12-31',
      q.fiscalYearStart ?? -1, q.fiscalYearEnd ?? 999999, q.limit,
    ) as string[];
  }

  private statement(order: 'ASC' | 'DESC'): Statement {
    return this.dataset.prepare(SQL(order)).pluck(true);
  }
}
