// The cached-response fast path: a node:http request handler in front of Fastify
// (serverFactory) for the hot case of the pipeline, a GET answered from the response cache. It
// answers only when that outcome is certain: the URL was routed and validated before (UrlMemo),
// the key authenticates, the plan may call the endpoint and see the requested history, the body
// is cached for the plan's cutoff and the window admits the request. It runs the pipeline's own
// steps and writes what the pipeline writes for a cache hit (writeCachedBody); everything else
// (errors, misses, HEAD, shutdown) goes to Fastify untouched. Invariant: a request is counted
// in the window only by whichever path answers it (a denial is never counted).
import type { IncomingMessage, OutgoingHttpHeader, ServerResponse } from 'node:http';
import type { Clock } from '../model/clock.js';
import type { LimitDecision } from '../ratelimit/limiter.js';
import type { KeyRecord, KeyStore } from '../store/key-store.js';
import { enforcedRate } from '../store/plans.js';
import { authenticateSync } from './authenticate.js';
import type { AuthenticatedKey, EndpointDef } from './endpoint-types.js';
import { checkExplicitHistory, requestCutoff } from './history-depth.js';
import { nextRequestId } from './request-id.js';
import { bodyKey, type CachedBody, type ResponseCache } from './response-cache.js';
import type { UrlMemo } from './url-memo.js';

/** Writes a cached 200 body with the pipeline's headers: Request-Id, type, length, window. */
export function writeCachedBody(res: ServerResponse, requestId: string, hit: CachedBody, d: LimitDecision | undefined): void {
  const headers: OutgoingHttpHeader[] = ['request-id', requestId, 'content-type', hit.contentType, 'content-length', hit.body.length];
  if (d) headers.push('x-ratelimit-limit', d.limit, 'x-ratelimit-remaining', d.remaining, 'x-ratelimit-reset', d.resetAt);
  res.writeHead(200, headers);
  res.end(hit.body);
}

export interface FastPathDeps {
  memo: UrlMemo;
  cache: ResponseCache;
  keyStore: KeyStore & { findByHashSync?: (h: string) => KeyRecord | null };
  /** The limiter's synchronous decision; without one the fast path stays off. */
  limitSync: ((key: string, limit: number) => LimitDecision) | undefined;
  clock: Clock;
  unlimitedRateCap: number;
  /** Called when an answered response has finished (the access log), when requests are logged. */
  onFinished?: (requestId: string, method: string, url: string, status: number, ms: number) => void;
}

export interface FastPath {
  /** Answers the request and returns true, or returns false having written and counted nothing. */
  answer(req: IncomingMessage, res: ServerResponse): boolean;
  /** From now on every request goes to Fastify (called when the server starts closing). */
  stop(): void;
}

export function createFastPath(deps: FastPathDeps): FastPath {
  const { memo, cache, keyStore, limitSync, clock, unlimitedRateCap, onFinished } = deps;
  let stopped = limitSync === undefined;

  /** The cached body the pipeline would send after authentication, or undefined. */
  function cachedFor(req: IncomingMessage): { hit: CachedBody; key: AuthenticatedKey; endpoint: EndpointDef } | undefined {
    const m = memo.get(req.url!);
    if (m === undefined) return undefined;
    const e = m.endpoint;
    if (!e.cacheable || e.method !== 'GET') return undefined;
    try {
      const key = authenticateSync(e.family, m.query, req.headers.authorization, keyStore);
      if (key === undefined || (e.plans && !e.plans.includes(key.plan.name))) return undefined;
      const cutoff = requestCutoff(e.metering.historyDepth, key.plan, clock);
      checkExplicitHistory(key.plan, cutoff, e.metering.historyDepth, m.params);
      const hit = cache.get(bodyKey(m.cacheKey, cutoff));
      return hit === undefined ? undefined : { hit, key, endpoint: e };
    } catch {
      return undefined; // the pipeline renders the error
    }
  }

  return {
    stop() { stopped = true; },
    answer(req, res) {
      if (stopped || req.method !== 'GET') return false;
      const found = cachedFor(req);
      if (found === undefined) return false;
      let d: LimitDecision | undefined;
      if (found.endpoint.metering.metered) {
        d = limitSync!(found.key.id, enforcedRate(found.key.plan, unlimitedRateCap));
        if (!d.allowed) return false;
      }
      const requestId = nextRequestId();
      if (onFinished) {
        // Logged when the response finishes or fails, as Fastify's onResponse hook is.
        const t0 = performance.now();
        const done = () => {
          res.removeListener('finish', done);
          res.removeListener('error', done);
          onFinished(requestId, 'GET', req.url!, 200, performance.now() - t0);
        };
        res.on('finish', done);
        res.on('error', done);
      }
      writeCachedBody(res, requestId, found.hit, d);
      return true;
    },
  };
}
