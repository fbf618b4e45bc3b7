// Per-route policy of an endpoint route, kept in the route's Fastify `config` (each pipeline hook
// of the route is made for it), and the state the hooks hand on to each other on the request.
// Invariant: a hook learns which endpoint it serves only from the route's policy, never the URL.
import type { FastifyRequest } from 'fastify';
import type { LimitDecision } from '../ratelimit/limiter.js';
import type { AuthenticatedKey, EndpointDef, ParamValues } from '../service/endpoint-types.js';

export interface RoutePolicy {
  endpoint: EndpointDef;
  /** Param names in registry order: the order of the response-cache key. */
  paramNames: readonly string[];
  /** Whether the endpoint declares `format` (json or excel). */
  hasFormat: boolean;
}

export function routePolicy(endpoint: EndpointDef): RoutePolicy {
  return { endpoint, paramNames: endpoint.params.map((p) => p.name), hasFormat: endpoint.params.some((p) => p.name === 'format') };
}

/** Validated params of one URL and what depends only on them. */
export interface ParsedParams {
  params: ParamValues;
  /** Response-cache key without the history cutoff. */
  paramsKey: string;
  format: string;
}

/** What the hooks of one request have established so far. */
export interface PipelineState {
  readonly policy: RoutePolicy;
  /** Set by authentication (onRequest). */
  key: AuthenticatedKey | null;
  /** The window's decision for this request (metered endpoints). */
  rate: LimitDecision | null;
  /** Set by parameter validation (preHandler). */
  parsed: ParsedParams | null;
  /** The plan's history cutoff (null: all history, or no history on this endpoint). */
  cutoff: string | null;
  /** Response-cache key of a cacheable request the cache did not answer; the body is stored under it. */
  bodyKey: string | null;
}

declare module 'fastify' {
  interface FastifyContextConfig { policy?: RoutePolicy }
  interface FastifyRequest { pipeline: PipelineState | null }
}

/** Starts a request's pipeline state (the route's first hook, authentication, does). */
export function startPipeline(req: FastifyRequest, policy: RoutePolicy): PipelineState {
  const s: PipelineState = { policy, key: null, rate: null, parsed: null, cutoff: null, bodyKey: null };
  req.pipeline = s;
  return s;
}
