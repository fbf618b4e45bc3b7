// Named queries over the exchange-calendar tables: a venue's trading-hours regimes, the years its
// holidays cover and one year's closures and early closes. Rows as stored; the API shapes them.
import type { Awaitable } from './awaitable.js';
import type { TradingHoursCsvRow } from '../../sources/exchange-calendar-csv.js';

/** One trading-hours regime as stored (the reader's row shape). */
export type TradingHoursRow = TradingHoursCsvRow;

export interface HolidayRow {
  date: string;
  kind: 'closed' | 'early_close';
  name: string;
  close_time: string | null;
}

export interface ExchangeCalendarQueries {
  /** Every MIC with trading hours or holidays, ascending; none without the tables. */
  mics(): Awaitable<readonly string[]>;
  /** The MIC's regimes in stored order (the API orders them); none for an unknown MIC. */
  tradingHours(mic: string): Awaitable<readonly TradingHoursRow[]>;
  /** First and last calendar year with a holiday row of the MIC; null when it has none. */
  holidayYears(mic: string): Awaitable<{ first: number; last: number } | null>;
  /** The MIC's closures and early closes dated in `year`, by date. */
  holidays(mic: string, year: number): Awaitable<readonly HolidayRow[]>;
}
