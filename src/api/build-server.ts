// Builds the Fastify app from the endpoint registry. Every route runs one pipeline:
//   Request-Id -> authenticate -> count in the sliding window (429) -> plan access (402)
//   -> validate params (v2 422 / v3 400) -> history depth (403) -> handler -> JSON or TSV.
// Errors are rendered from the error table (v2 `{error}`, v3 envelope) with no-store; anything
// unexpected is a redacted 500. Unknown routes are 404 in their family's shape. In front of
// Fastify, the cached-response fast path answers repeated cached GETs with the same steps and bytes.
import crypto from 'node:crypto';
import http from 'node:http';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerFactory } from 'fastify';
import type { Config } from '../model/config.js';
import type { Dataset } from '../dataset/dataset.js';
import { recordColumns } from '../metrics/registry.js';
import type { Clock } from '../model/clock.js';
import type { LimitDecision, RateLimiter } from '../ratelimit/limiter.js';
import type { KeyStore } from '../store/key-store.js';
import { enforcedRate } from '../store/plans.js';
import { authenticateRequest } from './authenticate.js';
import { createFastPath, writeCachedBody } from './cached-fast-path.js';
import { ENDPOINTS, assertRegistryConsistent } from './endpoint-registry.js';
import type { ApiDeps, AuthenticatedKey, EndpointDef, EndpointResult, HandlerContext, ParamValues } from './endpoint-types.js';
import { ApiError, familyOfPath, renderError, type ApiFamily } from './errors.js';
import { checkExplicitHistory, requestCutoff } from './history-depth.js';
import { buildOpenApi } from './openapi.js';
import { parseParams } from './params.js';
import { createIdentifierResolver, type IdentifierResolver } from './resolve-identifier.js';
import { inferColumns, renderTsv } from './render-tsv.js';
import { bodyKey, ResponseCache } from './response-cache.js';
import { redactForLog } from './redact.js';
import { nextRequestId } from './request-id.js';
import { createServerLog } from './server-log.js';
import { UrlMemo } from './url-memo.js';

export const JSON_TYPE = 'application/json; charset=utf-8';
export const TSV_TYPE = 'text/tab-separated-values; charset=utf-8';

export interface ServerOptions {
  config: Config;
  dataset: Dataset;
  keyStore: KeyStore;
  limiter: RateLimiter;
  clock: Clock;
  endpoints?: readonly EndpointDef[];
  resolver?: IdentifierResolver;
  /** Log level override (default config.logLevel). */
  logLevel?: string;
  version?: string;
  /** Rendered-body cache entries (0 disables). */
  cacheEntries?: number;
  /** Page-token signing secret; a random per-process secret when omitted (tests). */
  secret?: string;
  /** Where log lines go (default stdout); tests capture them to check redaction. */
  logStream?: NodeJS.WritableStream;
  /** The cached-response fast path in front of Fastify (default on; tests compare both). */
  fastPath?: boolean;
}

/** The fastify route path of an OpenAPI path ({identifier} -> :identifier). */
export function routePath(p: string): string {
  return p.replace(/\{(\w+)\}/g, ':$1');
}

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

interface Rendered { body: string | Buffer; contentType: string; headers?: Readonly<Record<string, string>> }

function render(e: EndpointDef, result: EndpointResult, format: string): Rendered {
  if (result.kind === 'binary') return { body: result.body, contentType: result.contentType, headers: result.headers };
  if (format === 'excel') {
    const rows = result.kind === 'rows' ? result.rows.map((r) => JSON.parse(r) as Record<string, unknown>) : rowsOf(result.value);
    return { body: renderTsv(columnsOf(e, rows), rows), contentType: TSV_TYPE };
  }
  if (result.kind === 'rows') return { body: `[${result.rows.join(',')}]`, contentType: JSON_TYPE };
  return { body: JSON.stringify(result.value), contentType: JSON_TYPE };
}

function rateHeaders(reply: FastifyReply, d: LimitDecision): void {
  reply.header('X-RateLimit-Limit', d.limit);
  reply.header('X-RateLimit-Remaining', d.remaining);
  reply.header('X-RateLimit-Reset', d.resetAt);
}

