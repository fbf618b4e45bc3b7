// Each metric definition as an MCP resource, tenk://metrics/{record_type}/{field}, JSON from the
// metric registry (the same object metric_definitions returns).
import type { ReadResourceResult, Resource } from '@modelcontextprotocol/sdk/types.js';
import { fieldEntries } from '../metrics/registry.js';
import { RECORD_TYPES } from '../model/record-types.js';
import { definitionOf } from './metric-lookup.js';

const PREFIX = 'tenk://metrics/';

let listed: Resource[] | null = null;

/** Every metric definition as a resource (the registry is fixed at load: listed once). */
export function metricResources(): Resource[] {
  if (listed) return listed;
  const out: Resource[] = [];
  for (const rt of RECORD_TYPES) {
    for (const e of fieldEntries(rt)) {
      out.push({ uri: `${PREFIX}${rt}/${e.name}`, name: `${rt}.${e.name}`, description: e.description, mimeType: 'application/json' });
    }
  }
  listed = out;
  return out;
}

/** The resource's content, or null for a URI that names no metric. */
export function readMetricResource(uri: string): ReadResourceResult | null {
  if (!uri.startsWith(PREFIX)) return null;
  const [rt, field, ...rest] = uri.slice(PREFIX.length).split('/');
  if (rest.length > 0 || !(RECORD_TYPES as readonly string[]).includes(rt ?? '')) return null;
  const e = fieldEntries(rt as (typeof RECORD_TYPES)[number]).find((f) => f.name === field);
  if (!e) return null;
  return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(definitionOf(rt as (typeof RECORD_TYPES)[number], e)) }] };
}
