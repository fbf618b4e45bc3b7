// metric_definitions: what fields mean and how they are computed, straight from the metric
// registry (unit, description, definition, inputs, reported or derived), filtered by names or by
// record type, a page at a time (limit, offset, total). It is also the assistant form of the REST
// field catalogs (/v2/excel/metrics, /v3.0.0/metrics). Invariant: the text is the registry's.
import { ApiError } from '../service/errors.js';
import { fieldEntries } from '../metrics/registry.js';
import { RECORD_TYPES, type RecordType } from '../model/record-types.js';
import { assistantTool, stringList } from './assistant-tool.js';
import { DEFINITION_SCHEMA, definitionOf, resolveMetric, unknownMetricMessage } from './metric-lookup.js';
import { PAGE_ARGS, pageArgs, pageOf, pageText } from './list-pages.js';
import { errorResult, okResult } from './tool-results.js';
import { inferColumns, renderTsv } from '../service/render-tsv.js';

export const metricDefinitionsTool = assistantTool({
  name: 'metric_definitions',
  title: 'Metric definitions',
  description: 'What a field of tenk\'s records means and how it is computed (unit, description, formula, inputs). Give names (oper_margin, or record_type.field for a field several record types share), or a record_type to list its fields, or neither to page through every field; the names are what compare_companies takes.',
  inputSchema: {
    type: 'object',
    properties: {
      names: { type: 'array', items: { type: 'string' }, maxItems: 100, description: 'Field names, e.g. ["oper_margin", "multiples.pe_ratio"].' },
      record_type: { type: 'string', enum: [...RECORD_TYPES], description: 'Every field of this record type.' },
      ...PAGE_ARGS,
    },
  },
  outputSchema: {
    type: 'object',
    properties: {
      definitions: { type: 'array', items: DEFINITION_SCHEMA },
      total: { type: 'integer' }, offset: { type: 'integer' }, limit: { type: 'integer' }, next_offset: { type: ['integer', 'null'] },
    },
    required: ['definitions', 'total', 'offset', 'limit', 'next_offset'],
  },
}, async (_ctx, args) => {
  const page = pageArgs(args);
  const definitions: Record<string, unknown>[] = [];
  if (args.names !== undefined) {
    const names = stringList(args.names, 100);
    if (!names) throw new ApiError('parameter_invalid', 'names must be a list of 1 to 100 field names', 'names');
    for (const n of names) {
      const m = resolveMetric(n);
      if (!m) return errorResult(unknownMetricMessage(n));
      definitions.push(definitionOf(m.recordType, m.entry));
    }
  } else {
    const rt = args.record_type;
    if (rt !== undefined && !(RECORD_TYPES as readonly unknown[]).includes(rt)) {
      throw new ApiError('parameter_invalid', `record_type must be one of ${RECORD_TYPES.join(', ')}`, 'record_type');
    }
    for (const t of rt === undefined ? RECORD_TYPES : [rt as RecordType]) for (const e of fieldEntries(t)) definitions.push(definitionOf(t, e));
  }
  const p = pageOf('array', definitions, page);
  const { records, ...fields } = p.content;
  return okResult({ definitions: records, ...fields }, undefined, pageText(p, (rows) => renderTsv(inferColumns(rows), rows)));
});
