// PriceQueries on PostgreSQL: the SQLite statements of sqlite-prices.ts with numbered parameters,
// over one version schema (pg-version.ts). Invariant: same rows in the same order as SQLite.
import type { PgVersion } from './pg-version.js';
import type { AdrRatioRow, ShareClassRow, PriceBarQuery, PriceBarRow, PriceQueries } from '../queries/price-queries.js';

const PRICE_COLS = 'date, open, high, low, close, adj_close, prev_close, volume, adj_volume, dividend';

export class PgPrices implements PriceQueries {
  constructor(private readonly v: PgVersion) {}

  async bars(q: PriceBarQuery): Promise<PriceBarRow[]> {
    if (!this.v.has('prices')) return [];
    const dir = q.order === 'ASC' ? 'ASC' : 'DESC';
    return this.v.rows<PriceBarRow>(`SELECT ${PRICE_COLS} FROM ${this.v.t('prices')} WHERE symbol = $1 AND date >= $2 AND date <= $3 AND date > $4 AND date < $5
      ORDER BY date ${dir} LIMIT $6`, [q.symbol, q.dateStart ?? '0000-01-01', q.dateEnd ?? '9999-12-31', q.after ?? '', q.before ?? '~', q.limit]);
  }

  async adrRatio(symbol: string): Promise<AdrRatioRow | undefined> {
    if (!this.v.has('adr_ratios')) return undefined;
    return (await this.v.rows<AdrRatioRow>(`SELECT ordinary_per_depositary, source, reason FROM ${this.v.t('adr_ratios')} WHERE symbol = $1`, [symbol]))[0];
  }

  async shareClass(symbol: string): Promise<ShareClassRow | undefined> {
    if (!this.v.has('share_classes')) return undefined;
    return (await this.v.rows<ShareClassRow>(`SELECT symbol, cik, share_class, reporting_class, listing_per_reporting, source FROM ${this.v.t('share_classes')} WHERE symbol = $1`, [symbol]))[0];
  }

  async lastDate(symbol: string): Promise<string | null> {
    if (!this.v.has('prices')) return null;
    return (await this.v.rows<{ d: string | null }>(`SELECT max(date) AS d FROM ${this.v.t('prices')} WHERE symbol = $1`, [symbol]))[0]?.d ?? null;
  }

  private newest: Promise<string | null> | undefined;
  newestDate(): Promise<string | null> {
    if (!this.v.has('prices')) return Promise.resolve(null);
    const t = this.v.t('prices');
    // The loose index scan of sqlite-prices.ts: one seek per symbol on the (symbol, date) key.
    return (this.newest ??= this.v.rows<{ d: string | null }>(`WITH RECURSIVE s(symbol) AS (
        SELECT min(symbol) FROM ${t}
        UNION ALL
        SELECT (SELECT min(p.symbol) FROM ${t} p WHERE p.symbol > s.symbol) FROM s WHERE s.symbol IS NOT NULL)
      SELECT max((SELECT max(p.date) FROM ${t} p WHERE p.symbol = s.symbol)) AS d FROM s WHERE s.symbol IS NOT NULL`).then((r) => r[0]?.d ?? null));
  }
}
