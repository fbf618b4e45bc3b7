// ExchangeCalendarQueries on PostgreSQL: the SQLite statements of sqlite-exchange-calendars.ts with
// numbered parameters, over one version schema (pg-version.ts). Invariant: same rows as SQLite.
import type { PgVersion } from './pg-version.js';
import type { ExchangeCalendarQueries, HolidayRow, TradingHoursRow } from '../queries/exchange-calendar-queries.js';

export class PgExchangeCalendars implements ExchangeCalendarQueries {
  private micList: Promise<string[]> | undefined;
  constructor(private readonly v: PgVersion) {}
  private has(): boolean { return this.v.has('exchange_holidays') && this.v.has('trading_hours'); }

  /** Read once per handle (a version never changes). */
  mics(): Promise<string[]> {
    if (!this.has()) return Promise.resolve([]);
    this.micList ??= this.v.rows<{ mic: string }>(`SELECT mic FROM ${this.v.t('trading_hours')} UNION SELECT mic FROM ${this.v.t('exchange_holidays')} ORDER BY mic`)
      .then((rows) => rows.map((r) => r.mic), (err: unknown) => { this.micList = undefined; throw err; });
    return this.micList;
  }

  async tradingHours(mic: string): Promise<TradingHoursRow[]> {
    if (!this.has()) return [];
    return this.v.rows<TradingHoursRow>(`SELECT mic, timezone, open, close, break_start AS "breakStart", break_end AS "breakEnd", valid_from AS "validFrom"
      FROM ${this.v.t('trading_hours')} WHERE mic = $1 ORDER BY tenk_row`, [mic]);
  }

  async holidayYears(mic: string): Promise<{ first: number; last: number } | null> {
    if (!this.has()) return null;
    const r = (await this.v.rows<{ first: string | null; last: string | null }>(`SELECT min(date) AS first, max(date) AS last FROM ${this.v.t('exchange_holidays')} WHERE mic = $1`, [mic]))[0];
    return r?.first && r.last ? { first: Number(r.first.slice(0, 4)), last: Number(r.last.slice(0, 4)) } : null;
  }

  async holidays(mic: string, year: number): Promise<HolidayRow[]> {
    if (!this.has()) return [];
    return this.v.rows<HolidayRow>(`SELECT date, kind, name, close_time FROM ${this.v.t('exchange_holidays')} WHERE mic = $1 AND date >= $2 AND date <= $3 ORDER BY date`,
      [mic, `${year}-01-01`, `${year}-12-31`]);
  }
}
