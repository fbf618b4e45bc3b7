// Registry entries of the screener: every company at once, filtered on any field (`where`), at its
// latest period, a fiscal year, a date or as of a past day, with the source of each value on
// request. GET /v3.0.0/screener is a v3 list (signed page tokens bound to the whole query; the MCP
// tool screen_companies); GET /v2/screener is the same screen as a JSON array or TSV (format=excel).
import { endpoint, param, type ApiDeps, type EndpointDef, type HandlerContext } from '../endpoint-types.js';
import { ApiError } from '../errors.js';
import { pageTokenParam } from '../keyset-page.js';
import { pageUrl, signPageToken, verifyPageToken, type PageBinding } from '../page-token.js';
import { includeParam, validateInclude } from '../provenance-include.js';
import { formatParam } from '../time-series.js';
import { SCREEN_KINDS } from '../../metrics/screen-fields.js';
import { SCREEN_TEXT_FIELDS } from '../../metrics/screen-fields.js';
import { WHERE_MAX_DEPTH, WHERE_MAX_LENGTH } from '../screener/parse-where.js';
import { parseScreen, STALE_MONTHS, type ParsedScreen, type ScreenParams } from '../screener/screen-request.js';
import { screenSource } from '../screener/screen-source.js';
import { answerColumns, answerRow, rowProvenance, type ScreenAnswerRow } from '../screener/screen-rows.js';
import type { ScreenRequest } from '../../dataset/queries/screen-queries.js';

export const SCREEN_DEFAULT_LIMIT = 50;
export const SCREEN_MAX_LIMIT = 1000;

export const WHERE_GRAMMAR = `An expression over field names: comparisons (>, >=, <, <=, =, !=) with a number, a 'quoted string' or another numeric field; `
  + `\`field between a and b\`, \`field in (a, b, ...)\`, \`field is null\`, \`field is not null\`; combined with and, or, not and parentheses (not binds tightest, then and, then or). `
  + `Numbers take a suffix K, M, B or T (1.5B = 1500000000); \`%\` divides by 100 and applies to ratio fields only (a percent field such as oper_margin is already in percent: write 30, not 30%). `
  + `Fields: every metric field of every record type by its registry name (metric_definitions, /v3.0.0/metrics; a name two record types share is one value), market_cap (the enterprise-value record's, at the period end), `
  + `and the text fields ${SCREEN_TEXT_FIELDS.join(', ')} (compared case-insensitively with =, !=, in). A comparison with a null value is unknown: \`not (x > 1)\` does not keep a company whose x is null (use is null). `
  + `At most ${WHERE_MAX_LENGTH} characters and ${WHERE_MAX_DEPTH} levels of nesting. Example: oper_margin > 30 and net_debt_to_ebitda < 1 and sector = 'Technology'.`;

const SCREEN_PARAMS = [
  param({ name: 'where', in: 'query', type: 'string', description: WHERE_GRAMMAR, brief: "e.g. oper_margin > 30 and sector = 'Technology' (or, not, between, in, is null, 1.5B)" }),
  param({ name: 'period', in: 'query', type: 'enum', values: SCREEN_KINDS, default: 'annual', description: 'annual (default): each company\'s latest fiscal year; quarterly: its latest quarter (statement fields are the quarter\'s, ratio and valuation fields trailing twelve months, as the per-company quarterly records); ttm: trailing twelve months (fields of the derived record types and the balance sheet).', brief: 'Period.' }),
  param({ name: 'fiscal_year', in: 'query', type: 'integer', min: 1900, max: 2200, description: 'Screen each company\'s period of this fiscal year (its latest one in it) instead of its latest.', brief: 'Fiscal year.' }),
  param({ name: 'date_end', in: 'query', type: 'date', description: 'Screen each company\'s latest period ending on or before this day (YYYY-MM-DD).', brief: 'Latest period by then.' }),
  param({ name: 'as_of', in: 'query', type: 'date', description: 'The screen as it would have run that day (YYYY-MM-DD): only filings made by then, prices up to then, each company\'s latest period known then.', brief: 'As of that day.' }),
  param({ name: 'fields', in: 'query', type: 'string', description: 'Comma-separated fields returned after the row\'s own columns; default: the fields named in where and sort.', brief: 'Columns returned.' }),
  param({ name: 'sort', in: 'query', type: 'string', description: 'Comma-separated sort keys, `-` for descending (e.g. -market_cap,symbol): any field, or symbol (ticker), name, date, fiscal_year. Nulls last; ties by symbol.', brief: 'e.g. -market_cap,symbol' }),
  param({ name: 'limit', in: 'query', type: 'integer', min: 1, max: SCREEN_MAX_LIMIT, default: SCREEN_DEFAULT_LIMIT, description: `Rows per page (default ${SCREEN_DEFAULT_LIMIT}, at most ${SCREEN_MAX_LIMIT}).`, brief: 'Rows.' }),
  param({ name: 'include_stale', in: 'query', type: 'boolean', default: false, description: `true: keep companies whose period ends more than ${STALE_MONTHS} months before today (or as_of, or date_end); left out by default.`, brief: 'Keep stale.' }),
  param({ ...includeParam, brief: 'provenance: sources.' }),
] as const;

function validateScreen(p: { readonly fiscal_year?: number | undefined; readonly date_end?: string | undefined; readonly include?: string | undefined; readonly format?: string | undefined }): ApiError | null {
  if (p.fiscal_year !== undefined && p.date_end !== undefined) return new ApiError('parameter_invalid', 'give fiscal_year or date_end, not both', 'date_end');
  return validateInclude(p);
}

/** A row: its own columns (strings or null; fiscal_year an integer), then the requested fields
 *  (numbers, text or null) and, with include=provenance, `provenance` (an object). */
