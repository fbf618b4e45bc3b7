// Registry entries of the ticker family: ranked search (symbols and names, or names only),
// look-ups by CIK, CUSIP, ISIN and exchange, the ticker lists (v2 and legacy v1), and the
// exchange/sector/industry/country catalogs with ticker counts.
import { endpoint, param, type EndpointDef } from '../endpoint-types.js';
import { formatParam } from '../time-series.js';
import {
  TICKER_COLUMNS, byCikRecords, byCusipRecords, byExchangeRecords, byIsinRecords, listRecords, searchRecords,
} from '../handlers/ticker-records.js';
import { referenceCatalog } from '../../dataset/reference-catalog.js';

const SEARCH_DEFAULT_LIMIT = 10;
const SEARCH_MAX_LIMIT = 100;

const tickerProps: Record<string, unknown> = {
  symbol: { type: 'string', description: 'Ticker symbol as traded (share class after "-", e.g. BRK-B)' },
  name: { type: 'string', description: 'Display name of the company or security' },
  exchange_name: { type: ['string', 'null'], description: 'Full name of the listing exchange' },
  exchange: { type: ['string', 'null'], description: 'Short exchange code (usable in exchange filters)' },
  type: { type: 'string', description: 'common stock, ETF, ETN, preferred stock, warrant, unit, right, ADR, debt, limited partnership' },
};
const tickerArray = (extra: Record<string, unknown> = {}) => ({
  type: 'array', items: { type: 'object', properties: { ...tickerProps, ...extra }, required: [...TICKER_COLUMNS, ...Object.keys(extra)] },
});

const queryParam = (what: string) => param({
  name: 'query', in: 'query', type: 'string', required: true, minLength: 1, maxLength: 100, description: what,
});
const limitParam = param({
  name: 'limit', in: 'query', type: 'integer', min: 1, max: SEARCH_MAX_LIMIT, default: SEARCH_DEFAULT_LIMIT,
  description: `Maximum number of results (default ${SEARCH_DEFAULT_LIMIT}, at most ${SEARCH_MAX_LIMIT}).`,
});
const exchangeFilter = param({
  name: 'exchange', in: 'query', type: 'string', minLength: 1, maxLength: 16, pattern: /^[A-Za-z0-9_-]+$/,
  description: 'Only tickers on this exchange code (see /v2/exchanges/list).',
});
const listedParam = param({
  name: 'listed', in: 'query', type: 'boolean', description: 'true: listed tickers only; false: delisted only; omitted: all.',
});

const common = {
  method: 'GET' as const,
  formats: ['json', 'excel'] as const,
  metering: { metered: true, historyDepth: null },
  pagination: 'none' as const,
  cacheable: true,
  tag: 'Tickers',
};

const countSchema = (key: string, extra: Record<string, unknown> = {}) => ({
  type: 'array',
  items: { type: 'object', properties: { [key]: { type: 'string' }, ...extra, ticker_count: { type: 'number', description: 'Listed tickers' } }, required: [key, ...Object.keys(extra), 'ticker_count'] },
});

