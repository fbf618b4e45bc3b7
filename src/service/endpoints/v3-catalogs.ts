// Registry entries of the v3 reference catalogs: exchanges and markets (complete in one response,
// both page URLs null) and the cursor-paginated ticker list (signed page tokens).
import { endpoint, type EndpointDef } from '../endpoint-types.js';
import { pageTokenParam } from '../keyset-page.js';
import { referenceCatalog } from '../../dataset/reference-catalog.js';
import { tickerPage } from '../handlers/v3-ticker-pages.js';

const V3_TICKERS_DEFAULT_LIMIT = 100;
const V3_TICKERS_MAX_LIMIT = 1000;

const TICKER_TYPES = ['common stock', 'ETF', 'ETN', 'preferred stock', 'warrant', 'unit', 'right', 'ADR', 'debt', 'limited partnership'] as const;

const envelope = (items: Record<string, unknown>) => ({
  type: 'object',
  properties: {
    data: { type: 'array', items },
    next_page_url: { type: ['string', 'null'] },
    previous_page_url: { type: ['string', 'null'] },
  },
  required: ['data', 'next_page_url', 'previous_page_url'],
});

const common = {
  method: 'GET' as const,
  family: 'v3' as const,
  formats: ['json'] as const,
  metering: { metered: true, historyDepth: null },
  tag: 'Reference (v3)',
};

export const V3_CATALOG_ENDPOINTS: readonly EndpointDef[] = [
  endpoint({
    ...common, id: 'v3.exchanges', path: '/v3.0.0/exchanges', pagination: 'none', cacheable: true,
    summary: 'Exchange catalog',
    description: 'Every exchange of the ticker universe, ordered by code, complete in one response.',
    params: [],
    response: {
      kind: 'schema',
      schema: envelope({
        type: 'object',
        properties: {
          id: { type: 'string' }, object: { const: 'v3.reference.exchange' }, code: { type: 'string' },
          exchange_name: { type: ['string', 'null'] }, exchange_local_name: { type: ['string', 'null'] },
          mics: { type: 'array', items: { type: 'string' } }, markets: { type: 'array', items: { type: 'string' } },
          symbol_count: { type: 'number', description: 'Symbols on the exchange, delisted included' },
        },
        required: ['id', 'object', 'code', 'exchange_name', 'exchange_local_name', 'mics', 'markets', 'symbol_count'],
      }),
    },
    mcp: { tool: 'count_tickers_by', folded: true },
    example: {},
    handler: (deps) => ({ kind: 'json', value: { data: referenceCatalog(deps.dataset).v3Exchanges, next_page_url: null, previous_page_url: null } }),
  }),
  endpoint({
    ...common, id: 'v3.markets', path: '/v3.0.0/markets', pagination: 'none', cacheable: true,
    summary: 'Market catalog',
    description: 'Every market (country-level trading region) of the ticker universe, ordered by code, complete in one response.',
    params: [],
    response: {
      kind: 'schema',
      schema: envelope({
        type: 'object',
        properties: {
          id: { type: 'string' }, object: { const: 'v3.reference.market' }, code: { type: 'string' }, country_code: { type: 'string' },
          exchanges: { type: 'array', items: { type: 'string' } }, symbol_count: { type: 'number', description: 'Listed symbols' },
        },
        required: ['id', 'object', 'code', 'country_code', 'exchanges', 'symbol_count'],
      }),
    },
    mcp: { tool: 'list_markets', description: 'Catalog of markets: code, country, exchanges, listed symbol counts.' },
    example: {},
    handler: (deps) => ({ kind: 'json', value: { data: referenceCatalog(deps.dataset).v3Markets, next_page_url: null, previous_page_url: null } }),
  }),
  endpoint({
    ...common, id: 'v3.tickers', path: '/v3.0.0/tickers', pagination: 'cursor', cacheable: false,
    summary: 'Ticker list (cursor-paginated)',
    description: 'Ticker resources ordered by symbol, filtered by exchange, market, MIC, type, listing status and search (search_by symbol, name or market). Follow next_page_url; page tokens are signed, bound to the request and expire after one hour.',
    params: [
      { name: 'limit', in: 'query', type: 'integer', min: 1, max: V3_TICKERS_MAX_LIMIT, default: V3_TICKERS_DEFAULT_LIMIT, description: `Page size (default ${V3_TICKERS_DEFAULT_LIMIT}, at most ${V3_TICKERS_MAX_LIMIT}).` },
      pageTokenParam(),
      { name: 'exchange', in: 'query', type: 'string', minLength: 1, maxLength: 16, pattern: /^[A-Za-z0-9_-]+$/, description: 'Exchange code.' },
      { name: 'market', in: 'query', type: 'string', minLength: 2, maxLength: 8, pattern: /^[A-Za-z]+$/, description: 'Market code (e.g. US).' },
      { name: 'mic', in: 'query', type: 'string', pattern: /^[A-Za-z0-9]{4}$/, description: 'ISO 10383 MIC of the listing segment.' },
      { name: 'type', in: 'query', type: 'enum', values: TICKER_TYPES, description: 'Security type.' },
      { name: 'listed', in: 'query', type: 'boolean', description: 'true listed, false delisted, omitted all.' },
      { name: 'search', in: 'query', type: 'string', minLength: 1, maxLength: 100, description: 'Search value, interpreted by search_by.' },
      { name: 'search_by', in: 'query', type: 'enum', values: ['symbol', 'name', 'market'], description: 'symbol (default): symbols starting with search; name: names containing it; market: tickers of that market code.' },
      { name: 'order', in: 'query', type: 'enum', values: ['ASC', 'DESC'], default: 'ASC', description: 'Symbol order.' },
    ],
    response: {
      kind: 'schema',
      schema: envelope({
        type: 'object',
        properties: {
          id: { type: 'string' }, object: { const: 'v3.reference.ticker' }, symbol: { type: 'string', description: 'EXCHANGE:TICKER' },
          ticker: { type: 'string' }, name: { type: 'string' }, exchange: { type: ['string', 'null'] }, exchange_name: { type: ['string', 'null'] },
          type: { type: 'string' }, listed: { type: 'boolean' }, market: { type: ['string', 'null'] }, mic: { type: ['string', 'null'] },
          listing_country_code: { type: ['string', 'null'] }, cik: { type: ['string', 'null'] }, cusip: { type: ['string', 'null'] }, isin: { type: ['string', 'null'] },
        },
        required: ['id', 'object', 'symbol', 'ticker', 'market', 'mic', 'listing_country_code'],
      }),
    },
    maxLimit: V3_TICKERS_MAX_LIMIT,
    mcp: { tool: 'list_tickers', folded: true },
    example: { limit: '5', exchange: 'NYSE' },
    handler: (deps, p, ctx) => ({ kind: 'json', value: tickerPage(deps, p, ctx) }),
  }),
];
