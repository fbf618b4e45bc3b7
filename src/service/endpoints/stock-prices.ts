// Registry entries of the daily stock price endpoints: v2 bars of one company (newest first by
// default), v2 latest price with its age, and the v3 cursor-paginated price list. Every bar comes
// from the dataset's prices table (market/price-basis.ts merges the price sets as traded).
import { endpoint, param, type ApiDeps, type EndpointDef } from '../endpoint-types.js';
import { ApiError } from '../errors.js';
import { formatParam, identifierParam, resolveOr404, validateDateRange } from '../time-series.js';
import { normalizeTicker } from '../../model/symbols.js';
import {
  PRICE_CURRENCY, STALE_AFTER_DAYS, STOCK_PRICE_COLUMNS, latestStockPrice, stockPriceRecord, v3StockPriceRow,
} from '../stock-price-records.js';
import { DATE_KEY, dateSequence, pageTokenParam, signedKeysetPage, type DateRangeRead } from '../keyset-page.js';
import type { PageBinding } from '../page-token.js';
import { startWithinHistory } from '../history-depth.js';
import type { PriceBarRow } from '../../dataset/queries/price-queries.js';

const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 5000;

const num = { type: ['number', 'null'] };
const priceFields: Record<string, unknown> = {
  date: { type: 'string', format: 'date', description: 'Trading day (exchange-local).' },
  open: { ...num, description: 'Open, as traded.' },
  high: { ...num, description: 'High, as traded.' },
  low: { ...num, description: 'Low, as traded.' },
  close: { type: 'number', description: 'Close as traded that day (not adjusted).' },
  adj_close: { type: 'number', description: 'Close adjusted for every later split, spin-off and cash dividend (a total-return series; dividends known from 2015 on).' },
  volume: { ...num, description: 'Shares traded, on the share basis after every later split.' },
  unadjusted_volume: { ...num, description: 'Shares traded, as reported that day.' },
  change: { ...num, description: 'close minus the previous close on the same share basis; null on the first bar.' },
  change_percent: { ...num, description: 'change as a percentage of the previous close.' },
  vwap: { ...num, description: 'Typical price (high + low + close) / 3: an approximation of the day\'s VWAP from the daily bar (no intraday data).' },
  dividend: { ...num, description: 'Cash dividend per share going ex that day, as traded; null when none (dividends are known from 2015 on).' },
};
const v2Record = {
  type: 'object',
  properties: {
    ...priceFields,
    label: { type: 'string', description: 'The date for display, e.g. "Aug 31, 2020".' },
    ticker: { type: 'string' },
    currency: { type: 'string', description: 'Lowercase ISO code of the price fields.' },
  },
  required: [...STOCK_PRICE_COLUMNS],
};

const rangeParams = [
  param({ name: 'date_start', in: 'query', type: 'date', description: 'Only bars on or after this date (YYYY-MM-DD).' }),
  param({ name: 'date_end', in: 'query', type: 'date', description: 'Only bars on or before this date (YYYY-MM-DD).' }),
  param({ name: 'order', in: 'query', type: 'enum', values: ['ASC', 'DESC'], default: 'DESC', description: 'Sort by date: DESC (default, newest first) or ASC.' }),
  param({ name: 'limit', in: 'query', type: 'integer', min: 1, max: MAX_LIMIT, default: DEFAULT_LIMIT, description: `Maximum number of bars (default ${DEFAULT_LIMIT}, at most ${MAX_LIMIT}).` }),
] as const;

/**
 * The share line served: the company's ticker with the newest prices, the primary on a tie; the
 * ticker asked for when its prices are as new (another class, GOOG or BRK-B, is that line).
 * Fiserv's FISV series ends 2017 and its FI series 2024: FISV gives FI. Null: no prices at all.
 */
async function priceSymbol(deps: ApiDeps, identifier: string): Promise<string | null> {
  const company = resolveOr404(deps, identifier);
  const asked = normalizeTicker(identifier);
  let best: string | null = null;
  let bestDate = '';
  let askedDate: string | null = null;
  for (const t of deps.resolver.tickersOf(company.cik)) {
    const d = await deps.dataset.prices.lastDate(t);
    if (t === asked) askedDate = d;
    if (d !== null && d > bestDate) { best = t; bestDate = d; }
  }
  return askedDate !== null && askedDate >= bestDate ? asked : best;
}

const history = { metered: true, historyDepth: { dateStartParam: 'date_start', dateEndParam: 'date_end' } };