export const TICKER_ENDPOINTS: readonly EndpointDef[] = [
  endpoint({
    ...common, id: 'v2.tickers_search', path: '/v2/tickers/search', family: 'v2',
    summary: 'Search tickers by symbol or company name',
    description: 'Ranked, typo-tolerant search over symbols and names: exact symbol, symbol prefix, name prefix and words, contains, similarity, name coverage, venue and listing status.',
    params: [queryParam('Symbol or company name (typos tolerated).'), limitParam, exchangeFilter, formatParam],
    response: { kind: 'schema', schema: tickerArray(), columns: TICKER_COLUMNS },
    maxLimit: SEARCH_MAX_LIMIT,
    mcp: { tool: 'search_tickers', description: 'Find a company\'s ticker from its name or symbol (typos tolerated), best match first: the identifier every company tool takes.' },
    example: { query: 'apple' },
    handler: (deps, p) => ({ kind: 'json', value: searchRecords(deps, p.query, p.limit, p.exchange ?? null, 'all') }),
  }),
  endpoint({
    ...common, id: 'v2.tickers_search_name', path: '/v2/tickers/search/name', family: 'v2',
    summary: 'Search tickers by company name only',
    description: 'Like /v2/tickers/search, but matches company names only (no symbol signals).',
    params: [queryParam('Company name (typos tolerated).'), limitParam, exchangeFilter, formatParam],
    response: { kind: 'schema', schema: tickerArray(), columns: TICKER_COLUMNS },
    maxLimit: SEARCH_MAX_LIMIT,
    mcp: { tool: 'search_tickers_by_name', description: 'Like search_tickers, matching company names only (when a name reads like another symbol).' },
    example: { query: 'berkshire hathaway' },
    handler: (deps, p) => ({ kind: 'json', value: searchRecords(deps, p.query, p.limit, p.exchange ?? null, 'name') }),
  }),
  endpoint({
    ...common, id: 'v2.tickers_by_cik', path: '/v2/tickers/search/cik/{cik}', family: 'v2',
    summary: 'Tickers of an SEC CIK',
    description: 'Every ticker of the company with this CIK (listed first, shares before derivatives); each record includes the cik.',
    params: [{ name: 'cik', in: 'path', type: 'string', required: true, pattern: /^\d{1,10}$/, description: 'SEC CIK, zero-padded to 10 digits (shorter forms are padded).' }, formatParam],
    response: { kind: 'schema', schema: tickerArray({ cik: { type: 'string' } }), columns: [...TICKER_COLUMNS, 'cik'] },
    mcp: { tool: 'tickers_by_cik', description: 'Ticker symbols of the company with an SEC CIK.' },
    example: { cik: '0000320193' },
    handler: (deps, p) => ({ kind: 'json', value: byCikRecords(deps, p.cik) }),
  }),
  endpoint({
    ...common, id: 'v2.tickers_by_cusip', path: '/v2/tickers/search/cusip/{cusip}', family: 'v2',
    summary: 'Tickers of a CUSIP',
    description: 'The ticker carrying this CUSIP, else the share lines of the company its issuer links to; each record includes the cusip.',
    params: [{ name: 'cusip', in: 'path', type: 'string', required: true, pattern: /^[0-9A-Za-z*@#]{9}$/, description: '9-character CUSIP (check digit verified).' }, formatParam],
    response: { kind: 'schema', schema: tickerArray({ cusip: { type: 'string' } }), columns: [...TICKER_COLUMNS, 'cusip'] },
    mcp: { tool: 'tickers_by_cusip', description: 'Ticker symbols of a 9-character CUSIP.' },
    example: { cusip: '037833100' },
    handler: (deps, p) => ({ kind: 'json', value: byCusipRecords(deps, p.cusip) }),
  }),
  endpoint({
    ...common, id: 'v2.tickers_by_isin', path: '/v2/tickers/search/isin/{isin}', family: 'v2',
    summary: 'Tickers of an ISIN',
    description: 'Tickers of an ISIN (US and CA ISINs through their CUSIP); each record includes the isin.',
    params: [{ name: 'isin', in: 'path', type: 'string', required: true, pattern: /^[A-Za-z]{2}[0-9A-Za-z]{9}[0-9]$/, description: '12-character ISIN starting with a country code (check digit verified).' }, formatParam],
    response: { kind: 'schema', schema: tickerArray({ isin: { type: 'string' } }), columns: [...TICKER_COLUMNS, 'isin'] },
    mcp: { tool: 'tickers_by_isin', description: 'Ticker symbols of an ISIN.' },
    example: { isin: 'US0378331005' },
    handler: (deps, p) => ({ kind: 'json', value: byIsinRecords(deps, p.isin) }),
  }),
  endpoint({
    ...common, id: 'v2.tickers_by_exchange', path: '/v2/tickers/search/exchange/{exchange}', family: 'v2',
    summary: 'Tickers of an exchange, listed and delisted',
    description: 'Every ticker on the exchange, delisted ones included, by symbol; each record has its listing status (listed). Unknown codes are 404.',
    params: [{ name: 'exchange', in: 'path', type: 'string', required: true, minLength: 1, maxLength: 16, pattern: /^[A-Za-z0-9_-]+$/, description: 'Exchange code (see /v2/exchanges/list).' }, formatParam],
    response: { kind: 'schema', schema: tickerArray({ listed: { type: 'boolean' } }), columns: [...TICKER_COLUMNS, 'listed'] },
    mcp: { tool: 'tickers_by_exchange', description: 'All ticker symbols on one exchange, listed and delisted, with their listing status.' },
    example: { exchange: 'NYSE' },
    handler: (deps, p) => ({ kind: 'json', value: byExchangeRecords(deps, p.exchange) }),
  }),
  endpoint({
    ...common, id: 'v2.tickers_list', path: '/v2/tickers/list', family: 'v2',
    summary: 'Ticker list (listed, delisted or all)',
    description: 'Every ticker of the universe with its listing status; delisted tickers keep their history.',
    params: [listedParam, formatParam],
    response: { kind: 'schema', schema: tickerArray({ listed: { type: 'boolean' } }), columns: [...TICKER_COLUMNS, 'listed'] },
    mcp: { tool: 'list_tickers', description: 'Browse the whole ticker universe (listed, delisted or all) a page at a time, with the total. To find one company\'s ticker use search_tickers; one exchange\'s tickers: tickers_by_exchange.' },
    example: { listed: 'false' },
    handler: (deps, p) => ({ kind: 'json', value: listRecords(deps, p.listed) }),
  }),
  endpoint({
    ...common, id: 'v1.financial_tickers', path: '/v1/financial/tickers', family: 'v1',
    summary: 'Ticker list (legacy v1)',
    description: 'The legacy ticker list: same records as /v2/tickers/list.',
    params: [listedParam, formatParam],
    response: { kind: 'schema', schema: tickerArray({ listed: { type: 'boolean' } }), columns: [...TICKER_COLUMNS, 'listed'] },
    mcp: { tool: 'list_tickers', folded: true },
    example: { listed: 'true' },
    handler: (deps, p) => ({ kind: 'json', value: listRecords(deps, p.listed) }),
  }),
  endpoint({
    ...common, id: 'v2.exchanges_list', path: '/v2/exchanges/list', family: 'v2',
    summary: 'Exchanges with ticker counts',
    description: 'Exchange codes and names with the number of listed tickers, largest first.',
    params: [formatParam],
    response: { kind: 'schema', schema: countSchema('exchange', { exchange_name: { type: ['string', 'null'] } }), columns: ['exchange', 'exchange_name', 'ticker_count'] },
    mcp: { tool: 'count_tickers_by', kind: 'exchange', description: 'exchange codes and names (the codes tickers_by_exchange takes).' },
    example: {},
    handler: (deps) => ({ kind: 'json', value: referenceCatalog(deps.dataset).exchangeList }),
  }),
  endpoint({
    ...common, id: 'v2.sectors_list', path: '/v2/sectors/list', family: 'v2',
    summary: 'Sectors with ticker counts',
    description: 'Sectors (the values of the profile sector field) with the number of listed tickers, largest first.',
    params: [formatParam],
    response: { kind: 'schema', schema: countSchema('sector'), columns: ['sector', 'ticker_count'] },
    mcp: { tool: 'count_tickers_by', kind: 'sector', description: 'sectors of the company profiles.' },
    example: {},
    handler: (deps) => ({ kind: 'json', value: referenceCatalog(deps.dataset).sectorList }),
  }),
  endpoint({
    ...common, id: 'v2.industries_list', path: '/v2/industries/list', family: 'v2',
    summary: 'Industries with ticker counts',
    description: 'Industries (the values of the profile industry field) with their usual sector and the number of listed tickers.',
    params: [formatParam],
    response: { kind: 'schema', schema: countSchema('industry', { sector: { type: ['string', 'null'] } }), columns: ['industry', 'sector', 'ticker_count'] },
    mcp: { tool: 'count_tickers_by', kind: 'industry', description: 'industries with their sector.' },
    example: {},
    handler: (deps) => ({ kind: 'json', value: referenceCatalog(deps.dataset).industryList }),
  }),
  endpoint({
    ...common, id: 'v2.countries_list', path: '/v2/countries/list', family: 'v2',
    summary: 'Headquarters countries with ticker counts',
    description: 'Headquarters countries of listed tickers with their counts, largest first.',
    params: [formatParam],
    response: { kind: 'schema', schema: countSchema('country'), columns: ['country', 'ticker_count'] },
    mcp: { tool: 'count_tickers_by', kind: 'country', description: 'headquarters countries.' },
    example: {},
    handler: (deps) => ({ kind: 'json', value: referenceCatalog(deps.dataset).countryList }),
  }),
];
