// Registry entry of the spreadsheet batch: POST /v2/excel/data with a JSON body naming tickers,
// metrics (catalog names, any record types), period and range; one wide table back, JSON or
// TSV (format=excel) for a spreadsheet, as of a point in time with the time-series endpoints'
// query parameters (as_of, first_filed). One call counts as one request; the plan's history applies.
import { endpoint, type EndpointDef } from '../endpoint-types.js';
import { ApiError } from '../errors.js';
import { resolveMetric, type ResolvedMetric } from '../metric-catalog.js';
import { METRIC_TABLE_KEYS, metricTable, type MetricTableRequest } from '../metric-table.js';
import { formatParam } from '../time-series.js';
import { checkExplicitHistory } from '../history-depth.js';
import { POINT_IN_TIME_PARAMS, pointInTimeOf, validateAsOf } from '../point-in-time-params.js';

export const EXCEL_MAX_TICKERS = 50;
export const EXCEL_MAX_METRICS = 100;
const EXCEL_MAX_LIMIT = 40;
const EXCEL_DEFAULT_LIMIT = 10;
/** Largest request body (50 tickers x 100 metric names fit in a few kB). */
export const EXCEL_MAX_BODY_BYTES = 64 * 1024;

const BODY_KEYS = new Set(['tickers', 'metrics', 'period', 'fiscal_year_start', 'fiscal_year_end', 'limit']);
/** Query parameters a client may put in the body by mistake: the 422 says where they go. */
const QUERY_KEYS = new Set<string>(POINT_IN_TIME_PARAMS.map((p) => p.name));

/** History applies with no query start parameter (the hook sets the cutoff); the body's
 *  fiscal_year_start is checked by the handler with BODY_START. */
const HISTORY = {};
const BODY_START = { fiscalYearStartParam: 'fiscal_year_start' };

const bodyError = (message: string) => new ApiError('body_invalid', message, 'body');

function stringList(v: unknown, what: string, max: number): string[] {
  if (!Array.isArray(v) || v.length === 0 || v.length > max) throw bodyError(`${what} must be an array of 1 to ${max} strings`);
  const out: string[] = [];
  for (const x of v) {
    if (typeof x !== 'string' || x.trim() === '' || x.length > 60) throw bodyError(`${what} must hold non-empty strings of at most 60 characters`);
    out.push(x.trim());
  }
  return out;
}

function optionalInt(v: unknown, what: string, min: number, max: number): number | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) throw bodyError(`${what} must be an integer between ${min} and ${max}`);
  return v;
}

/** The body as a table request; every problem is a 422 naming the field (or the unknown metrics). */
export function parseExcelDataBody(body: unknown): MetricTableRequest {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw bodyError('The body must be a JSON object: {"tickers": [...], "metrics": [...], "period": "annual"}');
  const b = body as Record<string, unknown>;
  const unknownKeys = Object.keys(b).filter((k) => !BODY_KEYS.has(k));
  if (unknownKeys.length > 0) {
    const inQuery = unknownKeys.some((k) => QUERY_KEYS.has(k)) ? `; ${[...QUERY_KEYS].join(' and ')} are query parameters (POST /v2/excel/data?as_of=YYYY-MM-DD)` : '';
    throw bodyError(`Unknown body field${unknownKeys.length > 1 ? 's' : ''}: ${unknownKeys.slice(0, 5).map((k) => k.slice(0, 40)).join(', ')} (accepted: ${[...BODY_KEYS].join(', ')}${inQuery})`);
  }
  const identifiers = stringList(b.tickers, 'tickers', EXCEL_MAX_TICKERS);
  const names = stringList(b.metrics, 'metrics', EXCEL_MAX_METRICS);
  const metrics: ResolvedMetric[] = [];
  const unknown: string[] = [];
  for (const n of new Set(names)) {
    const m = resolveMetric(n);
    if (m) metrics.push(m); else unknown.push(n);
  }
  if (unknown.length > 0) throw bodyError(`Unknown metric${unknown.length > 1 ? 's' : ''}: ${unknown.slice(0, 10).join(', ')} (GET /v2/excel/metrics lists them; qualify as record_type.field where a name is in several record types)`);
  const period = b.period ?? 'annual';
  if (period !== 'annual' && period !== 'quarterly') throw bodyError('period must be "annual" or "quarterly"');
  const fiscalYearStart = optionalInt(b.fiscal_year_start, 'fiscal_year_start', 1900, 2200);
  const fiscalYearEnd = optionalInt(b.fiscal_year_end, 'fiscal_year_end', 1900, 2200);
  if (fiscalYearStart !== undefined && fiscalYearEnd !== undefined && fiscalYearStart > fiscalYearEnd) {
    throw bodyError(`fiscal_year_start (${fiscalYearStart}) must not be after fiscal_year_end (${fiscalYearEnd})`);
  }
  const limit = optionalInt(b.limit, 'limit', 1, EXCEL_MAX_LIMIT) ?? EXCEL_DEFAULT_LIMIT;
  return {
    identifiers, metrics, period, limit,
    ...(fiscalYearStart !== undefined ? { fiscalYearStart } : {}), ...(fiscalYearEnd !== undefined ? { fiscalYearEnd } : {}),
  };
}

