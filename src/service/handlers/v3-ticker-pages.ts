// Cursor pages of v3 ticker resources over the symbol-sorted universe. Keyset paging: a page token
// holds "a:<symbol>" (rows after it) or "b:<symbol>" (rows before it, for previous_page_url); the
// start position is found by binary search, so a page costs O(log n + rows examined).
import { ApiError } from '../errors.js';
import type { ApiDeps, HandlerContext } from '../endpoint-types.js';
import { pageUrl, signPageToken, verifyPageToken, type PageBinding } from '../page-token.js';
import { publicId, referenceCatalog } from '../../dataset/reference-catalog.js';
import type { TickerRow } from '../../dataset/queries/ticker-queries.js';
import { normalizeSymbol } from '../../model/symbols.js';
import { fold } from '../../search/text.js';

const V3_TICKER_RESOURCE = 'v3.reference.ticker';

export interface V3Ticker {
  id: string; object: 'v3.reference.ticker'; symbol: string; ticker: string; name: string; exchange: string | null;
  exchange_name: string | null; type: string; listed: boolean; market: string | null; mic: string | null;
  listing_country_code: string | null; cik: string | null; cusip: string | null; isin: string | null;
}

/** Exchange-qualified symbol, EXCHANGE:TICKER (the ticker alone when the exchange is unknown). */
function qualifiedSymbol(t: Pick<TickerRow, 'symbol' | 'exchange'>): string {
  return t.exchange ? `${t.exchange}:${t.symbol}` : t.symbol;
}

function v3Ticker(t: TickerRow): V3Ticker {
  return {
    id: publicId('tkr', t.symbol), object: 'v3.reference.ticker', symbol: qualifiedSymbol(t), ticker: t.symbol, name: t.name,
    exchange: t.exchange, exchange_name: t.exchange_name, type: t.type, listed: t.listed === 1, market: t.market, mic: t.mic,
    listing_country_code: t.listing_country_code, cik: t.cik, cusip: t.cusip, isin: t.isin,
  };
}

const V3_TICKER_FILTERS = ['exchange', 'market', 'mic', 'type', 'listed', 'search', 'search_by'] as const;

/** The validated params of /v3.0.0/tickers (endpoints/v3-catalogs.ts). */
export interface V3TickerParams {
  readonly limit: number;
  readonly page: string | undefined;
  readonly exchange: string | undefined;
  readonly market: string | undefined;
  readonly mic: string | undefined;
  readonly type: string | undefined;
  readonly listed: boolean | undefined;
  readonly search: string | undefined;
  readonly search_by: 'symbol' | 'name' | 'market' | undefined;
  readonly order: 'ASC' | 'DESC';
}

/**
 * The search filter: search_by=symbol (default) keeps symbols starting with the search (BRK.B
 * spelled any way), name keeps names containing it, market keeps tickers of that market code.
 * A filter, not a ranking, so the keyset order (by symbol) and page tokens still apply.
 */
function searchMatcher(p: V3TickerParams): ((t: TickerRow) => boolean) | null {
  if (p.search === undefined) return null;
  const raw = p.search;
  switch (p.search_by) {
    case 'name': {
      const needle = fold(raw);
      return (t) => fold(t.name).includes(needle) || (t.sec_name !== null && fold(t.sec_name).includes(needle));
    }
    case 'market': {
      const m = raw.trim().toUpperCase();
      return (t) => t.market === m;
    }
    default: {
      // "BRK." or "BRK/" asks for the share classes: BRK-.
      const trimmed = raw.trim();
      const prefix = /[./-]$/.test(trimmed) ? `${normalizeSymbol(trimmed.slice(0, -1))}-` : normalizeSymbol(trimmed);
      return (t) => t.symbol.startsWith(prefix);
    }
  }
}

function matches(t: TickerRow, p: V3TickerParams, search: ((t: TickerRow) => boolean) | null): boolean {
  if (search && !search(t)) return false;
  if (p.exchange !== undefined && t.exchange !== p.exchange.toUpperCase()) return false;
  if (p.market !== undefined && t.market !== p.market.toUpperCase()) return false;
  if (p.mic !== undefined && t.mic !== p.mic.toUpperCase()) return false;
  if (p.type !== undefined && t.type !== p.type) return false;
  if (p.listed !== undefined && (t.listed === 1) !== p.listed) return false;
  return true;
}

