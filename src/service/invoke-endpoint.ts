// One endpoint call outside HTTP routing (the MCP tools): the REST pipeline's steps in the REST
// order (count in the key's window -> plan access -> params -> history depth -> handler), from the
// same step functions the Fastify hooks call. Invariant: a call answers exactly what the REST
// request with the same params and key answers, errors included (thrown as the same ApiError).
import type { Clock } from '../model/clock.js';
import type { Config } from '../model/config.js';
import type { LimitDecision, RateLimiter } from '../ratelimit/limiter.js';
import type { KeyStore } from '../store/key-store.js';
import type { ApiDeps, AuthenticatedKey, EndpointDef, EndpointResult, HandlerContext, ParamValues } from './endpoint-types.js';
import { historyCutoffOf } from './history-depth.js';
import { countRequest, rateLimitDenial } from './metering.js';
import { parseEndpointParams } from './params.js';
import { checkPlanAccess } from './plan-access.js';

/** What a server shares with routes added beside the endpoint routes (buildServer's `extraRoutes`). */
export interface ServerServices {
  deps: ApiDeps;
  keyStore: KeyStore;
  limiter: RateLimiter;
  clock: Clock;
  config: Config;
  endpoints: readonly EndpointDef[];
}

/** What one call needs of the server (a local process has no key store). */
export type InvokeServices = Pick<ServerServices, 'deps' | 'limiter' | 'clock' | 'config'>;

/** Who is calling: an authenticated key (every step applies) or null, the operator's own local process (no window, plan or history limit). */
export interface Caller {
  key: AuthenticatedKey | null;
  requestId: string;
  /** Scheme and host for absolute page URLs of cursor endpoints ('' when there is none). */
  baseUrl: string;
}

export interface InvokeOutcome {
  result: EndpointResult;
  params: ParamValues;
  /** The window's decision (null for an unmetered call). */
  rate: LimitDecision | null;
}

/** Counts one call in the caller's window; throws the 429 ApiError when the window is full. */
export async function meterCall(services: InvokeServices, key: AuthenticatedKey | null): Promise<LimitDecision | null> {
  if (key === null) return null;
  const d = await countRequest(services.limiter, services.config.unlimitedRateCap, key);
  if (!d.allowed) throw Object.assign(rateLimitDenial(key.plan, d), { decision: d });
  return d;
}

/** The window's decision carried by a meterCall denial (null for any other error). */
export function deniedDecision(err: unknown): LimitDecision | null {
  return (err as { decision?: LimitDecision } | null)?.decision ?? null;
}

/** The URL path of an endpoint for these params (path params substituted). */
export function endpointPath(e: EndpointDef, args: Readonly<Record<string, string>>): string {
  return e.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(args[name] ?? ''));
}

/**
 * Validates `args` (raw strings, as a URL would carry them) and runs the endpoint's handler with
 * the caller's plan and history cutoff. `metered: false` when the caller counted the call already.
 */
export async function invokeEndpoint(
  services: InvokeServices, e: EndpointDef, caller: Caller, args: Readonly<Record<string, string>>, opts: { metered?: boolean } = {},
): Promise<InvokeOutcome> {
  const key = caller.key;
  const rate = e.metering.metered && opts.metered !== false ? await meterCall(services, key) : null;
  if (key) checkPlanAccess(e, key);
  const params = parseEndpointParams(e, args, args);
  const cutoff = key && e.metering.historyDepth !== null ? historyCutoffOf(e.metering.historyDepth, key.plan, services.clock, params) : null;
  const query: Record<string, string> = {};
  for (const p of e.params) if (p.in === 'query' && args[p.name] !== undefined) query[p.name] = args[p.name]!;
  const ctx: HandlerContext = {
    requestId: caller.requestId, family: e.family, endpointId: e.id, path: endpointPath(e, args), query,
    key, historyCutoff: cutoff, now: services.clock.now(), baseUrl: e.pagination === 'cursor' ? caller.baseUrl : '',
  };
  return { result: await e.handler(services.deps, params, ctx), params, rate };
}
