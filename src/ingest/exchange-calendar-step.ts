// Build step for exchange calendars: the exchange_holidays and trading_hours tables from
// calendars/ (see the data README). Invariant: a missing directory or file is a report note and
// leaves its table empty; a malformed or repeated row is skipped and reported, never repaired.
import fs from 'node:fs';
import type { BuildReport, BuildStep } from './build-step.js';
import { calendarsDir, readHolidaysCsv, readTradingHoursCsv } from '../sources/exchange-calendar-csv.js';
import { EXCHANGE_CALENDAR_DDL, writeExchangeHolidays, writeTradingHours } from '../dataset/tables/exchange-calendar-tables.js';

/** The first row of each key, in file order; later repeats are reported as skipped. */
function firstOfEach<T>(rows: readonly T[], key: (r: T) => string, file: string, report: BuildReport): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const r of rows) {
    const k = key(r);
    if (seen.has(k)) {
      report.skip(`${file} row`, `repeated key ${k}`);
      continue;
    }
    seen.add(k);
    out.push(r);
  }
  return out;
}

export const exchangeCalendarStep: BuildStep = {
  name: 'exchange-calendars',
  ddl: EXCHANGE_CALENDAR_DDL,
  async run(ctx) {
    const { sourceDir, report } = ctx;
    if (!fs.existsSync(calendarsDir(sourceDir))) {
      report.note('exchange-calendars: no calendars/ directory; trading hours and holidays are empty');
      return;
    }
    const holidays = readHolidaysCsv(sourceDir);
    if (!holidays) {
      report.note('exchange-calendars: no calendars/exchange_holidays.csv; holidays are empty');
    } else {
      for (const r of holidays.rejected) report.skip('exchange_holidays.csv row', `malformed: ${r}`);
      const rows = firstOfEach(holidays.rows, (r) => `${r.mic} ${r.date}`, 'exchange_holidays.csv', report);
      writeExchangeHolidays(ctx.dataset, rows);
      report.count('exchange holidays', rows.length);
    }
    const hours = readTradingHoursCsv(sourceDir);
    if (!hours) {
      report.note('exchange-calendars: no calendars/trading_hours.csv; trading hours are empty');
    } else {
      for (const r of hours.rejected) report.skip('trading_hours.csv row', `malformed: ${r}`);
      const rows = firstOfEach(hours.rows, (r) => `${r.mic} ${r.validFrom ?? '(open start)'}`, 'trading_hours.csv', report);
      writeTradingHours(ctx.dataset, rows);
      report.count('trading-hours regimes', rows.length);
    }
  },
};
