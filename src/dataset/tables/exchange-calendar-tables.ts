// DDL of the exchange-calendar tables (exchange_holidays, trading_hours) and their writers: the
// calendars/ files as read, one row per (mic, date) and per (mic, valid_from) regime.
// Invariant: local dates and HH:MM times as the source gives them; null where the source has none.
import type { Database } from 'better-sqlite3';
import type { HolidayCsvRow, TradingHoursCsvRow } from '../../sources/exchange-calendar-csv.js';

export const EXCHANGE_CALENDAR_DDL = [
  `CREATE TABLE exchange_holidays (
    mic TEXT NOT NULL,
    date TEXT NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    close_time TEXT,
    PRIMARY KEY (mic, date)
  ) WITHOUT ROWID`,
  // valid_from NULL = as far back as the source goes (the build keeps one such row per MIC).
  `CREATE TABLE trading_hours (
    mic TEXT NOT NULL,
    timezone TEXT NOT NULL,
    open TEXT NOT NULL,
    close TEXT NOT NULL,
    break_start TEXT,
    break_end TEXT,
    valid_from TEXT
  )`,
  `CREATE UNIQUE INDEX trading_hours_regime ON trading_hours (mic, ifnull(valid_from, ''))`,
];

export function writeExchangeHolidays(db: Database, rows: readonly HolidayCsvRow[]): void {
  const ins = db.prepare('INSERT OR REPLACE INTO exchange_holidays (mic, date, kind, name, close_time) VALUES (?, ?, ?, ?, ?)');
  db.transaction(() => {
    for (const r of rows) ins.run(r.mic, r.date, r.kind, r.name, r.closeTime);
  })();
}

export function writeTradingHours(db: Database, rows: readonly TradingHoursCsvRow[]): void {
  const ins = db.prepare(`INSERT OR REPLACE INTO trading_hours (mic, timezone, open, close, break_start, break_end, valid_from)
    VALUES (?, ?, ?, ?, ?, ?, ?)`);
  db.transaction(() => {
    for (const r of rows) ins.run(r.mic, r.timezone, r.open, r.close, r.breakStart, r.breakEnd, r.validFrom);
  })();
}
