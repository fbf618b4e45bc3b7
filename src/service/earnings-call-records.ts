// Earnings-call records (`{symbol, year, quarter, date, content}`) from the dataset's earnings-call
// queries, with the plan's history depth applied to the quarter each call discusses (its period
// end in tenk's fiscal calendar), like statements. Transport-agnostic.
import type { EarningsCallQueries, EarningsCallRecord, EarningsCallSummary } from '../dataset/queries/earnings-call-queries.js';
import type { Plan } from '../store/plans.js';
import { ApiError } from './errors.js';

export interface EarningsCallListItem {
  symbol: string;
  /** Fiscal year and quarter in tenk's fiscal calendar. */
  year: number;
  quarter: number;
  /** Derived call date (YYYY-MM-DD), or null when no earnings release matches. */
  date: string | null;
}

export interface EarningsCallTranscript extends EarningsCallListItem {
  content: string;
}

export const EARNINGS_CALL_LIST_COLUMNS = ['symbol', 'year', 'quarter', 'date'] as const;
export const EARNINGS_CALL_COLUMNS = [...EARNINGS_CALL_LIST_COLUMNS, 'content'] as const;

function item(r: EarningsCallSummary): EarningsCallListItem {
  return { symbol: r.symbol, year: r.fiscal_year, quarter: r.fiscal_quarter, date: r.date };
}

function transcript(r: EarningsCallRecord): EarningsCallTranscript {
  return { ...item(r), content: r.content };
}

/** 403 when the call's quarter ended before the plan's cutoff (a call the calendar cannot place counts as old). */
function checkDepth(r: EarningsCallSummary, cutoff: string | null, plan: Plan | null): void {
  if (cutoff === null || (r.period_end !== null && r.period_end >= cutoff)) return;
  const years = plan?.historyYears ?? 0;
  throw new ApiError('history_beyond_plan',
    `The ${plan?.label ?? 'current'} plan includes ${years} year${years === 1 ? '' : 's'} of history (periods ending on or after ${cutoff}); `
    + `the call on ${r.fiscal_year} Q${r.fiscal_quarter} discusses an older quarter. Upgrade to a plan with deeper history (Individual: 5 years; Professional and Enterprise: all history).`);
}

export async function earningsCallTranscript(q: EarningsCallQueries, cik: string, symbol: string, year: number, quarter: number, cutoff: string | null, plan: Plan | null): Promise<EarningsCallTranscript> {
  const r = await q.call(cik, year, quarter);
  if (!r) throw new ApiError('resource_missing', `No earnings call of ${symbol} for fiscal ${year} Q${quarter}.`);
  checkDepth(r, cutoff, plan);
  return transcript(r);
}

export async function earningsCallList(q: EarningsCallQueries, cik: string, cutoff: string | null, limit: number): Promise<EarningsCallListItem[]> {
  return (await q.list(cik, { periodEndFrom: cutoff, limit })).map(item);
}

export async function latestEarningsCall(q: EarningsCallQueries, cik: string, symbol: string, cutoff: string | null, plan: Plan | null): Promise<EarningsCallTranscript> {
  const r = await q.latest(cik);
  if (!r) throw new ApiError('resource_missing', `No earnings call of ${symbol} in the dataset.`);
  checkDepth(r, cutoff, plan);
  return transcript(r);
}
