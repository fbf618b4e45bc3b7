// Registry entries of the forex endpoints over the ECB euro reference rates: one pair's daily
// reference rates (v3 list with signed page tokens, history depth on date_start) and the pair list.
import { endpoint, type EndpointDef } from '../endpoint-types.js';
import { pageTokenParam } from '../keyset-page.js';
import { CROSS_SIGNIFICANT_DIGITS } from '../../market/fx-pairs.js';
import { forexPricesPage } from '../handlers/forex-prices-page.js';
import { forexPairCount, forexPairsPage } from '../handlers/forex-pairs-page.js';
import { validateDateRange } from '../time-series.js';

const FOREX_PRICES_DEFAULT_LIMIT = 100;
const FOREX_PRICES_MAX_LIMIT = 5000;
const FOREX_PAIRS_DEFAULT_LIMIT = 100;
const FOREX_PAIRS_MAX_LIMIT = 2000;

const pageParam = pageTokenParam();

const pageUrls = {
  next_page_url: { type: ['string', 'null'] },
  previous_page_url: { type: ['string', 'null'] },
};


const common = {
  method: 'GET' as const,
  family: 'v3' as const,
  formats: ['json'] as const,
  pagination: 'cursor' as const,
  cacheable: false,
  tag: 'Forex (v3)',
};

export const FOREX_ENDPOINTS: readonly EndpointDef[] = [
  endpoint({
    ...common, id: 'v3.forex_prices', path: '/v3.0.0/forex-prices/{identifier}',
    summary: 'Daily forex rates of a currency pair',
    description: `ECB euro foreign exchange reference rates of one pair, one row per ECB business day: close is the day's reference rate (the ECB publishes one rate a day, so there is no open, high, low or volume). EURxxx is the ECB value itself; any other pair is computed through EUR (quote per EUR / base per EUR of the same day) and rounded to ${CROSS_SIGNIFICANT_DIGITS} significant digits. Days on which either currency has no ECB rate have no row. Newest first by default; follow next_page_url (signed page tokens, bound to the request, valid one hour).`,
    params: [
      { name: 'identifier', in: 'path', type: 'string', required: true, minLength: 1, maxLength: 20, description: 'Currency pair: BASEQUOTE such as EURUSD, USDJPY, GBPJPY (case-insensitive; EUR/USD and EUR-USD are accepted). Currencies: EUR and those of the ECB reference rates.' },
      { name: 'date_start', in: 'query', type: 'date', description: 'Only days on or after this date (YYYY-MM-DD); at most the plan\'s history depth back.' },
      { name: 'date_end', in: 'query', type: 'date', description: 'Only days on or before this date (YYYY-MM-DD).' },
      { name: 'order', in: 'query', type: 'enum', values: ['ASC', 'DESC'], default: 'DESC', description: 'Sort by date: DESC (default, newest first) or ASC.' },
      { name: 'limit', in: 'query', type: 'integer', min: 1, max: FOREX_PRICES_MAX_LIMIT, default: FOREX_PRICES_DEFAULT_LIMIT, description: `Page size (default ${FOREX_PRICES_DEFAULT_LIMIT}, at most ${FOREX_PRICES_MAX_LIMIT}).` },
      pageParam,
    ],
    validate: validateDateRange,
    response: {
      kind: 'schema',
      schema: {
        type: 'object',
        properties: {
          symbol: { type: 'string', description: 'The pair, BASEQUOTE (e.g. EURUSD)' },
          data: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                date: { type: 'string', format: 'date' },
                close: { type: 'number', description: `Units of quote currency per unit of base currency: the ECB reference rate of that day (EURxxx) or the cross through EUR rounded to ${CROSS_SIGNIFICANT_DIGITS} significant digits` },
              },
              required: ['date', 'close'],
            },
          },
          ...pageUrls,
        },
        required: ['symbol', 'data', 'next_page_url', 'previous_page_url'],
      },
    },
    metering: { metered: true, historyDepth: { dateStartParam: 'date_start', dateEndParam: 'date_end' } },
    maxLimit: FOREX_PRICES_MAX_LIMIT,
    mcp: { tool: 'get_forex_prices', description: 'Daily ECB reference rates of a currency pair (EURUSD, USDJPY, GBPJPY, ...), crosses computed through EUR.' },
    example: { identifier: 'EURUSD', limit: '5' },
    handler: async (deps, p, ctx) => ({ kind: 'json', value: await forexPricesPage(deps, p, ctx) }),
  }),
  endpoint({
    ...common, id: 'v3.forex_pairs', path: '/v3.0.0/forex-pairs',
    summary: 'Forex pair list (cursor-paginated)',
    description: 'Every ordered pair of two different currencies among EUR and the ECB reference-rate currencies that has at least one common ECB business day, ordered by symbol, with the first and last date it has a rate. Filter by currency (base or quote). Follow next_page_url; page tokens are signed, bound to the request and expire after one hour.',
    params: [
      { name: 'currency', in: 'query', type: 'string', pattern: /^[A-Za-z]{3}$/, description: 'Only pairs with this currency as base or quote (ISO 4217 code, e.g. USD).' },
      { name: 'limit', in: 'query', type: 'integer', min: 1, max: FOREX_PAIRS_MAX_LIMIT, default: FOREX_PAIRS_DEFAULT_LIMIT, description: `Page size (default ${FOREX_PAIRS_DEFAULT_LIMIT}, at most ${FOREX_PAIRS_MAX_LIMIT}).` },
      pageParam,
    ],
    response: {
      kind: 'schema',
      schema: {
        type: 'object',
        properties: {
          data: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                symbol: { type: 'string', description: 'BASEQUOTE, the identifier of /v3.0.0/forex-prices' },
                base: { type: 'string' }, quote: { type: 'string' },
                first_date: { type: 'string', format: 'date', description: 'First ECB business day both currencies have a rate' },
                last_date: { type: 'string', format: 'date', description: 'Last ECB business day both currencies have a rate' },
              },
              required: ['symbol', 'base', 'quote', 'first_date', 'last_date'],
            },
          },
          ...pageUrls,
        },
        required: ['data', 'next_page_url', 'previous_page_url'],
      },
    },
    metering: { metered: true, historyDepth: null },
    maxLimit: FOREX_PAIRS_MAX_LIMIT,
    mcp: { tool: 'list_forex_pairs', description: 'Available forex pairs (ECB currencies and EUR) with the first and last date of each.' },
    example: { currency: 'USD', limit: '5' },
    handler: async (deps, p, ctx) => ({ kind: 'json', value: await forexPairsPage(deps, p, ctx) }),
    count: (deps, p) => forexPairCount(deps, p),
  }),
];
