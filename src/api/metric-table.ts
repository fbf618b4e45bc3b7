// The spreadsheet batch: several companies x metrics of any record types over a period range, as
// one wide table (one row per company and period end). Values are the records the single
// endpoints serve (the same stored bodies, the same history cutoff), merged by period end date.
import type { RecordType } from '../model/record-types.js';
import type { ApiDeps } from './endpoint-types.js';
import type { ResolvedMetric } from './metric-catalog.js';

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

/** Rows newest first per company, companies in request order; an unknown company is one row with its error. */
export async function metricTable(deps: ApiDeps, req: MetricTableRequest, historyCutoff: string | null): Promise<MetricTableRow[]> {
  const types = [...new Set(req.metrics.map((m) => m.recordType))];
  const empty = (identifier: string): MetricTableRow => {
    const row: MetricTableRow = { identifier, ticker: null, date: null, period: null, period_label: null, fiscal_year: null };
    for (const m of req.metrics) row[m.name] = null;
    return row;
  };
  const out: MetricTableRow[] = [];
  for (const identifier of req.identifiers) {
    const company = deps.resolver.resolve(identifier);
    if ('error' in company) {
      out.push({ ...empty(identifier), error: company.error });
      continue;
    }
    const byDate = new Map<string, MetricTableRow>();
    for (const rt of types) {
      const bodies = await deps.dataset.records.series({
        cik: company.cik, recordType: rt as RecordType, period: req.period,
        ...(historyCutoff !== null ? { dateStart: historyCutoff } : {}),
        ...(req.fiscalYearStart !== undefined ? { fiscalYearStart: req.fiscalYearStart } : {}),
        ...(req.fiscalYearEnd !== undefined ? { fiscalYearEnd: req.fiscalYearEnd } : {}),
        order: 'DESC', limit: req.limit,
      });
      for (const body of bodies) {
        const rec = JSON.parse(body) as Record<string, string | number | null>;
        const date = String(rec.date);
        let row = byDate.get(date);
        if (!row) {
          row = { ...empty(identifier), ticker: rec.ticker ?? null, date, period: rec.period ?? null, period_label: rec.period_label ?? null, fiscal_year: rec.fiscal_year ?? null };
          byDate.set(date, row);
        }
        for (const m of req.metrics) if (m.recordType === rt) row[m.name] = rec[m.entry.name] ?? null;
      }
    }
    const rows = [...byDate.values()].sort((a, b) => String(b.date).localeCompare(String(a.date))).slice(0, req.limit);
    out.push(...rows.map((r) => ({ ...r, error: null })));
  }
  return out;
}
