// Builds the Fastify app from the endpoint registry. Every endpoint route runs one pipeline of
// Fastify hooks, in this order (docs/api.md, Request pipeline):
//   onRequest: Request-Id -> authenticate (401) -> count in the sliding window (429)
//   preHandler: plan access (402) -> validate params (v2 422 / v3 400) -> history depth (403)
//               -> response cache (a hit is written here) ; handler -> JSON or TSV (serializer)
//   onSend: a computed cacheable body is kept in the response cache.
// Errors are rendered from the error table (v2 `{error}`, v3 envelope) with no-store; anything
// unexpected is a redacted 500. Unknown routes are 404 in their family's shape.
import crypto from 'node:crypto';
import type { ServerOptions as HttpServerOptions } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Config } from '../model/config.js';
import type { ServableDataset as Dataset } from '../dataset/queries/read-queries.js';
import type { Clock } from '../model/clock.js';
import type { RateLimiter } from '../ratelimit/limiter.js';
import type { KeyStore } from '../store/key-store.js';
import { authenticateHook } from './authenticate-hook.js';
import { ENDPOINTS, assertRegistryConsistent } from '../service/endpoint-registry.js';
import type { ApiDeps, EndpointDef, HandlerContext } from '../service/endpoint-types.js';
import { ApiError, familyOfPath, renderError, unavailableAsApiError, type ApiFamily } from '../service/errors.js';
import { historyDepthHook } from './history-depth-hook.js';
import type { ServerServices } from '../service/invoke-endpoint.js';
import { meterHook, rateHeaders } from './meter-hook.js';
import { buildOpenApi } from './openapi.js';
import { paramsHooks } from './params-hook.js';
import { planAccessHook } from './plan-access-hook.js';
import { createIdentifierResolver, type IdentifierResolver } from '../reference/resolve-identifier.js';
import { responseCacheHooks } from './response-cache-hook.js';
import { JSON_TYPE, sendResult } from './response-format.js';
import { ResponseCache } from './response-cache.js';
import { registerServedDataset, ServedDataset } from './served-dataset.js';
import { redactForLog, redactedQuery, routePattern } from '../service/redact.js';
import { nextRequestId } from '../service/request-id.js';
import { requestIdHook } from './request-id-hook.js';
import { routePolicy } from './route-policy.js';
import { publicBaseUrl } from './public-url.js';
import { bodyParseError } from './body-errors.js';
import { answerConnect, clientErrorHandler } from './client-errors.js';
import { trackConnections } from './drain.js';
import { registerCors } from './cors.js';
import { docsRoutes } from './docs-page.js';
import type { ServerMetrics } from './server-metrics.js';
import { createServerLog } from './server-log.js';

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
  /** Byte budget of the rendered-body cache (default DEFAULT_CACHE_BYTES). */
  cacheBytes?: number;
  /** Prometheus metrics to record into (served on their own listener by the caller). */
  metrics?: ServerMetrics;
  /** Page-token signing secret; a random per-process secret when omitted (tests). */
  secret?: string;
  /** Where log lines go (default stdout); tests capture them to check redaction. */
  logStream?: NodeJS.WritableStream;
  /** Routes of other layers served beside the endpoints (the MCP transport at /mcp), given the
   *  server's own key store, limiter, clock and handler deps; service/ imports none of them. */
  extraRoutes?: ReadonlyArray<(app: FastifyInstance, services: ServerServices) => void>;
  /** The networked dependencies' state now (name -> reachable), reported by /healthz, which is
   *  503 while one is down (readiness). */
  dependencies?: () => Readonly<Record<string, boolean>>;
}

/** The fastify route path of an OpenAPI path ({identifier} -> :identifier). */
function routePath(p: string): string {
  return p.replace(/\{(\w+)\}/g, ':$1');
}

