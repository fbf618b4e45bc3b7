// OpenAPI 3.1 document generated from the endpoint registry and the metric registry: every
// route, parameter, record schema, format, error body and rate-limit header. Nothing here is
// written by hand per endpoint, so the document cannot drift from the routes.
import type { RecordType } from '../model/record-types.js';
import { PLANS, PLAN_NAMES } from '../store/plans.js';
import { ERROR_TABLE, type ErrorRow } from '../service/errors.js';
import type { EndpointDef } from '../service/endpoint-types.js';
import { paramSchema, recordSchema, recordSchemaName, type Json } from '../service/json-schemas.js';

const RATE_HEADERS: Json = {
  'Request-Id': { $ref: '#/components/headers/RequestId' },
  'X-RateLimit-Limit': { $ref: '#/components/headers/RateLimitLimit' },
  'X-RateLimit-Remaining': { $ref: '#/components/headers/RateLimitRemaining' },
  'X-RateLimit-Reset': { $ref: '#/components/headers/RateLimitReset' },
};

/** Binary results (logos) may be kept by clients: a strong ETag per variant and Cache-Control. */
const BINARY_HEADERS: Json = {
  ETag: { description: 'Strong entity tag of this variant; send it back as If-None-Match', schema: { type: 'string' } },
  'Cache-Control': { description: 'How long clients may reuse the bytes', schema: { type: 'string' } },
};

function errorResponse(family: EndpointDef['family'], description: string, extraHeaders: Json = {}): Json {
  const schema = family === 'v3' ? '#/components/schemas/V3Error' : '#/components/schemas/V2Error';
  return {
    description,
    headers: { 'Request-Id': { $ref: '#/components/headers/RequestId' }, 'Cache-Control': { $ref: '#/components/headers/NoStore' }, ...extraHeaders },
    content: { 'application/json': { schema: { $ref: schema } } },
  };
}

function operation(e: EndpointDef): Json {
  const json: Json =
    e.response.kind === 'records'
      ? { type: 'array', items: { $ref: `#/components/schemas/${recordSchemaName(e.response.recordType)}` } }
      : e.response.kind === 'schema' ? e.response.schema : {};
  const content: Json = {};
  if (e.response.kind === 'binary') {
    for (const ct of e.response.contentTypes) content[ct] = { schema: { type: 'string', contentEncoding: 'binary' } };
  } else {
    if (e.formats.includes('json')) content['application/json'] = { schema: json };
    if (e.formats.includes('excel')) content['text/tab-separated-values'] = { schema: { type: 'string', description: 'Header row, then one row per record (format=excel)' } };
  }
  const okHeaders: Json = e.metering.metered ? { ...RATE_HEADERS } : { 'Request-Id': { $ref: '#/components/headers/RequestId' } };
  if (e.response.kind === 'binary') Object.assign(okHeaders, BINARY_HEADERS);
  const responses: Json = {
    200: { description: e.summary, headers: okHeaders, content },
    [e.family === 'v2' ? 422 : 400]: errorResponse(e.family, 'Invalid parameter'),
    401: errorResponse(e.family, 'Missing, malformed, unknown or revoked API key'),
    404: errorResponse(e.family, 'Unknown identifier or resource'),
    429: errorResponse(e.family, 'Rate limit exceeded', { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } }),
    500: errorResponse(e.family, 'Unexpected failure (redacted)'),
  };
  if (e.response.kind === 'binary') responses[304] = { description: 'Not modified: If-None-Match named this variant\'s ETag (empty body)', headers: { ...okHeaders } };
  if (e.metering.historyDepth) responses[403] = errorResponse(e.family, 'History requested beyond the plan');
  if (e.plans) responses[402] = errorResponse(e.family, 'Plan does not include this endpoint');
  if (e.body) responses[413] = errorResponse(e.family, `Request body over ${e.body.maxBytes} bytes`);
  // the entry's own codes, named in the description of their status's response
  for (const code of e.errors ?? []) {
    const row: ErrorRow = ERROR_TABLE[code];
    const status = e.family === 'v3' ? row.status : row.v2Status ?? row.status;
    const prev = responses[status] as { description: string } | undefined;
    if (prev) prev.description = `${prev.description}; code ${code}: ${row.message}`;
    else responses[status] = errorResponse(e.family, `code ${code}: ${row.message}`);
  }
  return {
    operationId: e.id.replace(/[^A-Za-z0-9_]/g, '_'),
    summary: e.summary,
    description: e.description + (e.maxLimit ? ` At most ${e.maxLimit} periods per request.` : ''),
    tags: [e.tag],
    security: e.family === 'v3' ? [{ bearerAuth: [] }, { apiKeyQuery: [] }] : [{ apiKeyQuery: [] }],
    parameters: e.params.map((p) => ({
      name: p.name, in: p.in, required: p.in === 'path' ? true : Boolean(p.required), description: p.description, schema: paramSchema(p),
    })),
    ...(e.body ? { requestBody: { required: true, content: { 'application/json': { schema: e.body.schema } } } } : {}),
    responses,
    'x-tenk-endpoint-id': e.id,
    'x-tenk-mcp-tool': e.mcp.tool,
    ...(e.mcp.kind !== undefined ? { 'x-tenk-mcp-kind': e.mcp.kind } : {}),
    'x-tenk-pagination': e.pagination,
  };
}

