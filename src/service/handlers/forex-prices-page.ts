// Pages of one forex pair's daily ECB reference rates for /v3.0.0/forex-prices/{identifier}: keyset
// paging by date over the fx named queries, rates by the pair rule (market/fx-pairs.ts).
// Invariant: `symbol` is on every envelope, also when `data` is empty; the plan's history cutoff
// raises an implicit start (an explicit older date_start was refused before the handler).
import type { ApiDeps, HandlerContext } from '../endpoint-types.js';
import type { PageBinding } from '../page-token.js';
import { startWithinHistory } from '../history-depth.js';
import type { FxLegRow } from '../../dataset/queries/fx-queries.js';
import { pairRate } from '../../market/fx-pairs.js';
import { DATE_KEY, dateSequence, signedKeysetPage, type DateRangeRead } from '../keyset-page.js';
import { resolvePair } from './forex-pairs-page.js';

const V3_FOREX_PRICE_RESOURCE = 'v3.forex.price';

export interface ForexPriceRow {
  date: string;
  close: number;
}

export interface ForexPriceList {
  symbol: string;
  data: ForexPriceRow[];
  next_page_url: string | null;
  previous_page_url: string | null;
}

/** The validated params of /v3.0.0/forex-prices/{identifier} (endpoints/forex.ts). */
export interface ForexPricesParams {
  readonly identifier: string;
  readonly date_start: string | undefined;
  readonly date_end: string | undefined;
  readonly order: 'ASC' | 'DESC';
  readonly limit: number;
  readonly page: string | undefined;
}

export async function forexPricesPage(deps: ApiDeps, p: ForexPricesParams, ctx: HandlerContext): Promise<ForexPriceList> {
  const pair = await resolvePair(deps, p.identifier);
  const limit = p.limit;
  const order = p.order === 'ASC' ? 'ASC' : 'DESC';
  const requestedStart = p.date_start;
  const dateStart = startWithinHistory(requestedStart, ctx.historyCutoff);
  const dateEnd = p.date_end;
  const legs: DateRangeRead<FxLegRow> = (q) => deps.dataset.fx.pairRates({ base: pair.base, quote: pair.quote, dateStart, dateEnd, ...q });
  const binding: PageBinding = {
    resource: V3_FOREX_PRICE_RESOURCE, path: ctx.path.replace(/\/+$/, ''),
    filters: { pair: pair.symbol, date_start: requestedStart, date_end: dateEnd }, order, limit,
  };
  const page = await signedKeysetPage(dateSequence(legs, order), DATE_KEY, binding, p.page === undefined ? undefined : p.page, deps.secret, ctx);
  const data: ForexPriceRow[] = [];
  for (const r of page.rows) {
    const close = pairRate(pair, r.base_rate, r.quote_rate);
    if (close !== null) data.push({ date: r.date, close });
  }
  return { symbol: pair.symbol, data, next_page_url: page.next_page_url, previous_page_url: page.previous_page_url };
}
