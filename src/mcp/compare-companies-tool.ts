// compare_companies: several companies x chosen metrics over a period range, as one table (one
// row per company and period end). Each metric is a metric-registry field; its values come from
// the records endpoint of its record type with the same period/limit/fiscal-year params (and so
// the same validation, plan and history rules as REST). A company the dataset holds no statements
// of gives no row; `notes` says so.
import { ApiError } from '../service/errors.js';
import { renderTsv } from '../service/render-tsv.js';
import { mergeByDate, type MetricTableRow } from '../service/metric-table.js';
import { RECORD_TYPES, type RecordType } from '../model/record-types.js';
import { assistantTool, stringList } from './assistant-tool.js';
import { resolveMetric, unknownMetricMessage, type ResolvedMetric } from './metric-lookup.js';
import { recordsOf } from './registry-lookup.js';
import { errorResult, okResult } from './tool-results.js';

const MAX_COMPANIES = 10;
const MAX_METRICS = 20;
const RANGE_PARAMS = ['period', 'limit', 'fiscal_year_start', 'fiscal_year_end'] as const;

export const compareCompaniesTool = assistantTool({
  name: 'compare_companies',
  title: 'Compare companies',
  description: 'Compare several US-listed companies on chosen metrics over a range of periods in one call (e.g. operating margin of AAPL and MSFT over the last five years: identifiers ["AAPL","MSFT"], metrics ["oper_margin"], limit 5). Metrics are metric-registry field names (metric_definitions lists them), optionally qualified as record_type.field. Returns one row per company and period end, newest first.',
  inputSchema: {
    type: 'object',
    properties: {
      identifiers: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: MAX_COMPANIES, description: 'Tickers, CIKs, CUSIPs or ISINs.' },
      metrics: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: MAX_METRICS, description: 'Field names such as oper_margin, return_com_eqy, pe_ratio, is_sales_revenue_turnover, or record_type.field.' },
      period: { type: 'string', enum: ['annual', 'quarterly'], default: 'annual', description: 'annual (default) or quarterly (derived metrics then use trailing-twelve-month flows).' },
      limit: { type: 'integer', minimum: 1, maximum: 250, default: 5, description: 'Periods per company, newest first (default 5).' },
      fiscal_year_start: { type: 'integer', minimum: 1900, maximum: 2200, description: 'Only periods from this fiscal year on.' },
      fiscal_year_end: { type: 'integer', minimum: 1900, maximum: 2200, description: 'Only periods up to this fiscal year.' },
    },
    required: ['identifiers', 'metrics'],
  },
  outputSchema: {
    type: 'object',
    properties: {
      metrics: {
        type: 'array',
        items: { type: 'object', properties: { name: { type: 'string' }, record_type: { type: 'string', enum: [...RECORD_TYPES] }, unit: { type: 'string' }, description: { type: 'string' } }, required: ['name', 'record_type', 'unit', 'description'] },
      },
      rows: {
        type: 'array',
        description: 'One row per company and period end: identifier, ticker, date, period_label, fiscal_year, then one column per metric (null when not derivable).',
        items: { type: 'object', properties: { identifier: { type: 'string' }, ticker: { type: 'string' }, date: { type: 'string' } }, required: ['identifier', 'date'] },
      },
      notes: { type: 'array', items: { type: 'string' }, description: 'Why a company has no row (e.g. no financial statements for it in this dataset); empty when every company has rows.' },
    },
    required: ['metrics', 'rows', 'notes'],
  },
}, async (ctx, args) => {
  const identifiers = stringList(args.identifiers, MAX_COMPANIES);
  if (!identifiers) throw new ApiError('parameter_invalid', `identifiers must be a list of 1 to ${MAX_COMPANIES} identifiers`, 'identifiers');
  const names = stringList(args.metrics, MAX_METRICS);
  if (!names) throw new ApiError('parameter_invalid', `metrics must be a list of 1 to ${MAX_METRICS} metric names`, 'metrics');
  const metrics: ResolvedMetric[] = [];
  for (const n of names) {
    const m = resolveMetric(n);
    if (!m) return errorResult(unknownMetricMessage(n));
    metrics.push(m);
  }
  const range: Record<string, string> = { limit: '5' };
  for (const p of RANGE_PARAMS) if (args[p] !== undefined && args[p] !== null) range[p] = String(args[p]);
  const types = [...new Set(metrics.map((m) => m.recordType))];
  const rows: MetricTableRow[] = [];
  const notes: string[] = [];
  for (const identifier of identifiers) {
    const records = new Map<RecordType, Record<string, unknown>[]>();
    try {
      for (const rt of types) records.set(rt, await recordsOf(ctx, rt, { ...range, identifier }));
    } catch (err) {
      if (!(err instanceof ApiError && err.row.code === 'statements_not_covered')) throw err;
      notes.push(`${identifier}: ${err.message}`);
      continue;
    }
    rows.push(...mergeByDate(identifier, metrics, records, Number(range.limit)));
  }
  const defs = metrics.map((m) => ({ name: m.name, record_type: m.recordType, unit: m.entry.unit, description: m.entry.description }));
  const legend = defs.map((d) => `${d.name}: ${d.description} (${d.record_type}, ${d.unit})`).join('\n');
  const table = renderTsv(['identifier', 'date', 'period_label', 'fiscal_year', ...metrics.map((m) => m.name)], rows);
  return okResult({ metrics: defs, rows, notes }, undefined, [legend, table, ...notes].join('\n'));
});
