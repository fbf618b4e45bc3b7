// Registry entries of the stock-split endpoints: one company's split history (newest first) and
// the cross-ticker split calendar (limit default 100, max 10000, date range, order).
import { endpoint, type EndpointDef } from '../endpoint-types.js';
import { startWithinHistory } from '../history-depth.js';
import { formatParam, identifierParam, resolveOr404, validateDateRange } from '../time-series.js';
import { STOCK_SPLIT_COLUMNS, companySplits, splitCalendar } from '../stock-split-records.js';

const SPLIT_CALENDAR_DEFAULT_LIMIT = 100;
const SPLIT_CALENDAR_MAX_LIMIT = 10000;

const splitSchema: Record<string, unknown> = {
  type: 'object',
  properties: {
    id: { type: 'string', description: 'split_ followed by an opaque, stable token' },
    symbol: { type: 'string' },
    split_date: { type: 'string', format: 'date', description: 'ex-date' },
    split_ratio: { type: 'object', properties: { from: { type: 'number' }, to: { type: 'number' } }, required: ['from', 'to'] },
    split_factor: { type: 'number', description: 'to / from; below 1 for a reverse split' },
    is_reverse_split: { type: 'boolean' },
    pre_split_shares: { type: ['number', 'null'], description: 'reported shares outstanding last dated before the split (cover page)' },
    post_split_shares: { type: ['number', 'null'], description: 'reported shares outstanding first dated on or after the split' },
    pre_split_price: { type: ['number', 'null'], description: 'as-traded close of the last trading day before the split, at most 7 calendar days before it (null when none)' },
    post_split_price: { type: ['number', 'null'], description: 'as-traded close of the first trading day on or after the split, at most 7 calendar days after it (null when none)' },
    currency: { type: 'string', description: 'lowercase ISO code of the price fields' },
  },
  required: ['id', 'symbol', 'split_date', 'split_ratio', 'split_factor', 'is_reverse_split', 'currency'],
};


export const STOCK_SPLIT_ENDPOINTS: readonly EndpointDef[] = [
  endpoint({
    id: 'v2.stock_splits',
    method: 'GET',
    path: '/v2/stock-splits/{identifier}',
    family: 'v2',
    summary: 'Stock splits of a company',
    description: 'Forward and reverse splits of one company, newest first. Pre/post split prices are as-traded closes around the ex-date; pre/post split shares are the reported cover-page shares outstanding around it (null where none was reported).',
    tag: 'Stock splits',
    params: [identifierParam, formatParam],
    response: { kind: 'schema', schema: { type: 'array', items: splitSchema }, columns: STOCK_SPLIT_COLUMNS },
    formats: ['json', 'excel'],
    // The plan's depth applies: splits before the cutoff are left out (no explicit range to refuse).
    metering: { metered: true, historyDepth: {} },
    pagination: 'none',
    cacheable: true,
    mcp: { tool: 'list_stock_splits', description: 'Stock split history (forward and reverse, ratio, factor, prices and shares around each split) of a US-listed company.' },
    example: { identifier: 'AAPL' },
    async handler(deps, params, ctx) {
      const company = resolveOr404(deps, params.identifier);
      const symbols = company.ticker ? [company.ticker] : [];
      const splits = await companySplits(deps.dataset.splits, company.cik, symbols);
      const cutoff = ctx.historyCutoff;
      return { kind: 'json', value: cutoff === null ? splits : splits.filter((r) => r.split_date >= cutoff) };
    },
  }),
  endpoint({
    id: 'v2.stock_split_calendar',
    method: 'GET',
    path: '/v2/stock-splits',
    family: 'v2',
    summary: 'Stock split calendar',
    description: 'Splits across all tickers in a date range, ordered by ex-date (DESC by default).',
    tag: 'Stock splits',
    params: [
      { name: 'limit', in: 'query', type: 'integer', min: 1, max: SPLIT_CALENDAR_MAX_LIMIT, default: SPLIT_CALENDAR_DEFAULT_LIMIT, description: `Maximum number of splits (default ${SPLIT_CALENDAR_DEFAULT_LIMIT}, at most ${SPLIT_CALENDAR_MAX_LIMIT}).` },
      { name: 'date_start', in: 'query', type: 'date', description: 'Only splits on or after this date (YYYY-MM-DD).' },
      { name: 'date_end', in: 'query', type: 'date', description: 'Only splits on or before this date (YYYY-MM-DD).' },
      { name: 'order', in: 'query', type: 'enum', values: ['ASC', 'DESC'], default: 'DESC', description: 'Sort by ex-date: DESC (default) or ASC.' },
      formatParam,
    ],
    validate: validateDateRange,
    response: { kind: 'schema', schema: { type: 'array', items: splitSchema }, columns: STOCK_SPLIT_COLUMNS },
    formats: ['json', 'excel'],
    // date_start before the plan's depth (or date_end before it) is 403; without date_start the
    // calendar starts at the cutoff.
    metering: { metered: true, historyDepth: { dateStartParam: 'date_start', dateEndParam: 'date_end' } },
    pagination: 'none',
    maxLimit: SPLIT_CALENDAR_MAX_LIMIT,
    cacheable: true,
    mcp: { tool: 'get_stock_split_calendar', description: 'Stock splits across all tickers within a date range (one company\'s history: list_stock_splits).' },
    example: { date_start: '2020-01-01', date_end: '2020-12-31' },
    async handler(deps, params, ctx) {
      return {
        kind: 'json',
        value: await splitCalendar(deps.dataset.splits, {
          dateStart: startWithinHistory(params.date_start, ctx.historyCutoff),
          dateEnd: params.date_end,
          order: params.order === 'ASC' ? 'ASC' : 'DESC',
          limit: params.limit ?? SPLIT_CALENDAR_DEFAULT_LIMIT,
        }),
      };
    },
  }),
];
