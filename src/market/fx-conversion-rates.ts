// The rates a record is converted to another currency with (docs/metrics.md, Currency conversion):
// over one pair's daily rates (the forex endpoints' rule, fx-pairs.ts pairRate: quote per base),
//   - a balance (a value at the record date) at the period-end rate: the rate of the record date,
//     else of the last ECB date before it within PERIOD_END_RATE_DAYS (a year ending on a Sunday
//     takes the Friday's rate);
//   - a flow (a value over the period) at the period's average rate: the mean of the daily rates
//     of the window ending at the record date (12 months for an annual record or a TTM value, 3
//     for a quarter's own flows), rounded to 6 significant digits like a cross rate.
// No rate in the window: null (the value cannot be converted). Pure.
import { addDays, lastIndexOnOrBefore, daysBetween } from './market-data.js';
import { roundSignificant } from './fx-pairs.js';

/** How far before the record date a period-end rate may be dated. */
export const PERIOD_END_RATE_DAYS = 7;

/** One pair's daily rates, ascending by date (quote units per base unit). */
export interface DailyRates { dates: readonly string[]; rates: readonly number[] }

export interface AppliedRate { rate: number; note: string }

/** The period-end rate of `date`, or null. */
export function periodEndRate(r: DailyRates, date: string): AppliedRate | null {
  const i = lastIndexOnOrBefore(r.dates, date);
  if (i < 0 || daysBetween(r.dates[i]!, date) > PERIOD_END_RATE_DAYS) return null;
  return { rate: r.rates[i]!, note: `ECB rate of ${r.dates[i]} ${r.rates[i]}` };
}

/** The first day of the window of `months` months ending at `end` (2023-12-31, 12 -> 2023-01-01). */
export function windowStart(end: string, months: number): string {
  const [y, m, d] = end.split('-').map(Number) as [number, number, number];
  // the same day `months` earlier, clamped to that month's end (2023-12-31, 3 -> 2023-09-30)
  const daysInMonth = new Date(Date.UTC(y, m - 1 - months + 1, 0)).getUTCDate();
  const t = new Date(Date.UTC(y, m - 1 - months, Math.min(d, daysInMonth)));
  return addDays(t.toISOString().slice(0, 10), 1);
}

/** The average rate of the `months` months ending at `end`, or null when the window has no rate. */
export function averageRate(r: DailyRates, end: string, months: number): AppliedRate | null {
  const start = windowStart(end, months);
  const last = lastIndexOnOrBefore(r.dates, end);
  let sum = 0;
  let n = 0;
  for (let i = last; i >= 0 && r.dates[i]! >= start; i--) { sum += r.rates[i]!; n++; }
  if (n === 0) return null;
  const rate = roundSignificant(sum / n);
  return { rate, note: `average of ${n} ECB daily rates ${start}..${end} ${rate}` };
}