export const EXCEL_DATA_ENDPOINTS: readonly EndpointDef[] = [
  endpoint({
    id: 'v2.excel_data',
    method: 'POST',
    path: '/v2/excel/data',
    family: 'v2',
    summary: 'Batch of metrics for several tickers (spreadsheets)',
    description: `Any mix of catalog metrics (GET /v2/excel/metrics; a bare name is the first record type that has it, record_type.field picks one) for up to ${EXCEL_MAX_TICKERS} tickers and ${EXCEL_MAX_METRICS} metrics, up to ${EXCEL_MAX_LIMIT} periods each (default ${EXCEL_DEFAULT_LIMIT}, newest first): one row per ticker and period end with identifier, ticker, date, period, period_label, fiscal_year, the metrics in the order asked, and error. An unknown ticker, or a company the dataset holds no financial statements of, is one row with its error (the others still answer); an unknown metric or a malformed body is 422. as_of and first_filed (query parameters) take the values from the records the time-series endpoints give with the same as_of and first_filed. The body is JSON (Content-Type: application/json, at most 64 kB). One call counts as one request; the plan's history depth clips the periods. format=excel gives the table as TSV.`,
    tag: 'Spreadsheets',
    params: [formatParam, ...POINT_IN_TIME_PARAMS],
    validate: (p) => validateAsOf(p),
    body: {
      maxBytes: EXCEL_MAX_BODY_BYTES,
      schema: {
        type: 'object',
        properties: {
          tickers: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: EXCEL_MAX_TICKERS, description: 'Tickers, CIKs, CUSIPs or ISINs.' },
          metrics: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: EXCEL_MAX_METRICS, description: 'Catalog field names, or record_type.field.' },
          period: { type: 'string', enum: ['annual', 'quarterly'], default: 'annual' },
          fiscal_year_start: { type: 'integer' },
          fiscal_year_end: { type: 'integer' },
          limit: { type: 'integer', minimum: 1, maximum: EXCEL_MAX_LIMIT, default: EXCEL_DEFAULT_LIMIT, description: 'Periods per ticker, newest first.' },
        },
        required: ['tickers', 'metrics'],
        additionalProperties: false,
      },
      example: { tickers: ['AAPL', 'MSFT'], metrics: ['is_sales_revenue_turnover', 'oper_margin', 'pe_ratio'], period: 'annual', limit: 3 },
    },
    response: {
      kind: 'schema',
      schema: {
        type: 'array',
        items: {
          type: 'object',
          description: 'identifier, ticker, date, period, period_label, fiscal_year, then one column per requested metric (null when not derivable), then error (null, or why the identifier gave no rows: unknown, or no financial statements in this dataset).',
          properties: Object.fromEntries([...METRIC_TABLE_KEYS, 'error'].map((k) => [k, {}])),
        },
      },
    },
    formats: ['json', 'excel'],
    metering: { metered: true, historyDepth: HISTORY },
    pagination: 'none',
    cacheable: false,
    mcp: { tool: 'get_metric_table', description: 'Several companies x metrics (any record types) over a period range as one table, one row per company and period.' },
    example: {},
    async handler(deps, params, ctx) {
      const req = parseExcelDataBody(ctx.body);
      // an explicit start older than the plan's depth is refused as on statements; else clipped
      if (ctx.key) checkExplicitHistory(ctx.key.plan, ctx.historyCutoff, BODY_START, { fiscal_year_start: req.fiscalYearStart });
      return { kind: 'json', value: await metricTable(deps, req, ctx.historyCutoff, pointInTimeOf(params)) };
    },
  }),
];