export interface OpenApiOptions { version: string; serverUrl?: string }

export function buildOpenApi(endpoints: readonly EndpointDef[], opts: OpenApiOptions): Json {
  const paths: Record<string, Json> = {};
  const recordTypes = new Set<RecordType>();
  for (const e of endpoints) {
    (paths[e.path] ??= {})[e.method.toLowerCase()] = operation(e);
    if (e.response.kind === 'records') recordTypes.add(e.response.recordType);
  }
  const errorTypes = [...new Set(Object.values(ERROR_TABLE).map((r) => r.type))];
  const errorCodes = Object.keys(ERROR_TABLE);
  const schemas: Record<string, Json> = {
    V2Error: {
      type: 'object', required: ['error'], additionalProperties: false,
      description: 'A 422 is exactly { error }; every other v2 error adds the type and code of the error table.',
      properties: { error: { type: 'string' }, type: { type: 'string', enum: errorTypes }, code: { type: 'string', enum: errorCodes } },
    },
    V3Error: {
      type: 'object', required: ['error'], additionalProperties: false,
      properties: {
        error: {
          type: 'object', required: ['type', 'code', 'message', 'request_id'],
          properties: {
            type: { type: 'string', enum: errorTypes },
            code: { type: 'string', enum: errorCodes },
            message: { type: 'string' }, request_id: { type: 'string' }, param: { type: 'string' },
          },
        },
      },
    },
  };
  for (const rt of [...recordTypes].sort()) schemas[recordSchemaName(rt)] = recordSchema(rt);
  const planText = PLAN_NAMES.map((n) => {
    const p = PLANS[n];
    return `${p.label}: ${p.ratePerMinute ?? 'unlimited'} requests/min, ${p.historyYears ? `${p.historyYears} years` : 'all'} of history`;
  }).join('; ');
  return {
    openapi: '3.1.0',
    info: {
      title: 'tenk API', version: opts.version,
      description: `Standardized SEC XBRL fundamentals. Plans: ${planText}. Rate window: sliding 60 s per key, shared by every endpoint.`,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: opts.serverUrl ?? '/' }],
    paths,
    components: {
      schemas,
      securitySchemes: {
        apiKeyQuery: { type: 'apiKey', in: 'query', name: 'apikey' },
        bearerAuth: { type: 'http', scheme: 'bearer' },
      },
      headers: {
        RequestId: { description: 'Identifies this request (also in v3 error bodies)', schema: { type: 'string' } },
        NoStore: { description: 'Error responses are never cached', schema: { type: 'string', const: 'no-store' } },
        RateLimitLimit: { description: 'Requests allowed in the sliding 60 s window', schema: { type: 'integer' } },
        RateLimitRemaining: { description: 'Requests left in the window after this one', schema: { type: 'integer' } },
        RateLimitReset: { description: 'Unix time when the oldest counted request leaves the window', schema: { type: 'integer' } },
        RetryAfter: { description: 'Seconds to wait before retrying', schema: { type: 'integer' } },
      },
    },
  };
}
