// Named queries over the earnings_calls table: one call of a company by fiscal quarter, its calls
// newest first (without text), and its newest call. Rows as stored; the API shapes the records.
import type { Awaitable } from './awaitable.js';

export interface EarningsCallSummary {
  symbol: string;
  fiscal_year: number;
  fiscal_quarter: number;
  /** Period end of the quarter in tenk's calendar (YYYY-MM-DD); null when the calendar does not place it. */
  period_end: string | null;
  /** Derived call date (YYYY-MM-DD) or null. */
  date: string | null;
}

export interface EarningsCallRecord extends EarningsCallSummary {
  content: string;
}

export interface EarningsCallQueries {
  /** The call of a 10-digit CIK for a fiscal year and quarter, or null. */
  call(cik: string, fiscalYear: number, fiscalQuarter: number): Awaitable<EarningsCallRecord | null>;
  /** The company's calls, newest fiscal quarter first, without text; only those whose period ends on or after `periodEndFrom` when given. */
  list(cik: string, q: { periodEndFrom: string | null; limit: number }): Awaitable<EarningsCallSummary[]>;
  /** The company's newest call, or null when it has none (or the dataset has no earnings_calls table). */
  latest(cik: string): Awaitable<EarningsCallRecord | null>;
}
