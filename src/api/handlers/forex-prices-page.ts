// Pages of one forex pair's daily ECB reference rates for /v3.0.0/forex-prices/{identifier}: keyset
// paging by date over the fx named queries, rates by the pair rule (market/fx-pairs.ts).
// Invariant: `symbol` is on every envelope, also when `data` is empty; the plan's history cutoff
// raises an implicit start (an explicit older date_start was refused before the handler).
import type { ApiDeps, HandlerContext, ParamValues } from '../endpoint-types.js';
import { pageUrl, signPageToken, verifyPageToken, type PageBinding } from '../page-token.js';
import type { FxLegRow } from '../../dataset/fx-queries.js';
import { pairRate } from '../../market/fx-pairs.js';
import { keysetPage, type KeysetSequence } from '../keyset-page.js';
import { resolvePair } from './forex-pairs-page.js';

const V3_FOREX_PRICE_RESOURCE = 'v3.forex.price';
const DATE_KEY = /^\d{4}-\d{2}-\d{2}$/;

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

export async function forexPricesPage(deps: ApiDeps, p: ParamValues, ctx: HandlerContext): Promise<ForexPriceList> {
  const pair = await resolvePair(deps, String(p.identifier));
  const limit = p.limit as number;
  const order = p.order === 'ASC' ? 'ASC' : 'DESC';
  const requestedStart = p.date_start as string | undefined;
  const cutoff = ctx.historyCutoff;
  const dateStart = cutoff !== null && (requestedStart === undefined || requestedStart < cutoff) ? cutoff : requestedStart;
  const dateEnd = p.date_end as string | undefined;
  const legs = (q: { after?: string; before?: string; order: 'ASC' | 'DESC'; limit: number }) =>
    deps.dataset.fx.pairRates({ base: pair.base, quote: pair.quote, dateStart, dateEnd, ...q });
  // "after" in the requested order: later dates when ASC, earlier dates when DESC.
  const seq: KeysetSequence<FxLegRow> = {
    key: (r) => r.date,
    forward: (c, n) => legs({ ...(c === null ? {} : order === 'ASC' ? { after: c } : { before: c }), order, limit: n }),
    backward: (c, n) => legs(order === 'ASC' ? { before: c, order: 'DESC', limit: n } : { after: c, order: 'ASC', limit: n }),
  };
  const binding: PageBinding = {
    resource: V3_FOREX_PRICE_RESOURCE, path: ctx.path.replace(/\/+$/, ''),
    filters: { pair: pair.symbol, date_start: requestedStart, date_end: dateEnd }, order, limit,
  };
  const cursor = p.page === undefined ? null : verifyPageToken(deps.secret, String(p.page), binding, ctx.now);
  const page = await keysetPage(seq, cursor, DATE_KEY, limit);
  const data: ForexPriceRow[] = [];
  for (const r of page.rows) {
    const close = pairRate(pair, r.base_rate, r.quote_rate);
    if (close !== null) data.push({ date: r.date, close });
  }
  const link = (c: string | null) => (c === null ? null : pageUrl(ctx.baseUrl, binding.path, ctx.query, limit, signPageToken(deps.secret, binding, c, ctx.now)));
  return { symbol: pair.symbol, data, next_page_url: link(page.next), previous_page_url: link(page.previous) };
}