const rowSchema = {
  type: 'object',
  description: 'symbol, name, cik, exchange, sector, date (period end), fiscal_year (integer), period_label, then the requested fields; provenance with include=provenance',
};

/** The screen of a request: its parsed params, with as_of refused (403) when it is older than the plan's history. */
function screenOf(p: ScreenParams, ctx: HandlerContext): ParsedScreen {
  if (p.as_of !== undefined && ctx.historyCutoff !== null && p.as_of < ctx.historyCutoff) {
    throw new ApiError('history_beyond_plan', `Your plan includes history from ${ctx.historyCutoff} on; as_of=${p.as_of} is older. Upgrade to a plan with deeper history or request a later as_of.`, 'as_of');
  }
  return parseScreen(p, new Date(ctx.now).toISOString().slice(0, 10), ctx.historyCutoff);
}

async function screenRows(deps: ApiDeps, s: ParsedScreen, include: string | undefined, limit: number, offset: number): Promise<ScreenAnswerRow[]> {
  const columns = s.fields.filter((f) => !(SCREEN_TEXT_FIELDS as readonly string[]).includes(f));
  const req: ScreenRequest = { kind: s.kind, period: s.period, filter: s.filter, minDate: s.minDate, sort: s.sort, columns, limit, offset };
  const rows = await screenSource(deps.dataset, s.asOf).rows(req);
  const out: ScreenAnswerRow[] = [];
  for (const r of rows) {
    const row = answerRow(r, s.fields);
    if (include === 'provenance' && r !== undefined) row.provenance = await rowProvenance(deps, r, s.kind, columns, s.asOf);
    out.push(row);
  }
  return out;
}

const common = {
  method: 'GET' as const,
  tag: 'Screener',
  metering: { metered: true, historyDepth: { fiscalYearEndParam: 'fiscal_year', dateEndParam: 'date_end' } },
  cacheable: false,
  maxLimit: SCREEN_MAX_LIMIT,
};

const EXAMPLE = { where: "oper_margin > 30 and net_debt_to_ebitda < 1 and sector = 'Technology'", sort: '-market_cap', limit: '5' };

export const SCREENER_ENDPOINTS: readonly EndpointDef[] = [
  endpoint({
    ...common, id: 'v3.screener', path: '/v3.0.0/screener', family: 'v3', pagination: 'cursor',
    summary: 'Screen every company',
    description: 'Every company at once, filtered by `where` on any metric field (and the profile\'s sector, industry, exchange, country, currency), '
      + 'at each company\'s latest period (or a fiscal year, a date, or as of a past day), sorted, with the source of each value on request. '
      + `A v3 list: follow next_page_url (tokens are signed and bound to the whole query). Companies whose period ends more than ${STALE_MONTHS} months before the day screened are left out unless include_stale=true. One screen counts as one request.`,
    params: [...SCREEN_PARAMS, pageTokenParam()],
    validate: validateScreen,
    response: {
      kind: 'schema',
      schema: {
        type: 'object',
        properties: { data: { type: 'array', items: rowSchema }, next_page_url: { type: ['string', 'null'] }, previous_page_url: { type: ['string', 'null'] } },
        required: ['data', 'next_page_url', 'previous_page_url'],
      },
    },
    formats: ['json'],
    mcp: { tool: 'screen_companies', folded: true },
    example: EXAMPLE,
    async handler(deps, p, ctx) {
      const s = screenOf(p, ctx);
      const filters: PageBinding['filters'] = {
        where: p.where, period: p.period, fiscal_year: p.fiscal_year, date_end: p.date_end, as_of: p.as_of, fields: p.fields, include: p.include, include_stale: p.include_stale,
      };
      const binding: PageBinding = { resource: 'v3.screen', path: ctx.path.replace(/\/+$/, ''), filters, order: p.sort ?? '', limit: p.limit };
      let offset = 0;
      if (p.page !== undefined) {
        const m = /^o:(\d{1,9})$/.exec(verifyPageToken(deps.secret, p.page, binding, ctx.now));
        if (!m) throw new ApiError('page_token_invalid', 'The page token is malformed.', 'page');
        offset = Number(m[1]);
      }
      const rows = await screenRows(deps, s, p.include, p.limit + 1, offset);
      const link = (o: number) => pageUrl(ctx.baseUrl, binding.path, ctx.query, p.limit, signPageToken(deps.secret, binding, `o:${o}`, ctx.now));
      return {
        kind: 'json',
        value: {
          data: rows.slice(0, p.limit),
          next_page_url: rows.length > p.limit ? link(offset + p.limit) : null,
          previous_page_url: offset > 0 ? link(Math.max(0, offset - p.limit)) : null,
        },
      };
    },
  }),
  endpoint({
    ...common, id: 'v2.screener', path: '/v2/screener', family: 'v2', pagination: 'none',
    summary: 'Screener',
    description: 'The screen of /v3.0.0/screener as one JSON array of at most `limit` rows, or tab-separated values with format=excel (a spreadsheet can IMPORTDATA it).',
    params: [...SCREEN_PARAMS, formatParam],
    validate: validateScreen,
    response: { kind: 'schema', schema: { type: 'array', items: rowSchema } },
    formats: ['json', 'excel'],
    mcp: {
      tool: 'screen_companies',
      description: 'Companies matching where, all at once. Fields: metric_definitions names (percents in percent), market_cap, sector, industry, exchange, country, currency.',
    },
    example: EXAMPLE,
    async handler(deps, p, ctx) {
      const s = screenOf(p, ctx);
      // the TSV header is the screen's columns, also when no company matches
      return { kind: 'json', value: await screenRows(deps, s, p.include, p.limit, 0), columns: answerColumns(s.fields) };
    },
  }),
];
