// The range-read named queries on PostgreSQL (records, splits, prices, forex): the SQLite
// statements of sqlite-*.ts with numbered parameters, over one version schema (pg-dataset.ts).
// Invariant: same rows in the same order as SQLite (text columns use the "C" collation).
import { EUR } from '../market/fx-pairs.js';
import type { PgVersion } from './pg-dataset.js';
import type { RecordType } from '../model/record-types.js';
import type { RecordQueries, RecordSeriesQuery, StoredProvenance } from './record-queries.js';
import type { SplitCalendarQuery, SplitQueries, SplitRow } from './split-queries.js';
import type { PriceBarQuery, PriceBarRow, PriceQueries } from './price-queries.js';
import { currencyRuns, type FxCurrencyRow, type FxLegRow, type FxPairRatesQuery, type FxQueries } from './fx-queries.js';

export class PgRecords implements RecordQueries {
  constructor(private readonly v: PgVersion) {}

  async series(q: RecordSeriesQuery): Promise<string[]> {
    const order = q.order === 'ASC' ? 'ASC' : 'DESC';
    const rows = await this.v.rows<{ body: string }>(
      `SELECT body FROM ${this.v.t('records')} WHERE cik = $1 AND record_type = $2 AND period = $3 AND date >= $4 AND date <= $5
         AND fiscal_year >= $6 AND fiscal_year <= $7 ORDER BY date ${order} LIMIT $8`,
      [q.cik, q.recordType, q.period, q.dateStart ?? '0000-01-01', q.dateEnd ?? '9999-12-31', q.fiscalYearStart ?? -1, q.fiscalYearEnd ?? 999999, q.limit]);
    return rows.map((r) => r.body);
  }

  async provenance(cik: string, recordType: RecordType, period: string, dates: readonly string[]): Promise<StoredProvenance> {
    if (!this.v.has('record_provenance')) return { rows: [], texts: [], filings: [] };
    const rows = await this.v.rows<{ date: string; fields: string }>(
      `SELECT date, fields FROM ${this.v.t('record_provenance')} WHERE cik = $1 AND record_type = $2 AND period = $3 AND date = ANY($4::text[]) ORDER BY date`,
      [cik, recordType, period, [...dates]]);
    if (rows.length === 0) return { rows, texts: [], filings: [] };
    const [texts, filings] = await Promise.all([
      this.v.rows<{ id: number; text: string }>(`SELECT id, text FROM ${this.v.t('provenance_texts')} WHERE cik = $1 ORDER BY id`, [cik]),
      this.v.rows<{ id: number; accn: string | null; filed: string | null; form: string | null }>(
        `SELECT id, accn, filed, form FROM ${this.v.t('provenance_filings')} WHERE cik = $1 ORDER BY id`, [cik]),
    ]);
    return { rows, texts, filings };
  }
}

const SPLIT_COLS = 'id, symbol, date, from_shares, to_shares, pre_split_shares, post_split_shares, pre_split_price, post_split_price';

function newestFirst(a: SplitRow, b: SplitRow): number {
  return a.date < b.date ? 1 : a.date > b.date ? -1 : a.symbol < b.symbol ? -1 : 1;
}

export class PgSplits implements SplitQueries {
  constructor(private readonly v: PgVersion) {}

  async forCompany(cik: string, symbols: readonly string[]): Promise<SplitRow[]> {
    if (!this.v.has('splits')) return [];
    const rows = await this.v.rows<SplitRow>(`SELECT ${SPLIT_COLS} FROM ${this.v.t('splits')} WHERE cik = $1 OR symbol = ANY($2::text[])`, [cik, [...symbols]]);
    const seen = new Map<string, SplitRow>();
    for (const r of rows) seen.set(r.id, r);
    return [...seen.values()].sort(newestFirst);
  }

  async calendar(q: SplitCalendarQuery): Promise<SplitRow[]> {
    if (!this.v.has('splits')) return [];
    const dir = q.order === 'ASC' ? 'ASC' : 'DESC';
    return this.v.rows<SplitRow>(`SELECT ${SPLIT_COLS} FROM ${this.v.t('splits')} WHERE date >= $1 AND date <= $2 ORDER BY date ${dir}, symbol ${dir} LIMIT $3`,
      [q.dateStart ?? '0000-01-01', q.dateEnd ?? '9999-12-31', q.limit]);
  }
}

const PRICE_COLS = 'date, open, high, low, close, adj_close, prev_close, volume, adj_volume, dividend';

export class PgPrices implements PriceQueries {
  constructor(private readonly v: PgVersion) {}

  async bars(q: PriceBarQuery): Promise<PriceBarRow[]> {
    if (!this.v.has('prices')) return [];
    const dir = q.order === 'ASC' ? 'ASC' : 'DESC';
    return this.v.rows<PriceBarRow>(`SELECT ${PRICE_COLS} FROM ${this.v.t('prices')} WHERE symbol = $1 AND date >= $2 AND date <= $3 AND date > $4 AND date < $5
      ORDER BY date ${dir} LIMIT $6`, [q.symbol, q.dateStart ?? '0000-01-01', q.dateEnd ?? '9999-12-31', q.after ?? '', q.before ?? '~', q.limit]);
  }

  async lastDate(symbol: string): Promise<string | null> {
    if (!this.v.has('prices')) return null;
    return (await this.v.rows<{ d: string | null }>(`SELECT max(date) AS d FROM ${this.v.t('prices')} WHERE symbol = $1`, [symbol]))[0]?.d ?? null;
  }
}

/** Inclusive range, then the exclusive keyset bounds, on a table alias's date ($2..$5). */
const bounds = (a: string) => `${a}.date >= $2 AND ${a}.date <= $3 AND ${a}.date > $4 AND ${a}.date < $5`;

export class PgFx implements FxQueries {
  constructor(private readonly v: PgVersion) {}
  private has(): boolean { return this.v.has('fx_rates') && this.v.has('fx_runs'); }

  async currencies(): Promise<FxCurrencyRow[]> {
    if (!this.has()) return [];
    const rows = await this.v.rows<{ currency: string; first_date: string; last_date: string }>(
      `SELECT currency, first_date, last_date FROM ${this.v.t('fx_runs')} ORDER BY currency, first_date`);
    return currencyRuns(rows);
  }

  async pairRates(q: FxPairRatesQuery): Promise<FxLegRow[]> {
    if (!this.has() || q.base === q.quote) return [];
    const dir = q.order === 'ASC' ? 'ASC' : 'DESC';
    const range = [q.dateStart ?? '0000-01-01', q.dateEnd ?? '9999-12-31', q.after ?? '', q.before ?? '9999-12-32'];
    const rates = this.v.t('fx_rates');
    if (q.base === EUR || q.quote === EUR) {
      const legs = q.base === EUR ? '1 AS base_rate, r.rate AS quote_rate' : 'r.rate AS base_rate, 1 AS quote_rate';
      return this.v.rows<FxLegRow>(`SELECT r.date AS date, ${legs} FROM ${rates} r WHERE r.currency = $1 AND ${bounds('r')} ORDER BY r.date ${dir} LIMIT $6`,
        [q.base === EUR ? q.quote : q.base, ...range, q.limit]);
    }
    return this.v.rows<FxLegRow>(`SELECT b.date AS date, b.rate AS base_rate, q.rate AS quote_rate
        FROM ${rates} b JOIN ${rates} q ON q.currency = $7 AND q.date = b.date
        WHERE b.currency = $1 AND ${bounds('b')} ORDER BY b.date ${dir} LIMIT $6`, [q.base, ...range, q.limit, q.quote]);
  }
}
