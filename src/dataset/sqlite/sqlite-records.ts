// RecordQueries over SQLite: a keyed range read on the records table, one statement per sort
// order, each prepared once per dataset handle (on first use).
import type { Statement } from 'better-sqlite3';
import type { SqliteHandle } from './sqlite-handle.js';
import { STATEMENT_TYPES, type RecordType } from '../../model/record-types.js';
import type { RecordQueries, RecordSeriesQuery, StoredProvenance } from '../queries/record-queries.js';

const SQL = (order: 'ASC' | 'DESC') =>
  `SELECT body FROM records WHERE cik = ? AND record_type = ? AND period = ? AND date >= ? AND date <= ?
     AND fiscal_year >= ? AND fiscal_year <= ? ORDER BY date ${order} LIMIT ?`;

/** One seek of the primary key (cik, record_type, ...) per statement type at most. */
const HAS_STATEMENTS_SQL = `SELECT 1 FROM records WHERE cik = ? AND record_type IN (${STATEMENT_TYPES.map((t) => `'${t}'`).join(', ')}) LIMIT 1`;

export class SqliteRecords implements RecordQueries {
  private asc: Statement | undefined;
  private desc: Statement | undefined;
  private prov: { rows: Statement; texts: Statement; filings: Statement } | undefined;
  private statements: Statement | undefined;

  constructor(private readonly dataset: SqliteHandle) {}

  series(q: RecordSeriesQuery): string[] {
    const st = q.order === 'ASC' ? (this.asc ??= this.statement('ASC')) : (this.desc ??= this.statement('DESC'));
    return st.all(
      q.cik, q.recordType, q.period, q.dateStart ?? '0000-01-01', q.dateEnd ?? '9999-12-31',
      q.fiscalYearStart ?? -1, q.fiscalYearEnd ?? 999999, q.limit,
    ) as string[];
  }

  provenance(cik: string, recordType: RecordType, period: string, dates: readonly string[]): StoredProvenance {
    const st = (this.prov ??= {
      rows: this.dataset.prepare(`SELECT date, fields FROM record_provenance
        WHERE cik = ? AND record_type = ? AND period = ? AND date IN (SELECT value FROM json_each(?)) ORDER BY date`),
      texts: this.dataset.prepare('SELECT id, text FROM provenance_texts WHERE cik = ? ORDER BY id'),
      filings: this.dataset.prepare('SELECT id, accn, filed, form FROM provenance_filings WHERE cik = ? ORDER BY id'),
    });
    const rows = st.rows.all(cik, recordType, period, JSON.stringify(dates)) as StoredProvenance['rows'];
    if (rows.length === 0) return { rows, texts: [], filings: [] };
    return { rows, texts: st.texts.all(cik) as StoredProvenance['texts'], filings: st.filings.all(cik) as StoredProvenance['filings'] };
  }

  hasStatements(cik: string): boolean {
    if (!this.dataset.hasTable('records')) return false;
    return (this.statements ??= this.dataset.prepare(HAS_STATEMENTS_SQL)).get(cik) !== undefined;
  }

  private statement(order: 'ASC' | 'DESC'): Statement {
    return this.dataset.prepare(SQL(order)).pluck(true);
  }
}
