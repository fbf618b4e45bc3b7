// Pipeline step 2 (onRequest, metered endpoints): count the request in the key's sliding window
// and refuse with 429 + Retry-After when the window is full. Runs right after authentication,
// before any validation, so an invalid request still counts. Invariant: every request is counted
// once, here, whatever answers it later (the response cache included); a denial is not counted
// (the limiter's contract). The decision's X-RateLimit-* headers go out with whatever answers the
// request (rateHeaders: the handler's reply, an error, or the response cache's own header list).
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { RateLimiter } from '../ratelimit/limiter.js';
import { countRequest, rateLimitDenial } from '../service/metering.js';
import type { PipelineState } from './route-policy.js';

export function meterHook(limiter: RateLimiter, unlimitedRateCap: number): (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void {
  return function meter(req, _reply, done) {
    const state = req.pipeline!;
    const key = state.key!;
    countRequest(limiter, unlimitedRateCap, key).then((d) => {
      state.rate = d;
      done(d.allowed ? undefined : rateLimitDenial(key.plan, d));
    }, done);
  };
}

/** The window's headers of a metered request (none before metering, e.g. on a 401); set right after Request-Id. */
export function rateHeaders(reply: FastifyReply, state: PipelineState | null): void {
  const d = state?.rate;
  if (!d) return;
  reply.header('x-ratelimit-limit', d.limit);
  reply.header('x-ratelimit-remaining', d.remaining);
  reply.header('x-ratelimit-reset', d.resetAt);
}
