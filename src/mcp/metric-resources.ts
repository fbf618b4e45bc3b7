// Metric definitions as MCP resources, JSON from the metric registry: one field,
// tenk://metrics/{record_type}/{field} (the object metric_definitions returns), and every field of
// a record type, tenk://metrics/{record_type}. Both URI templates are advertised; every URI they
// expand to that names a registry entry is listed and readable.
import type { ReadResourceResult, Resource, ResourceTemplate } from '@modelcontextprotocol/sdk/types.js';
import { fieldEntries } from '../metrics/registry.js';
import { RECORD_TYPES, type RecordType } from '../model/record-types.js';
import { definitionOf } from './metric-lookup.js';

const PREFIX = 'tenk://metrics/';
const JSON_TYPE = 'application/json';

/** The URI templates of the metric resources (resources/templates/list). */
export const METRIC_RESOURCE_TEMPLATES: readonly ResourceTemplate[] = [
  {
    uriTemplate: `${PREFIX}{record_type}/{field}`, name: 'metric_definition', title: 'Metric definition', mimeType: JSON_TYPE,
    description: `What one field means and how it is computed: unit, description, definition, inputs, kind (reported, derived or copied). record_type is one of ${RECORD_TYPES.join(', ')}; field is one of its fields (e.g. tenk://metrics/profitability/oper_margin).`,
  },
  {
    uriTemplate: `${PREFIX}{record_type}`, name: 'record_type_metrics', title: 'Metric definitions of a record type', mimeType: JSON_TYPE,
    description: `Every field definition of one record type, in the records' field order. record_type is one of ${RECORD_TYPES.join(', ')}.`,
  },
];

let listed: Resource[] | null = null;

/** Every record type and every metric definition as a resource (the registry is fixed at load: listed once). */
export function metricResources(): Resource[] {
  if (listed) return listed;
  const out: Resource[] = [];
  for (const rt of RECORD_TYPES) {
    out.push({ uri: `${PREFIX}${rt}`, name: rt, description: `Every field definition of the ${rt} records.`, mimeType: JSON_TYPE });
    for (const e of fieldEntries(rt)) {
      out.push({ uri: `${PREFIX}${rt}/${e.name}`, name: `${rt}.${e.name}`, description: e.description, mimeType: JSON_TYPE });
    }
  }
  listed = out;
  return out;
}

function isRecordType(s: string | undefined): s is RecordType {
  return (RECORD_TYPES as readonly string[]).includes(s ?? '');
}

/** The resource's content, or null for a URI that names no record type or metric. */
export function readMetricResource(uri: string): ReadResourceResult | null {
  if (!uri.startsWith(PREFIX)) return null;
  const [rt, field, ...rest] = uri.slice(PREFIX.length).split('/');
  if (rest.length > 0 || !isRecordType(rt)) return null;
  if (field === undefined) {
    const definitions = fieldEntries(rt).map((e) => definitionOf(rt, e));
    return { contents: [{ uri, mimeType: JSON_TYPE, text: JSON.stringify({ record_type: rt, definitions }) }] };
  }
  const e = fieldEntries(rt).find((f) => f.name === field);
  if (!e) return null;
  return { contents: [{ uri, mimeType: JSON_TYPE, text: JSON.stringify(definitionOf(rt, e)) }] };
}
