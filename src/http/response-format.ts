// The response format of an endpoint result: JSON (records-table rows joined as stored, other
// values stringified) or, for format=excel, tab-separated values in the registry's columns, set
// as the reply's serializer; binary results go out as they are (or 304 with no body when the
// request's If-None-Match names their ETag). Invariant: the Content-Type always matches the
// serializer that writes the body.
import type { FastifyReply } from 'fastify';
import { recordColumns } from '../metrics/registry.js';
import type { EndpointDef, EndpointResult } from '../service/endpoint-types.js';
import { inferColumns, renderTsv } from '../service/render-tsv.js';
import { ifNoneMatchHits } from './conditional-get.js';

export const JSON_TYPE = 'application/json; charset=utf-8';
const TSV_TYPE = 'text/tab-separated-values; charset=utf-8';

type TextResult = Exclude<EndpointResult, { kind: 'binary' }>;

function columnsOf(e: EndpointDef, rows: readonly Record<string, unknown>[]): readonly string[] {
  if (e.response.kind === 'records') return recordColumns(e.response.recordType);
  if (e.response.kind === 'schema' && e.response.columns) return e.response.columns;
  return inferColumns(rows);
}

/** Rows a JSON result offers to TSV: an array, a v3 list envelope's data, or one object. */
function rowsOf(value: unknown): Record<string, unknown>[] {
  if (Array.isArray(value)) return value as Record<string, unknown>[];
  if (value && typeof value === 'object') {
    const data = (value as { data?: unknown }).data;
    if (Array.isArray(data)) return data as Record<string, unknown>[];
    return [value as Record<string, unknown>];
  }
  return [];
}

function serializeJson(result: TextResult): string {
  return result.kind === 'rows' ? `[${result.rows.join(',')}]` : JSON.stringify(result.value);
}

function tsvSerializer(e: EndpointDef): (result: TextResult) => string {
  return (result) => {
    const rows = result.kind === 'rows' ? result.rows.map((r) => JSON.parse(r) as Record<string, unknown>) : rowsOf(result.value);
    return renderTsv(result.kind === 'json' && result.columns ? result.columns : columnsOf(e, rows), rows);
  };
}

/** Sends a handler's result in the requested format (`excel` or `json`). */
export function sendResult(reply: FastifyReply, e: EndpointDef, result: EndpointResult, format: string): FastifyReply {
  if (result.kind === 'binary') {
    if (result.headers) for (const [k, v] of Object.entries(result.headers)) reply.header(k, v);
    if (result.etag !== undefined) {
      reply.header('ETag', result.etag);
      if (ifNoneMatchHits(reply.request.headers['if-none-match'], result.etag)) return reply.code(304).send();
    }
    return reply.header('Content-Type', result.contentType).send(result.body);
  }
  if (format === 'excel') return reply.header('Content-Type', TSV_TYPE).serializer(tsvSerializer(e)).send(result);
  return reply.header('Content-Type', JSON_TYPE).serializer(serializeJson).send(result);
}