export async function buildServer(opts: ServerOptions): Promise<FastifyInstance> {
  const endpoints = opts.endpoints ?? ENDPOINTS;
  assertRegistryConsistent(endpoints);
  const { config, dataset, keyStore, limiter, clock } = opts;
  const resolver = opts.resolver ?? createIdentifierResolver(dataset);
  const deps: ApiDeps = { dataset, resolver, clock, config, secret: opts.secret ?? crypto.randomBytes(32).toString('base64url') };
  const cache = new ResponseCache(opts.cacheEntries ?? 5000);
  const level = opts.logLevel ?? config.logLevel;
  const limiterSync = (limiter as { hitSync?: (k: string, l: number) => LimitDecision }).hitSync?.bind(limiter);
  const memo = new UrlMemo();

  const log = createServerLog(level, opts.logStream);
  // Access log only at debug: one line per request, URL with the apikey redacted.
  const accessLog = log.enabledFor('debug')
    ? (reqId: string, method: string, url: string, status: number, ms: number) => log.debug({ reqId, method, url: redactForLog(url), status, ms: Math.round(ms) }, 'request')
    : undefined;
  const fastPath = opts.fastPath === false ? undefined : createFastPath({
    memo, cache, keyStore, limitSync: limiterSync, clock, unlimitedRateCap: config.unlimitedRateCap, ...(accessLog ? { onFinished: accessLog } : {}),
  });
  const serverFactory: FastifyServerFactory | undefined = fastPath && ((handler, o) => {
    // With the settings Fastify gives the server it creates itself.
    const server = http.createServer((req, res) => { if (!fastPath.answer(req, res)) handler(req, res); });
    server.keepAliveTimeout = o.keepAliveTimeout as number;
    server.requestTimeout = o.requestTimeout as number;
    server.setTimeout(o.connectionTimeout as number);
    return server;
  });
  const app = Fastify({
    logger: false,
    routerOptions: { ignoreTrailingSlash: true },
    genReqId: nextRequestId,
    forceCloseConnections: 'idle',
    // During shutdown, requests already on open connections are still answered by our pipeline
    // (with Request-Id) rather than by a bare framework 503.
    return503OnClosing: false,
    ...(serverFactory ? { serverFactory } : {}),
    frameworkErrors: (err, req, reply) => {
      sendError(req, reply, new ApiError('request_malformed', 'The request URL could not be parsed.'), familyOfPath(req.url ?? '/'));
      void err;
    },
  });

  function sendError(req: FastifyRequest, reply: FastifyReply, err: unknown, family: ApiFamily): FastifyReply {
    let apiErr: ApiError;
    if (err instanceof ApiError) apiErr = err;
    else {
      const e = err as { statusCode?: number; code?: string; name?: string; message?: string };
      if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
        apiErr = new ApiError('request_malformed');
      } else {
        apiErr = new ApiError('internal_error');
        log.error({ reqId: req.id, url: redactForLog(req.url ?? ''), failure: { name: e.name, code: e.code, message: redactForLog(String(e.message ?? err)) } }, 'unexpected failure');
      }
    }
    const r = renderError(apiErr, family, String(req.id));
    reply.code(r.status).header('Request-Id', req.id).header('Cache-Control', 'no-store').header('Content-Type', JSON_TYPE);
    if (apiErr.headers) for (const [k, v] of Object.entries(apiErr.headers)) reply.header(k, v);
    return reply.send(r.body);
  }

  function routeHandler(e: EndpointDef) {
    const paramNames = e.params.map((p) => p.name);
    const hasFormat = e.params.some((p) => p.name === 'format');
    return async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
      reply.header('Request-Id', req.id);
      const query = req.query as Record<string, unknown>;
      try {
        const key: AuthenticatedKey = await authenticateRequest(e.family, query, req.headers.authorization, keyStore);
        let d: LimitDecision | undefined;
        if (e.metering.metered) {
          const rate = enforcedRate(key.plan, config.unlimitedRateCap);
          d = limiterSync ? limiterSync(key.id, rate) : await limiter.hit(key.id, rate);
          rateHeaders(reply, d);
          if (!d.allowed) {
            throw new ApiError('rate_limit_exceeded',
              `Rate limit exceeded: the ${key.plan.label} plan allows ${d.limit} requests per minute. Retry in ${d.retryAfter} second${d.retryAfter === 1 ? '' : 's'}.`,
              undefined, { 'Retry-After': String(d.retryAfter) });
          }
        }
        if (e.plans && !e.plans.includes(key.plan.name)) {
          throw new ApiError('plan_upgrade_required', `The ${key.plan.label} plan does not include ${e.path}.`);
        }
        // Validated params depend only on the URL: repeated URLs reuse them (and their cache key).
        let parsed = memo.get(req.url);
        if (parsed === undefined || parsed.endpoint !== e) {
          const params: ParamValues = parseParams(e.params, req.params as Record<string, string>, query);
          const crossErr = e.validate?.(params);
          if (crossErr) throw crossErr;
          let cacheKey = e.id;
          for (const n of paramNames) cacheKey += `\u0000${params[n] ?? ''}`;
          parsed = { endpoint: e, query, params, cacheKey, format: hasFormat ? String(params.format ?? 'json') : 'json' };
          memo.set(req.url, parsed);
        }
        const { params, format } = parsed;
        const cutoff = requestCutoff(e.metering.historyDepth, key.plan, clock);
        checkExplicitHistory(key.plan, cutoff, e.metering.historyDepth, params);

        let cacheKey: string | undefined;
        if (e.cacheable) {
          cacheKey = bodyKey(parsed.cacheKey, cutoff);
          const hit = cache.get(cacheKey);
          if (hit) {
            // Cached body: written straight to the socket with the same headers the reply
            // would carry (skips Fastify's send pipeline; no onSend hooks exist on these routes).
            reply.hijack();
            writeCachedBody(reply.raw, String(req.id), hit, d);
            return reply;
          }
        }
        const now = clock.now();
        const ctx: HandlerContext = {
          requestId: String(req.id), family: e.family, endpointId: e.id, path: req.url.split('?', 1)[0]!,
          query: stripCredentials(query), key, historyCutoff: cutoff, now,
          baseUrl: e.pagination === 'cursor' ? `${req.protocol}://${req.host}` : '',
        };
        const out = render(e, await e.handler(deps, params, ctx), format);
        if (cacheKey !== undefined && !out.headers) {
          // Cached as bytes: later hits skip UTF-8 encoding and length computation.
          const body = typeof out.body === 'string' ? Buffer.from(out.body, 'utf8') : out.body;
          cache.set(cacheKey, { body, contentType: out.contentType });
          out.body = body;
        }
        if (out.headers) for (const [k, v] of Object.entries(out.headers)) reply.header(k, v);
        return reply.header('Content-Type', out.contentType).send(out.body);
      } catch (err) {
        return sendError(req, reply, err, e.family);
      }
    };
  }

  for (const e of endpoints) {
    app.route({ method: e.method, url: routePath(e.path), handler: routeHandler(e) });
  }
  if (accessLog) {
    app.addHook('onResponse', async (req, reply) => accessLog(String(req.id), req.method, req.url, reply.statusCode, reply.elapsedTime));
  }
  // Fastify answers requests on open connections with `Connection: close` once closing starts;
  // this hook runs in the same tick as that switch, so no request sees a mix.
  if (fastPath) app.addHook('preClose', (done) => { fastPath.stop(); done(); });

  const openapi = JSON.stringify(buildOpenApi(endpoints, { version: opts.version ?? '0.1.0' }));
  app.get('/openapi.json', async (req, reply) =>
    reply.header('Request-Id', req.id).header('Content-Type', JSON_TYPE).send(openapi));
  app.get('/healthz', async (req, reply) =>
    reply.header('Request-Id', req.id).header('Cache-Control', 'no-store').header('Content-Type', JSON_TYPE)
      .send(JSON.stringify({ status: 'ok', dataset_built_at: dataset.meta('built_at') })));

  app.setNotFoundHandler((req, reply) => {
    const p = (req.url ?? '/').split('?', 1)[0]!;
    const shown = p.length > 80 ? `${p.slice(0, 80)}…` : p;
    return sendError(req, reply, new ApiError('resource_missing', `No route ${req.method} ${shown}.`), familyOfPath(p));
  });
  app.setErrorHandler((err, req, reply) => sendError(req, reply, err, familyOfPath(req.url ?? '/')));
  return app;
}

function stripCredentials(query: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) {
    if (k === 'apikey') continue;
    out[k] = Array.isArray(v) ? String(v[0]) : String(v);
  }
  return out;
}
