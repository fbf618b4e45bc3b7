// EarningsCallQueries over SQLite: statements prepared once per dataset handle; a dataset built
// without an earnings_calls table (before transcripts were ingested) has no calls.
import type { Statement } from 'better-sqlite3';
import type { SqliteHandle } from './sqlite-handle.js';
import type { EarningsCallQueries, EarningsCallRecord, EarningsCallSummary } from '../queries/earnings-call-queries.js';

const SUMMARY = 'symbol, fiscal_year, fiscal_quarter, period_end, date';
const NEWEST_FIRST = 'ORDER BY fiscal_year DESC, fiscal_quarter DESC';

export class SqliteEarningsCalls implements EarningsCallQueries {
  private present: boolean | undefined;
  private one: Statement | undefined;
  private all: Statement | undefined;
  private newest: Statement | undefined;

  constructor(private readonly dataset: SqliteHandle) {}

  private has(): boolean {
    return (this.present ??= this.dataset.hasTable('earnings_calls'));
  }

  call(cik: string, fiscalYear: number, fiscalQuarter: number): EarningsCallRecord | null {
    if (!this.has()) return null;
    this.one ??= this.dataset.prepare(`SELECT ${SUMMARY}, content FROM earnings_calls WHERE cik = ? AND fiscal_year = ? AND fiscal_quarter = ?`);
    return (this.one.get(cik, fiscalYear, fiscalQuarter) as EarningsCallRecord | undefined) ?? null;
  }

  list(cik: string, q: { periodEndFrom: string | null; limit: number }): EarningsCallSummary[] {
    if (!this.has()) return [];
    // A call the calendar does not place (no period end) counts as outside any history cutoff.
    this.all ??= this.dataset.prepare(`SELECT ${SUMMARY} FROM earnings_calls
      WHERE cik = ? AND (? IS NULL OR period_end >= ?) ${NEWEST_FIRST} LIMIT ?`);
    return this.all.all(cik, q.periodEndFrom, q.periodEndFrom, q.limit) as EarningsCallSummary[];
  }

  latest(cik: string): EarningsCallRecord | null {
    if (!this.has()) return null;
    this.newest ??= this.dataset.prepare(`SELECT ${SUMMARY}, content FROM earnings_calls WHERE cik = ? ${NEWEST_FIRST} LIMIT 1`);
    return (this.newest.get(cik) as EarningsCallRecord | undefined) ?? null;
  }
}