export async function buildServer(opts: ServerOptions): Promise<FastifyInstance> {
  const endpoints = opts.endpoints ?? ENDPOINTS;
  assertRegistryConsistent(endpoints);
  const { config, keyStore, clock } = opts;
  const limiter = opts.metrics ? opts.metrics.countDecisions(opts.limiter) : opts.limiter;
  const secret = opts.secret ?? crypto.randomBytes(32).toString('base64url');
  // Each dataset served (the first, then each swapped in: served-dataset.ts) has its own deps and response cache.
  const served = new ServedDataset(opts.dataset, (dataset) => ({
    deps: { dataset, resolver: dataset === opts.dataset && opts.resolver ? opts.resolver : createIdentifierResolver(dataset), clock, config, secret } satisfies ApiDeps,
    cache: new ResponseCache(opts.cacheEntries ?? 5000, undefined, opts.cacheBytes),
  }));
  const level = opts.logLevel ?? config.logLevel;

  const log = createServerLog(level, opts.logStream);
  const app = Fastify({
    logger: false,
    routerOptions: { ignoreTrailingSlash: true },
    genReqId: nextRequestId,
    forceCloseConnections: 'idle',
    // Parser failures and requests without Host get the contract's error (client-errors.ts and the
    // Host check in request-id-hook.ts), not Node's bare 400.
    clientErrorHandler: clientErrorHandler(log),
    http: { requireHostHeader: false } satisfies HttpServerOptions,
    // During shutdown, requests already on open connections are still answered by our pipeline
    // (with Request-Id) rather than by a bare framework 503.
    return503OnClosing: false,
    frameworkErrors: (err, req, reply) => {
      log.debug({ reqId: req.id, method: req.method, status: 400, code: err.code, query: redactedQuery(req.url ?? '') }, 'request malformed');
      sendError(req, reply, new ApiError('request_malformed', 'The request URL could not be parsed.'), familyOfPath(req.url ?? '/'));
    },
  });

  // First on every request (preflights included): Request-Id and nosniff; then CORS.
  app.addHook('onRequest', requestIdHook);
  await registerCors(app, config.corsOrigins);

  function sendError(req: FastifyRequest, reply: FastifyReply, failure: unknown, family: ApiFamily): FastifyReply {
    const err = unavailableAsApiError(failure);
    let apiErr: ApiError;
    const bodyErr = bodyParseError(err);
    if (err instanceof ApiError) apiErr = err;
    else if (bodyErr) apiErr = bodyErr;
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
    reply.code(r.status).header('Request-Id', req.id);
    rateHeaders(reply, req.pipeline);
    // nosniff here too: framework errors (a URL that cannot be parsed) skip the onRequest hooks.
    reply.header('Cache-Control', 'no-store').header('Content-Type', JSON_TYPE).header('X-Content-Type-Options', 'nosniff');
    if (apiErr.headers) for (const [k, v] of Object.entries(apiErr.headers)) reply.header(k, v);
    return reply.send(r.body);
  }

  /** The last step: the endpoint's handler on the validated params, sent in the requested format. */
  async function handler(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const state = req.pipeline!;
    const deps = (req.generation ?? served.current).deps;
    const e = state.policy.endpoint;
    const { params, format } = state.parsed!;
    const ctx: HandlerContext = {
      requestId: req.id, family: e.family, endpointId: e.id, path: req.url.split('?', 1)[0]!,
      query: stripCredentials(req.query as Record<string, unknown>), key: state.key, historyCutoff: state.cutoff, now: clock.now(),
      ...(e.body ? { body: req.body } : {}),
      baseUrl: e.pagination === 'cursor' ? publicBaseUrl(req, config) : '',
    };
    const result = await e.handler(deps, params, ctx);
    // Binary results are never kept in the response cache: a hit would skip their ETag and 304
    // (the logo endpoints keep their own bounded variant cache).
    if (result.kind === 'binary') state.bodyKey = null;
    rateHeaders(reply, state);
    return sendResult(reply, e, result, format);
  }

  answerConnect(app.server, log);
  // Open sockets are tracked so a drain (drain.ts) can finish them without resets.
  trackConnections(app.server);
  // Request bodies are JSON only: text/plain would reach a handler as a string (415 -> 422 instead).
  app.removeContentTypeParser('text/plain');
  // Per-request state of the pipeline (route-policy.ts); null until an endpoint route's first hook.
  app.decorateRequest('pipeline', null);
  served.install(app);
  registerServedDataset(app, served);
  const meter = meterHook(limiter, config.unlimitedRateCap);
  const validate = paramsHooks();
  const cache = responseCacheHooks((req) => (req.generation ?? served.current).cache);
  opts.metrics?.observe(app, () => served.current.cache);
  for (const e of endpoints) {
    // Each route carries only the steps its policy needs, in the pipeline's order, made for it.
    const policy = routePolicy(e);
    app.route({
      method: e.method, url: routePath(e.path), config: { policy }, handler,
      ...(e.body ? { bodyLimit: e.body.maxBytes } : {}),
      onRequest: e.metering.metered ? [authenticateHook(keyStore, policy), meter] : [authenticateHook(keyStore, policy)],
      preHandler: [
        ...(e.plans ? [planAccessHook(policy)] : []), validate(policy),
        ...(e.metering.historyDepth !== null ? [historyDepthHook(clock, policy)] : []),
        ...(e.cacheable ? [cache.lookup] : []),
      ],
      ...(e.cacheable ? { onSend: cache.store } : {}),
    });
  }
  if (log.enabledFor('debug')) {
    // Access log only at debug: one line per request, URL with the apikey redacted.
    // The route pattern says which endpoint was called without logging path values.
    app.addHook('onResponse', async (req, reply) => log.debug({
      reqId: req.id, method: req.method, route: routePattern(req.routeOptions.url), query: redactedQuery(req.url),
      status: reply.statusCode, ms: Math.round(reply.elapsedTime),
    }, 'request'));
  }

  const services = { get deps() { return served.current.deps; }, keyStore, limiter, clock, config, endpoints };
  for (const add of opts.extraRoutes ?? []) add(app, services);

  const openapi = JSON.stringify(buildOpenApi(endpoints, { version: opts.version ?? '0.1.0' }));
  app.get('/openapi.json', async (_req, reply) => reply.header('Content-Type', JSON_TYPE).send(openapi));
  docsRoutes(app);
  app.get('/healthz', async (req, reply) => {
    const deps = opts.dependencies?.() ?? {};
    const down = Object.values(deps).some((up) => !up);
    const dependencies: Record<string, string> = {};
    for (const [name, up] of Object.entries(deps)) dependencies[name] = up ? 'ok' : 'unavailable';
    return reply.code(down ? 503 : 200).header('Cache-Control', 'no-store').header('Content-Type', JSON_TYPE)
      .send(JSON.stringify({ status: down ? 'unavailable' : 'ok', dataset_built_at: (req.generation ?? served.current).dataset.meta('built_at'), dependencies }));
  });

  app.setNotFoundHandler((req, reply) => {
    const p = (req.url ?? '/').split('?', 1)[0]!;
    const shown = p.length > 80 ? `${p.slice(0, 80)}…` : p;
    return sendError(req, reply, new ApiError('resource_missing', `No route ${req.method} ${shown}.`), familyOfPath(p));
  });
  // Errors of every pipeline step (hooks and handler) end here, in the route's family shape.
  app.setErrorHandler((err, req, reply) => sendError(req, reply, err, req.pipeline?.policy.endpoint.family ?? familyOfPath(req.url ?? '/')));
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
