// Registry entries of the field catalog: /v2/excel/metrics (for spreadsheets, TSV with
// format=excel) and the v3 metric-definition list (unpaginated; optional record-type and
// category filters). Both list every metric-registry field once (src/service/metric-catalog.ts).
import { RECORD_TYPES } from '../../model/record-types.js';
import { endpoint, param, type EndpointDef } from '../endpoint-types.js';
import { CATALOG_COLUMNS, METRIC_CATEGORIES, metricCatalog } from '../metric-catalog.js';
import { formatParam } from '../time-series.js';
import { ApiError } from '../errors.js';

const fieldSchema: Record<string, unknown> = {
  type: 'object',
  properties: {
    id: { type: 'string', description: 'met_ followed by a stable token' },
    name: { type: 'string', description: 'The field name as it appears in records.' },
    record_type: { type: 'string', enum: [...RECORD_TYPES] },
    category: { type: 'string', enum: [...METRIC_CATEGORIES] },
    endpoint: { type: 'string', description: 'Path of the endpoint whose records carry the field.' },
    unit: { type: 'string', description: 'currency, percent, ratio, days, shares, per_share, date or text' },
    description: { type: 'string' },
    definition: { type: 'string', description: 'How the value is obtained (docs/metrics.md).' },
    source: { type: 'string', enum: ['reported', 'computed'] },
  },
  required: [...CATALOG_COLUMNS],
};

const filters = [
  param({ name: 'record_type', in: 'query', type: 'enum', values: RECORD_TYPES, description: 'Only the fields of this record type.' }),
  param({ name: 'category', in: 'query', type: 'enum', values: METRIC_CATEGORIES, description: 'Only the fields of this category: statement, ratio, valuation or per_share.' }),
] as const;

function select(recordType: string | undefined, category: string | undefined) {
  return metricCatalog().filter((f) => (recordType === undefined || f.record_type === recordType) && (category === undefined || f.category === category));
}

export const METRIC_CATALOG_ENDPOINTS: readonly EndpointDef[] = [
  endpoint({
    id: 'v2.excel_metrics',
    method: 'GET',
    path: '/v2/excel/metrics',
    family: 'v2',
    summary: 'Field catalog for spreadsheets',
    description: 'Every field tenk serves in its period records, from the metric registry: record type, category, endpoint, unit, description and definition. format=excel gives TSV for a spreadsheet\'s IMPORTDATA; the names are what POST /v2/excel/data accepts.',
    tag: 'Spreadsheets',
    params: [...filters, formatParam],
    response: { kind: 'schema', schema: { type: 'array', items: fieldSchema }, columns: CATALOG_COLUMNS },
    formats: ['json', 'excel'],
    metering: { metered: true, historyDepth: null },
    pagination: 'none',
    cacheable: true,
    mcp: { tool: 'metric_definitions', folded: true },
    example: { record_type: 'multiples' },
    handler: (_deps, params) => ({ kind: 'json', value: select(params.record_type, params.category) }),
  }),
  endpoint({
    id: 'v3.metrics',
    method: 'GET',
    path: '/v3.0.0/metrics',
    family: 'v3',
    summary: 'Metric definitions',
    description: 'Every metric definition as a v3 list, complete in one response (limit, page or order: 400): id (met_), object, name, record type, category, unit, description and definition. Optional filters by record type or category.',
    tag: 'Reference (v3)',
    params: filters,
    response: {
      kind: 'schema',
      schema: {
        type: 'object',
        properties: {
          data: { type: 'array', items: { ...fieldSchema, properties: { ...(fieldSchema.properties as object), object: { const: 'v3.reference.metric' } } } },
          next_page_url: { type: 'null' }, previous_page_url: { type: 'null' },
        },
        required: ['data', 'next_page_url', 'previous_page_url'],
      },
    },
    formats: ['json'],
    metering: { metered: true, historyDepth: null },
    pagination: 'none',
    // not cached: a cached hit would skip the handler's refusal of limit, page and order (the
    // list is built once per process anyway)
    cacheable: false,
    mcp: { tool: 'metric_definitions', folded: true },
    example: { category: 'valuation' },
    handler: (_deps, params, ctx) => {
      // the spec: this list is unpaginated and accepts no limit, page or order (refused, not ignored)
      const paging = ['limit', 'page', 'order'].filter((k) => k in ctx.query);
      if (paging.length > 0) throw new ApiError('parameter_invalid', `The metric list is complete in one response and accepts no ${paging.join(', ')}.`, paging[0]);
      return {
        kind: 'json',
        value: {
          data: select(params.record_type, params.category).map(({ id, ...f }) => ({ id, object: 'v3.reference.metric', ...f })),
          next_page_url: null, previous_page_url: null,
        },
      };
    },
  }),
];
