// FxQueries over SQLite: statements prepared once per dataset handle; a pair's legs are joined on
// date through the fx_rates primary key. A dataset built without the fx step has no currencies.
import type { SqliteHandle } from './sqlite-handle.js';
import { currencyRuns, type FxCurrencyRow, type FxLegRow, type FxPairRatesQuery, type FxQueries } from '../queries/fx-queries.js';
import { EUR } from '../../market/fx-pairs.js';

/** Inclusive range, then the exclusive keyset bounds, on a table alias's date. */
const bounds = (a: string) => `${a}.date >= ? AND ${a}.date <= ? AND ${a}.date > ? AND ${a}.date < ?`;

export class SqliteFx implements FxQueries {
  private present: boolean | undefined;

  constructor(private readonly dataset: SqliteHandle) {}

  currencies(): FxCurrencyRow[] {
    if (!this.hasFx()) return [];
    const rows = this.dataset.prepare('SELECT currency, first_date, last_date FROM fx_runs ORDER BY currency, first_date')
      .all() as Array<{ currency: string; first_date: string; last_date: string }>;
    return currencyRuns(rows);
  }

  pairRates(q: FxPairRatesQuery): FxLegRow[] {
    if (!this.hasFx() || q.base === q.quote) return [];
    const dir = q.order === 'ASC' ? 'ASC' : 'DESC';
    const range = [q.dateStart ?? '0000-01-01', q.dateEnd ?? '9999-12-31', q.after ?? '', q.before ?? '9999-12-32'];
    if (q.base === EUR) {
      return this.dataset.prepare(`SELECT r.date AS date, 1 AS base_rate, r.rate AS quote_rate FROM fx_rates r WHERE r.currency = ? AND ${bounds('r')} ORDER BY r.date ${dir} LIMIT ?`)
        .all(q.quote, ...range, q.limit) as FxLegRow[];
    }
    if (q.quote === EUR) {
      return this.dataset.prepare(`SELECT r.date AS date, r.rate AS base_rate, 1 AS quote_rate FROM fx_rates r WHERE r.currency = ? AND ${bounds('r')} ORDER BY r.date ${dir} LIMIT ?`)
        .all(q.base, ...range, q.limit) as FxLegRow[];
    }
    return this.dataset.prepare(`SELECT b.date AS date, b.rate AS base_rate, q.rate AS quote_rate
        FROM fx_rates b JOIN fx_rates q ON q.currency = ? AND q.date = b.date
        WHERE b.currency = ? AND ${bounds('b')} ORDER BY b.date ${dir} LIMIT ?`)
      .all(q.quote, q.base, ...range, q.limit) as FxLegRow[];
  }

  private hasFx(): boolean {
    return (this.present ??= this.dataset.hasTable('fx_rates') && this.dataset.hasTable('fx_runs'));
  }
}
