// Registry entries of the exchange calendars (v3, paid plans): one venue's trading hours (a single
// resource) and its holidays of one year (a list envelope, complete in one response).
import { endpoint, param, type EndpointDef } from '../endpoint-types.js';
import { holidayList, tradingHoursResource } from '../handlers/exchange-calendar-resources.js';

const PAID_PLANS = ['individual', 'professional', 'enterprise'] as const;

const codeParam = param({
  name: 'code', in: 'path', type: 'string', required: true, minLength: 1, maxLength: 16, pattern: /^[A-Za-z0-9_-]+$/,
  description: 'Exchange code of /v3.0.0/exchanges (NYSE, NASDAQ, AMEX, ARCA, CBOE) or the ISO 10383 MIC of the calendar '
    + '(XNYS, XNAS, XASE, ARCX, BATS, XTSE, XLON, XETR, XPAR, XJPX, XHKG, XASX), case-insensitive. Venues with no catalog exchange are addressed by MIC.',
});

const nullableString = { type: ['string', 'null'] };
const hhmm = { type: 'string', pattern: '^\\d{2}:\\d{2}$', description: 'local time, HH:MM' };
const sessionSchema = {
  type: 'object',
  properties: {
    open: hhmm, close: hhmm,
    lunch_break: { type: ['object', 'null'], properties: { start: hhmm, end: hhmm }, required: ['start', 'end'], description: 'null where the venue has no lunch break' },
  },
  required: ['open', 'close', 'lunch_break'],
};
const unknownSession = { type: 'null', description: 'always null: no source in the corpus gives pre- or post-market hours' };

const common = {
  method: 'GET' as const,
  family: 'v3' as const,
  tag: 'Exchange calendars (v3)',
  formats: ['json'] as const,
  metering: { metered: true, historyDepth: null },
  plans: PAID_PLANS,
  pagination: 'none' as const,
  // The default date/year come from the clock: not a function of the params alone.
  cacheable: false,
};

export const EXCHANGE_CALENDAR_ENDPOINTS: readonly EndpointDef[] = [
  endpoint({
    ...common, id: 'v3.exchange_trading_hours', path: '/v3.0.0/exchanges/{code}/trading-hours',
    summary: 'Trading hours of an exchange',
    description: 'The regular continuous session in local time (IANA time zone), with the lunch break where the venue has one, in force on `date` '
      + '(default: today in the venue\'s zone), and every regime with its valid_from/valid_to (inclusive; null = open-ended). Paid plans only. '
      + 'Source: exchange_calendars (Apache-2.0). pre_market and post_market are always null: no source in the corpus gives them; auctions are not '
      + 'modelled. Daylight-saving changes follow from the zone. HKEX\'s break is 12:00-13:00 throughout (it was longer before 2012; the source '
      + 'does not record that). The hours do not say whether `date` is a trading day: see the holidays endpoint.',
    params: [
      codeParam,
      { name: 'date', in: 'query', type: 'date', description: 'Answer the regime in force on this local date (YYYY-MM-DD); default today in the venue\'s time zone.' },
    ],
    response: {
      kind: 'schema',
      schema: {
        type: 'object',
        properties: {
          id: { type: 'string', description: 'trh_ plus an opaque token derived from the MIC' },
          object: { const: 'v3.reference.trading_hours' },
          exchange: { ...nullableString, description: 'Catalog exchange code; null for a venue with no catalog exchange' },
          mic: { type: 'string' },
          timezone: { type: 'string', description: 'IANA time zone of every local time' },
          date: { type: 'string', format: 'date', description: 'The local date the session fields describe' },
          regular_session: { ...sessionSchema, type: ['object', 'null'], description: 'The regular session in force on date; null before every regime' },
          pre_market: unknownSession,
          post_market: unknownSession,
          valid_from: { ...nullableString, description: 'First day of the regime in force; null = as far back as the source goes' },
          valid_to: { ...nullableString, description: 'Last day of the regime in force; null = still in force' },
          regimes: {
            type: 'array',
            items: {
              type: 'object',
              properties: { valid_from: nullableString, valid_to: nullableString, regular_session: sessionSchema, pre_market: unknownSession, post_market: unknownSession },
              required: ['valid_from', 'valid_to', 'regular_session', 'pre_market', 'post_market'],
            },
          },
        },
        required: ['id', 'object', 'exchange', 'mic', 'timezone', 'date', 'regular_session', 'pre_market', 'post_market', 'valid_from', 'valid_to', 'regimes'],
      },
    },
    mcp: { tool: 'get_exchange_trading_hours', description: 'Regular trading session (local open, close, lunch break, IANA time zone) of an exchange, by exchange code or MIC, with its history of schedule changes.' },
    example: { code: 'XJPX' },
    handler: async (deps, p, ctx) => ({ kind: 'json', value: await tradingHoursResource(deps, p.code, p.date, ctx.now) }),
  }),
  endpoint({
    ...common, id: 'v3.exchange_holidays', path: '/v3.0.0/exchanges/{code}/holidays',
    summary: 'Holidays and early closes of an exchange',
    description: 'Weekdays of one year on which the exchange is closed (kind closed) or closes early (kind early_close, close_time the local close), '
      + 'ordered by date, complete in one response (both page URLs null). Weekend holidays are left out. Paid plans only. Source: the holidays package '
      + '(MIT) financial calendars, early-close times for HKEX and ASX from exchange_calendars (Apache-2.0). Coverage 2000-2030, except TSX from 2002, '
      + 'HKEX from 2014 and XETRA from 2016; a year outside it is 404. Not in the data: early closes of XETRA, Euronext Paris and JPX; Paris-only '
      + 'closures before 2002 (Paris follows the ECB TARGET calendar); HKEX typhoon and rainstorm closures; the Tokyo Stock Exchange\'s (JPX) 2020-10-01 outage; ASX early closes '
      + 'of 2022-12-23/30 and 2023-12-22/29. close_time is null for ASX early closes without a time in either source (Easter Thursday 2000-2008, 2004-01-02).',
    params: [
      codeParam,
      { name: 'year', in: 'query', type: 'integer', min: 1000, max: 9999, description: 'Calendar year (YYYY); default the current year in the venue\'s time zone.' },
    ],
    response: {
      kind: 'schema',
      schema: {
        type: 'object',
        properties: {
          exchange: { ...nullableString, description: 'Catalog exchange code; null for a venue with no catalog exchange' },
          mic: { type: 'string' },
          timezone: { ...nullableString, description: 'IANA time zone of close_time' },
          year: { type: 'integer' },
          data: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                date: { type: 'string', format: 'date' }, name: { type: 'string' },
                kind: { type: 'string', enum: ['closed', 'early_close'] },
                close_time: { ...nullableString, description: 'Local close time (HH:MM) of an early close; null for closures and where the source has no time' },
              },
              required: ['date', 'name', 'kind', 'close_time'],
            },
          },
          next_page_url: { type: 'null' },
          previous_page_url: { type: 'null' },
        },
        required: ['exchange', 'mic', 'timezone', 'year', 'data', 'next_page_url', 'previous_page_url'],
      },
    },
    mcp: { tool: 'list_exchange_holidays', description: 'Closures and early closes (with local close time) of an exchange in one year, by exchange code or MIC.' },
    example: { code: 'NYSE', year: '2025' },
    handler: async (deps, p, ctx) => ({ kind: 'json', value: await holidayList(deps, p.code, p.year, ctx.now) }),
  }),
];
