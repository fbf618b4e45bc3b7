// The generic time-series endpoint over the records table: one registry entry per record type,
// served by the dataset's record-series query. Bodies are the stored JSON records (registry column
// order), so serving is a keyed range read; the plan's history cutoff is a bound of that query.
import type { RecordType } from '../model/record-types.js';
import type { RecordSeriesQuery } from '../dataset/queries/record-queries.js';
import type { PlanName } from '../store/plans.js';
import { ApiError } from './errors.js';
import { startWithinHistory } from './history-depth.js';
import { seriesAt } from '../point-in-time/series-at.js';
import { POINT_IN_TIME_PARAMS, pointInTimeOf, validateAsOf } from './point-in-time-params.js';
import { includeParam, validateInclude, withProvenance } from './provenance-include.js';
import { requireStatements } from './statement-coverage.js';
import { listingBasisOf, onListingBasis } from './listing-basis.js';
import { convertCurrency, currencyParam, withConversionNotes } from './currency-conversion.js';
import { endpoint, param, type ApiDeps, type EndpointDef, type ParamsOf } from './endpoint-types.js';

const TIME_SERIES_DEFAULT_LIMIT = 10;
/** Largest `limit` for statements unless an entry says otherwise (20+ years annual, 80+ quarters). */
export const STATEMENT_MAX_LIMIT = 400;

export const identifierParam = param({
  name: 'identifier', in: 'path', type: 'string', required: true, minLength: 1, maxLength: 40,
  description: 'Ticker (case-insensitive; share classes as BRK-B, BRK.B or BRK/B), SEC CIK (zero-padded or not), CUSIP (9 characters) or ISIN.',
  brief: 'Ticker (AAPL, BRK-B), CIK, CUSIP or ISIN.',
});

export const formatParam = param({
  name: 'format', in: 'query', type: 'enum', values: ['json', 'excel'], default: 'json',
  description: 'json (default): a JSON array of records; excel: tab-separated values with a header row.',
});

/** The spec's shared time-series query parameters, with the entry's own maximum limit. */
function timeSeriesParams(maxLimit: number) {
  return [
    identifierParam,
    param({ name: 'period', in: 'query', type: 'enum', values: ['annual', 'quarterly'], default: 'annual', description: 'Reporting period: annual (default) or quarterly.', brief: 'annual or quarterly.' }),
    param({ name: 'limit', in: 'query', type: 'integer', min: 1, max: maxLimit, default: TIME_SERIES_DEFAULT_LIMIT, description: `Maximum number of periods returned (default ${TIME_SERIES_DEFAULT_LIMIT}, at most ${maxLimit}).`, brief: 'Periods returned.' }),
    param({ name: 'fiscal_year_start', in: 'query', type: 'integer', min: 1900, max: 2200, description: 'Only periods from this fiscal year on.', brief: 'First fiscal year.' }),
    param({ name: 'fiscal_year_end', in: 'query', type: 'integer', min: 1900, max: 2200, description: 'Only periods up to this fiscal year.', brief: 'Last fiscal year.' }),
    param({ name: 'date_start', in: 'query', type: 'date', description: 'Only periods ending on or after this date (YYYY-MM-DD).', brief: 'First period end date.' }),
    param({ name: 'date_end', in: 'query', type: 'date', description: 'Only periods ending on or before this date (YYYY-MM-DD).', brief: 'Last period end date.' }),
    param({ name: 'order', in: 'query', type: 'enum', values: ['ASC', 'DESC'], default: 'DESC', description: 'Sort by period end date: DESC (default, newest first) or ASC.', brief: 'DESC: newest first.' }),
    formatParam,
    ...POINT_IN_TIME_PARAMS,
    includeParam,
    currencyParam,
  ] as const;
}

/** The validated params of a time-series endpoint. */
type TimeSeriesParams = ParamsOf<ReturnType<typeof timeSeriesParams>>;

/** date_start <= date_end (the cross-parameter rule of every endpoint with a date range). */
export function validateDateRange(p: { readonly date_start?: string | undefined; readonly date_end?: string | undefined }): ApiError | null {
  const ds = p.date_start;
  const de = p.date_end;
  if (ds !== undefined && de !== undefined && ds > de) {
    return new ApiError('parameter_invalid', `date_start (${ds}) must not be after date_end (${de})`, 'date_start');
  }
  return null;
}

