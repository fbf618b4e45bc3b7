// The keyed look-up named queries on PostgreSQL (latest market cap, logos, exchange calendars,
// earnings calls): the SQLite statements of sqlite-*.ts with numbered parameters, over one
// version schema (pg-dataset.ts). Invariant: same rows as SQLite; a missing table is "none".
import type { PgVersion } from './pg-dataset.js';
import type { EarningsCallQueries, EarningsCallRecord, EarningsCallSummary } from './earnings-call-queries.js';
import type { ExchangeCalendarQueries, HolidayRow, TradingHoursRow } from './exchange-calendar-queries.js';
import type { LogoQueries, LogoRow } from './logo-queries.js';
import type { FactStoreQueries, FactStoreRow } from './fact-store-queries.js';

export class PgCompanies {
  constructor(private readonly v: PgVersion) {}

  /** The latest enterprise-value period's market cap (a JSON number in the stored body), or null. */
  async latestMarketCap(cik: string): Promise<number | null> {
    if (!this.v.has('records')) return null;
    const r = await this.v.rows<{ mc: number | null }>(
      `SELECT (body::jsonb ->> 'market_cap')::double precision AS mc FROM ${this.v.t('records')}
        WHERE cik = $1 AND record_type = 'enterprise_value' AND jsonb_typeof(body::jsonb -> 'market_cap') = 'number'
        ORDER BY date DESC, period ASC LIMIT 1`, [cik]);
    const mc = r[0]?.mc;
    return typeof mc === 'number' && Number.isFinite(mc) ? mc : null;
  }
}

export class PgLogos implements LogoQueries {
  constructor(private readonly v: PgVersion) {}

  async forCik(cik: string): Promise<LogoRow | null> {
    if (!this.v.has('logos')) return null;
    return (await this.v.rows<LogoRow>(`SELECT cik, symbol, sha256, bytes FROM ${this.v.t('logos')} WHERE cik = $1`, [cik]))[0] ?? null;
  }
}

export class PgFactStore implements FactStoreQueries {
  constructor(private readonly v: PgVersion) {}

  async forCik(cik: string): Promise<FactStoreRow | null> {
    if (!this.v.has('company_facts')) return null;
    return (await this.v.rows<FactStoreRow>(`SELECT cik, fiscal_year_end, blob FROM ${this.v.t('company_facts')} WHERE cik = $1`, [cik]))[0] ?? null;
  }

  private newest: Promise<string | null> | undefined;
  newestFiled(): Promise<string | null> {
    if (!this.v.has('company_facts')) return Promise.resolve(null);
    return (this.newest ??= this.v.rows<{ d: string | null }>(`SELECT max(newest_filed) AS d FROM ${this.v.t('company_facts')}`).then((r) => r[0]?.d ?? null));
  }
}

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
