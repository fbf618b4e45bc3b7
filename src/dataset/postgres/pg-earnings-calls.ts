// EarningsCallQueries on PostgreSQL: the SQLite statements of sqlite-earnings-calls.ts with numbered
// parameters, over one version schema (pg-version.ts). Invariant: same rows as SQLite.
import type { PgVersion } from './pg-version.js';
import type { EarningsCallQueries, EarningsCallRecord, EarningsCallSummary } from '../queries/earnings-call-queries.js';

const SUMMARY = 'symbol, fiscal_year, fiscal_quarter, period_end, date';
const NEWEST_FIRST = 'ORDER BY fiscal_year DESC, fiscal_quarter DESC';

export class PgEarningsCalls implements EarningsCallQueries {
  constructor(private readonly v: PgVersion) {}

  async call(cik: string, fiscalYear: number, fiscalQuarter: number): Promise<EarningsCallRecord | null> {
    if (!this.v.has('earnings_calls')) return null;
    return (await this.v.rows<EarningsCallRecord>(`SELECT ${SUMMARY}, content FROM ${this.v.t('earnings_calls')} WHERE cik = $1 AND fiscal_year = $2 AND fiscal_quarter = $3`,
      [cik, fiscalYear, fiscalQuarter]))[0] ?? null;
  }

  async list(cik: string, q: { periodEndFrom: string | null; limit: number }): Promise<EarningsCallSummary[]> {
    if (!this.v.has('earnings_calls')) return [];
    // A call the calendar does not place (no period end) counts as outside any history cutoff.
    return this.v.rows<EarningsCallSummary>(`SELECT ${SUMMARY} FROM ${this.v.t('earnings_calls')}
      WHERE cik = $1 AND ($2::text IS NULL OR period_end >= $2) ${NEWEST_FIRST} LIMIT $3`, [cik, q.periodEndFrom, q.limit]);
  }

  async latest(cik: string): Promise<EarningsCallRecord | null> {
    if (!this.v.has('earnings_calls')) return null;
    return (await this.v.rows<EarningsCallRecord>(`SELECT ${SUMMARY}, content FROM ${this.v.t('earnings_calls')} WHERE cik = $1 ${NEWEST_FIRST} LIMIT 1`, [cik]))[0] ?? null;
  }
}
