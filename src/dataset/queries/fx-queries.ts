// Named queries over the forex tables: the ECB currencies with the dates they have rates, and one
// pair's two legs per date. EUR, the reference currency, is a leg of rate 1 on every ECB date.
import type { Awaitable } from './awaitable.js';
import type { DateSpan } from '../../market/fx-pairs.js';

export interface FxCurrencyRow {
  /** ISO 4217 code of an ECB currency (never EUR). */
  currency: string;
  first_date: string;
  last_date: string;
  /** Runs of consecutive ECB dates with a rate, ascending (more than one where the ECB paused it). */
  runs: readonly DateSpan[];
}

export interface FxLegRow {
  date: string;
  /** Units per EUR of the base and of the quote currency on that date (1 for EUR). */
  base_rate: number;
  quote_rate: number;
}

export interface FxPairRatesQuery {
  /** ECB currency codes or EUR; different from each other. */
  base: string;
  quote: string;
  /** Inclusive date bounds (YYYY-MM-DD); omitted = unbounded. */
  dateStart?: string | undefined;
  dateEnd?: string | undefined;
  /** Exclusive keyset bounds: only dates after / before these. */
  after?: string | undefined;
  before?: string | undefined;
  /** Row order by date. */
  order: 'ASC' | 'DESC';
  limit: number;
}

export interface FxQueries {
  /** Every ECB currency with at least one rate, by code. */
  currencies(): Awaitable<readonly FxCurrencyRow[]>;
  /** Dates on which both legs have a rate, within the bounds, in `order`, at most `limit`. */
  pairRates(q: FxPairRatesQuery): Awaitable<readonly FxLegRow[]>;
}

/** fx_runs rows (ordered by currency, first_date) grouped into one row per currency with its runs. */
export function currencyRuns(rows: ReadonlyArray<{ currency: string; first_date: string; last_date: string }>): FxCurrencyRow[] {
  const out: FxCurrencyRow[] = [];
  for (const r of rows) {
    const cur = out[out.length - 1];
    if (cur && cur.currency === r.currency) {
      (cur.runs as DateSpan[]).push({ first: r.first_date, last: r.last_date });
      cur.last_date = r.last_date;
    } else {
      out.push({ currency: r.currency, first_date: r.first_date, last_date: r.last_date, runs: [{ first: r.first_date, last: r.last_date }] });
    }
  }
  return out;
}
