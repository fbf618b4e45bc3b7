// FxQueries on PostgreSQL: the SQLite statements of sqlite-fx.ts with numbered parameters, over one
// version schema (pg-version.ts). Invariant: same rows in the same order as SQLite ("C" collation).
import { EUR } from '../../market/fx-pairs.js';
import type { PgVersion } from './pg-version.js';
import { currencyRuns, type FxCurrencyRow, type FxLegRow, type FxPairRatesQuery, type FxQueries } from '../queries/fx-queries.js';

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