export const STOCK_PRICE_ENDPOINTS: readonly EndpointDef[] = [
  endpoint({
    id: 'v2.stock_prices',
    method: 'GET',
    path: '/v2/stock-prices/{identifier}',
    family: 'v2',
    summary: 'Daily stock prices',
    description: 'Daily bars of one company, newest first by default. close is as traded; adj_close is adjusted for splits, spin-offs and cash dividends; volume is on today\'s share basis and unadjusted_volume as traded. A ticker of another share class (GOOG, BRK-B) gives that line\'s prices. Prices end where the source price sets end; a company whose listing ended has none after it.',
    tag: 'Stock prices',
    params: [identifierParam, ...rangeParams, formatParam],
    validate: validateDateRange,
    response: { kind: 'schema', schema: { type: 'array', items: v2Record }, columns: STOCK_PRICE_COLUMNS },
    formats: ['json', 'excel'],
    metering: history,
    pagination: 'none',
    maxLimit: MAX_LIMIT,
    cacheable: true,
    mcp: { tool: 'get_stock_prices', description: 'Daily stock prices (open, high, low, close as traded, adjusted close, volume, change) of a US-listed company over a date range (the newest alone: get_latest_stock_price).' },
    example: { identifier: 'AAPL', date_start: '2020-08-24', date_end: '2020-09-04' },
    async handler(deps, params, ctx) {
      const symbol = await priceSymbol(deps, params.identifier);
      if (symbol === null) return { kind: 'json', value: [] };
      const rows = await deps.dataset.prices.bars({
        symbol, dateStart: startWithinHistory(params.date_start, ctx.historyCutoff), dateEnd: params.date_end,
        order: params.order === 'ASC' ? 'ASC' : 'DESC', limit: params.limit ?? DEFAULT_LIMIT,
      });
      return { kind: 'json', value: rows.map((r) => stockPriceRecord(r, symbol)) };
    },
  }),
  endpoint({
    id: 'v2.stock_price_latest',
    method: 'GET',
    path: '/v2/stock-prices/latest/{identifier}',
    family: 'v2',
    summary: 'Latest stock price',
    description: `The newest daily bar of one company with the previous close, change, and its age: as_of is the bar's date, age_days the calendar days since, stale is true beyond ${STALE_AFTER_DAYS} days (a delisted company, or a price source that stopped).`,
    tag: 'Stock prices',
    params: [identifierParam, formatParam],
    response: {
      kind: 'schema',
      schema: {
        type: 'object',
        properties: {
          ...v2Record.properties,
          previous_close: { ...num, description: 'The previous trading day\'s close on the same share basis.' },
          as_of: { type: 'string', format: 'date', description: 'Date of the newest price the dataset has.' },
          age_days: { type: 'integer', description: 'Calendar days from as_of to today (UTC).' },
          stale: { type: 'boolean', description: `True when age_days > ${STALE_AFTER_DAYS}.` },
        },
        required: [...STOCK_PRICE_COLUMNS, 'previous_close', 'as_of', 'age_days', 'stale'],
      },
      columns: [...STOCK_PRICE_COLUMNS, 'previous_close', 'as_of', 'age_days', 'stale'],
    },
    formats: ['json', 'excel'],
    metering: { metered: true, historyDepth: null },
    pagination: 'none',
    // the age depends on today
    cacheable: false,
    mcp: { tool: 'get_latest_stock_price', description: 'The latest daily price of a US-listed company, with previous close, change and how old the price is.' },
    example: { identifier: 'AAPL' },
    async handler(deps, params, ctx) {
      const symbol = await priceSymbol(deps, params.identifier);
      const [bar] = symbol === null ? [] : await deps.dataset.prices.bars({ symbol, order: 'DESC', limit: 1 });
      if (!bar || symbol === null) throw new ApiError('resource_missing', `no price data for '${params.identifier}'`, 'identifier');
      return { kind: 'json', value: latestStockPrice(bar, symbol, ctx.now) };
    },
  }),
  endpoint({
    id: 'v3.stock_prices',
    method: 'GET',
    path: '/v3.0.0/stock-prices/{identifier}',
    family: 'v3',
    summary: 'Daily stock price list',
    description: 'Daily bars of one company as a v3 list: symbol and currency on the envelope (present when data is empty), rows without id or object, keyset pages by date (follow next_page_url). Bases as in /v2/stock-prices.',
    tag: 'Stock prices',
    params: [
      identifierParam, ...rangeParams,
      pageTokenParam(400),
    ],
    validate: validateDateRange,
    response: {
      kind: 'schema',
      schema: {
        type: 'object',
        properties: {
          symbol: { type: 'string' }, currency: { type: 'string' },
          data: { type: 'array', items: { type: 'object', properties: priceFields, required: Object.keys(priceFields) } },
          next_page_url: { type: ['string', 'null'] }, previous_page_url: { type: ['string', 'null'] },
        },
        required: ['symbol', 'currency', 'data', 'next_page_url', 'previous_page_url'],
      },
    },
    formats: ['json'],
    metering: history,
    pagination: 'cursor',
    maxLimit: MAX_LIMIT,
    // page URLs carry a token that expires and the client's host: not cached (as /v3.0.0/tickers)
    cacheable: false,
    mcp: { tool: 'get_stock_prices', folded: true },
    example: { identifier: 'AAPL', limit: '5' },
    async handler(deps, params, ctx) {
      const symbol = await priceSymbol(deps, params.identifier);
      const shown = symbol ?? normalizeTicker(params.identifier);
      const order = params.order === 'ASC' ? 'ASC' : 'DESC';
      const limit = params.limit ?? DEFAULT_LIMIT;
      const ds = startWithinHistory(params.date_start, ctx.historyCutoff);
      const de = params.date_end;
      const bars: DateRangeRead<PriceBarRow> = (q) => (symbol === null ? [] : deps.dataset.prices.bars({ symbol, dateStart: ds, dateEnd: de, ...q }));
      // bound to the requested start: the cutoff moves at midnight, a token must not
      const binding: PageBinding = { resource: 'v3.stock_price', path: ctx.path.replace(/\/+$/, ''), filters: { symbol: shown, date_start: params.date_start, date_end: de }, order, limit };
      const page = await signedKeysetPage(dateSequence(bars, order), DATE_KEY, binding, params.page, deps.secret, ctx);
      return {
        kind: 'json',
        value: { symbol: shown, currency: PRICE_CURRENCY, data: page.rows.map(v3StockPriceRow), next_page_url: page.next_page_url, previous_page_url: page.previous_page_url },
      };
    },
  }),
];