/** fiscal_year_start <= fiscal_year_end, date_start <= date_end, and a valid as_of. */
function validateTimeSeriesRange(p: TimeSeriesParams): ApiError | null {
  const asOfErr = validateAsOf(p);
  if (asOfErr) return asOfErr;
  const fys = p.fiscal_year_start;
  const fye = p.fiscal_year_end;
  if (fys !== undefined && fye !== undefined && fys > fye) {
    return new ApiError('parameter_invalid', `fiscal_year_start (${fys}) must not be after fiscal_year_end (${fye})`, 'fiscal_year_start');
  }
  return validateDateRange(p);
}

/** The record-series query for one company and record type: the params, with the plan's
 *  history cutoff raising date_start. */
function seriesQuery(recordType: RecordType, cik: string, p: TimeSeriesParams, historyCutoff: string | null): RecordSeriesQuery {
  const ds = p.date_start;
  return {
    cik,
    recordType,
    period: p.period ?? 'annual',
    dateStart: startWithinHistory(ds, historyCutoff),
    dateEnd: p.date_end,
    fiscalYearStart: p.fiscal_year_start,
    fiscalYearEnd: p.fiscal_year_end,
    order: p.order === 'ASC' ? 'ASC' : 'DESC',
    limit: p.limit ?? TIME_SERIES_DEFAULT_LIMIT,
  };
}

/** Resolve the identifier param or throw the 404 every company-scoped endpoint gives. */
export function resolveOr404(deps: ApiDeps, identifier: string) {
  const r = deps.resolver.resolve(identifier);
  if ('error' in r) throw new ApiError('resource_missing', r.error, 'identifier');
  return r;
}

export interface TimeSeriesSpec {
  id: string;
  path: string;
  recordType: RecordType;
  summary: string;
  description: string;
  tag: string;
  maxLimit: number;
  mcpTool: string;
  mcpDescription: string;
  /** The kind of a tool family sharing `mcpTool` (get_ratios: credit, liquidity, ...). */
  mcpKind?: string;
  plans?: readonly PlanName[];
  example?: Readonly<Record<string, string>>;
}

/** A complete registry entry for a record type served from the records table. */
export function timeSeriesEndpoint(spec: TimeSeriesSpec): EndpointDef {
  return endpoint({
    id: spec.id,
    method: 'GET',
    path: spec.path,
    family: 'v2',
    summary: spec.summary,
    description: spec.description,
    tag: spec.tag,
    params: timeSeriesParams(spec.maxLimit),
    validate: (p) => validateTimeSeriesRange(p) ?? validateInclude(p),
    response: { kind: 'records', recordType: spec.recordType },
    formats: ['json', 'excel'],
    metering: { metered: true, historyDepth: { fiscalYearStartParam: 'fiscal_year_start', dateStartParam: 'date_start', fiscalYearEndParam: 'fiscal_year_end', dateEndParam: 'date_end' } },
    ...(spec.plans ? { plans: spec.plans } : {}),
    pagination: 'none',
    maxLimit: spec.maxLimit,
    cacheable: true,
    mcp: { tool: spec.mcpTool, description: spec.mcpDescription, ...(spec.mcpKind ? { kind: spec.mcpKind } : {}) },
    errors: ['statements_not_covered', 'currency_unsupported'],
    example: spec.example ?? { identifier: 'AAPL', limit: '4' },
    async handler(deps, params, ctx) {
      const company = resolveOr404(deps, params.identifier);
      const q = seriesQuery(spec.recordType, company.cik, params, ctx.historyCutoff);
      const at = pointInTimeOf(params);
      const { rows: stored, provenance } = at ? await seriesAt(deps.dataset, company, q, at) : { rows: await deps.dataset.records.series(q), provenance: null };
      // a class listing of a multi-class filer on its own share basis (BRK-B: 1/1,500 of BRK-A)
      const onBasis = onListingBasis(spec.recordType, stored, await listingBasisOf(deps, company));
      // currency=: monetary values converted from the reporting currency
      const { rows, notes } = params.currency === undefined ? { rows: onBasis, notes: null }
        : await convertCurrency(deps, company.cik, spec.recordType, q.period, onBasis, params.currency.toUpperCase());
      // an empty answer of a company the dataset holds no statement of says so (a 404 of its own)
      if (rows.length === 0) await requireStatements(deps, company);
      if (params.include !== 'provenance') return { kind: 'rows', rows };
      // Point-in-time versions carry their own provenance; the current records read theirs.
      const withProv = await withProvenance(deps, rows, company.cik, spec.recordType, q.period, provenance && await provenance());
      return { kind: 'rows', rows: withConversionNotes(withProv, notes) };
    },
  });
}