/** Index of the first row whose symbol is > s (after=true) or >= s, in ascending order. */
function bound(rows: readonly TickerRow[], s: string, after: boolean): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const m = (rows[mid] as TickerRow).symbol;
    if (m < s || (after && m === s)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function tickerPage(deps: ApiDeps, p: V3TickerParams, ctx: HandlerContext): { data: V3Ticker[]; next_page_url: string | null; previous_page_url: string | null } {
  const rows = referenceCatalog(deps.dataset).tickers; // ascending by symbol
  const limit = p.limit;
  if (p.search_by !== undefined && p.search === undefined) {
    throw new ApiError('parameter_invalid', 'search_by needs a search value', 'search');
  }
  const search = searchMatcher(p);
  const order = p.order === 'DESC' ? 'DESC' : 'ASC';
  const filters: Record<string, string | boolean | undefined> = {};
  for (const f of V3_TICKER_FILTERS) {
    const v = p[f];
    filters[f] = v === undefined ? undefined : typeof v === 'boolean' ? v : String(v).toUpperCase();
  }
  const binding: PageBinding = { resource: V3_TICKER_RESOURCE, path: ctx.path.replace(/\/+$/, ''), filters, order, limit };
  let cursor: { dir: 'a' | 'b'; symbol: string } | null = null;
  if (p.page !== undefined) {
    const c = verifyPageToken(deps.secret, p.page, binding, ctx.now);
    const m = /^([ab]):(.+)$/.exec(c);
    if (!m) throw new ApiError('page_token_invalid', 'The page token is malformed.', 'page');
    cursor = { dir: m[1] as 'a' | 'b', symbol: m[2] as string };
  }
  // Walk the sequence in the requested order: step +1 ascending, -1 descending.
  const step = order === 'ASC' ? 1 : -1;
  const inRange = (i: number) => i >= 0 && i < rows.length;
  /** Sequence position of the first row strictly after symbol s (in the requested order). */
  const after = (s: string) => (step === 1 ? bound(rows, s, true) : bound(rows, s, false) - 1);
  /** Sequence position of the last row strictly before symbol s. */
  const before = (s: string) => (step === 1 ? bound(rows, s, false) - 1 : bound(rows, s, true));
  const collect = (from: number, dir: number, n: number): TickerRow[] => {
    const out: TickerRow[] = [];
    for (let i = from; inRange(i) && out.length < n; i += dir) if (matches(rows[i] as TickerRow, p, search)) out.push(rows[i] as TickerRow);
    return out;
  };
  const anyFrom = (from: number, dir: number) => collect(from, dir, 1).length > 0;

  let page: TickerRow[];
  let hasNext: boolean;
  let hasPrev: boolean;
  if (cursor?.dir === 'b') {
    const start = before(cursor.symbol);
    const got = collect(start, -step, limit + 1);
    hasPrev = got.length > limit;
    page = got.slice(0, limit).reverse();
    const last = page[page.length - 1];
    hasNext = last ? anyFrom(after(last.symbol), step) : anyFrom(start + step, step);
  } else {
    const start = cursor ? after(cursor.symbol) : step === 1 ? 0 : rows.length - 1;
    const got = collect(start, step, limit + 1);
    hasNext = got.length > limit;
    page = got.slice(0, limit);
    const first = page[0];
    hasPrev = cursor !== null && (first ? anyFrom(before(first.symbol), -step) : anyFrom(start - step, -step));
  }
  const link = (c: string) => pageUrl(ctx.baseUrl, binding.path, ctx.query, limit, signPageToken(deps.secret, binding, c, ctx.now));
  const first = page[0];
  const last = page[page.length - 1];
  return {
    data: page.map(v3Ticker),
    next_page_url: hasNext && last ? link(`a:${last.symbol}`) : null,
    previous_page_url: hasPrev && first ? link(`b:${first.symbol}`) : null,
  };
}
