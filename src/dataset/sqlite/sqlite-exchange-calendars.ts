// ExchangeCalendarQueries over SQLite: statements prepared once per dataset handle; a dataset
// built before calendars were ingested (no tables) has no calendars.
import type { SqliteHandle } from './sqlite-handle.js';
import type { ExchangeCalendarQueries, HolidayRow, TradingHoursRow } from '../queries/exchange-calendar-queries.js';

export class SqliteExchangeCalendars implements ExchangeCalendarQueries {
  private present: boolean | undefined;
  private micList: string[] | undefined;

  constructor(private readonly dataset: SqliteHandle) {}

  /** Read once per handle (the dataset is immutable). */
  mics(): string[] {
    if (!this.hasTables()) return [];
    this.micList ??= (this.dataset.prepare('SELECT mic FROM trading_hours UNION SELECT mic FROM exchange_holidays ORDER BY mic').all() as Array<{ mic: string }>).map((r) => r.mic);
    return this.micList;
  }

  tradingHours(mic: string): TradingHoursRow[] {
    if (!this.hasTables()) return [];
    return this.dataset.prepare(`SELECT mic, timezone, open, close, break_start AS breakStart, break_end AS breakEnd, valid_from AS validFrom
      FROM trading_hours WHERE mic = ?`).all(mic) as TradingHoursRow[];
  }

  holidayYears(mic: string): { first: number; last: number } | null {
    if (!this.hasTables()) return null;
    const r = this.dataset.prepare('SELECT min(date) AS first, max(date) AS last FROM exchange_holidays WHERE mic = ?').get(mic) as { first: string | null; last: string | null };
    return r.first && r.last ? { first: Number(r.first.slice(0, 4)), last: Number(r.last.slice(0, 4)) } : null;
  }

  holidays(mic: string, year: number): HolidayRow[] {
    if (!this.hasTables()) return [];
    return this.dataset.prepare('SELECT date, kind, name, close_time FROM exchange_holidays WHERE mic = ? AND date >= ? AND date <= ? ORDER BY date')
      .all(mic, `${year}-01-01`, `${year}-12-31`) as HolidayRow[];
  }

  private hasTables(): boolean {
    return (this.present ??= this.dataset.hasTable('exchange_holidays') && this.dataset.hasTable('trading_hours'));
  }
}
