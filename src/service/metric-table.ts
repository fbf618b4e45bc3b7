// The spreadsheet batch: several companies x metrics of any record types over a period range, as
// one wide table (one row per company and period end). Values are the records the single
// endpoints serve (the same bodies, the same history cutoff, the same point in time), merged by
// period end date. A company gives no period only with a reason: its row says why.
import type { RecordType } from '../model/record-types.js';
import type { PointInTime } from '../model/point-in-time.js';
import type { RecordSeriesQuery } from '../dataset/queries/record-queries.js';
import { seriesAt } from '../point-in-time/series-at.js';
import type { ApiDeps } from './endpoint-types.js';
import type { ResolvedMetric } from './metric-catalog.js';
import { listingBasisOf, onListingBasis } from './listing-basis.js';
import { hasStatements, noStatementsMessage } from './statement-coverage.js';

export interface MetricTableRequest {
  /** Identifiers as the client wrote them (ticker, CIK, CUSIP or ISIN). */
  identifiers: readonly string[];
  metrics: readonly ResolvedMetric[];
  period: 'annual' | 'quarterly';
  fiscalYearStart?: number;
  fiscalYearEnd?: number;
  /** Periods per company, newest first. */
  limit: number;
}

/** The columns before the metrics; `error` comes last. */
export const METRIC_TABLE_KEYS = ['identifier', 'ticker', 'date', 'period', 'period_label', 'fiscal_year'] as const;

export type MetricTableRow = Record<string, string | number | boolean | null>;

/** A row of one company with every metric null (its metadata null too until a record fills it). */
function emptyRow(identifier: string, metrics: readonly ResolvedMetric[]): MetricTableRow {
  const row: MetricTableRow = { identifier, ticker: null, date: null, period: null, period_label: null, fiscal_year: null };
  for (const m of metrics) row[m.name] = null;
  return row;
}

/**
 * One company's records of several record types merged by period end date: a row per date,
 * newest first, at most `limit`, each metric from its own record type (null where absent).
 */
export function mergeByDate(
  identifier: string, metrics: readonly ResolvedMetric[], records: ReadonlyMap<RecordType, readonly Record<string, unknown>[]>, limit: number,
): MetricTableRow[] {
  const byDate = new Map<string, MetricTableRow>();
  for (const [rt, recs] of records) {
    for (const rec of recs) {
      const date = String(rec.date);
      let row = byDate.get(date);
      if (!row) {
        row = { ...emptyRow(identifier, metrics), ticker: cell(rec.ticker), date, period: cell(rec.period), period_label: cell(rec.period_label), fiscal_year: cell(rec.fiscal_year) };
        byDate.set(date, row);
      }
      for (const m of metrics) if (m.recordType === rt) row[m.name] = cell(rec[m.entry.name]);
    }
  }
  return [...byDate.values()].sort((a, b) => String(b.date).localeCompare(String(a.date))).slice(0, limit);
}

function cell(v: unknown): string | number | boolean | null {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : null;
}

/** Rows newest first per company, companies in request order. An unknown company, and one the
 *  dataset holds no statement of, is one row with its error; `at` asks for the records as the
 *  time-series endpoints' as_of/first_filed give them (null: the stored records). */
export async function metricTable(deps: ApiDeps, req: MetricTableRequest, historyCutoff: string | null, at: PointInTime | null = null): Promise<MetricTableRow[]> {
  const types = [...new Set(req.metrics.map((m) => m.recordType))];
  const out: MetricTableRow[] = [];
  for (const identifier of req.identifiers) {
    const company = deps.resolver.resolve(identifier);
    if ('error' in company) {
      out.push({ ...emptyRow(identifier, req.metrics), error: company.error });
      continue;
    }
    const records = new Map<RecordType, Record<string, unknown>[]>();
    let found = 0;
    for (const rt of types) {
      const q: RecordSeriesQuery = {
        cik: company.cik, recordType: rt, period: req.period,
        ...(historyCutoff !== null ? { dateStart: historyCutoff } : {}),
        ...(req.fiscalYearStart !== undefined ? { fiscalYearStart: req.fiscalYearStart } : {}),
        ...(req.fiscalYearEnd !== undefined ? { fiscalYearEnd: req.fiscalYearEnd } : {}),
        order: 'DESC', limit: req.limit,
      };
      const stored = at ? (await seriesAt(deps.dataset, company, q, at)).rows : await deps.dataset.records.series(q);
      const bodies = onListingBasis(rt, stored, await listingBasisOf(deps, company));
      found += bodies.length;
      records.set(rt, bodies.map((b) => JSON.parse(b) as Record<string, unknown>));
    }
    if (found === 0 && !(await hasStatements(deps, company))) {
      out.push({ ...emptyRow(identifier, req.metrics), ticker: company.ticker, error: noStatementsMessage(company) });
      continue;
    }
    out.push(...mergeByDate(identifier, req.metrics, records, req.limit).map((r) => ({ ...r, error: null })));
  }
  return out;
}
