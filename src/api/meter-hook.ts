// Pipeline step 2 (onRequest, metered endpoints): count the request in the key's sliding window,
// send X-RateLimit-* and refuse with 429 + Retry-After when the window is full. Runs right after
// authentication, before any validation, so an invalid request still counts. Invariant: every
// request is counted once, here, whatever answers it later (the response cache included); a
// denial is not counted (the limiter's contract).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimiter } from '../ratelimit/limiter.js';
import { enforcedRate } from '../store/plans.js';
import { ApiError } from './errors.js';
import { pipelineOf } from './route-policy.js';

export function meterHook(limiter: RateLimiter, unlimitedRateCap: number): (req: FastifyRequest, reply: FastifyReply) => Promise<void> {
  return async function meter(req, reply) {
    const state = pipelineOf(req);
    const key = state.key!;
    const d = await limiter.hit(key.id, enforcedRate(key.plan, unlimitedRateCap));
    state.rate = d;
    reply.header('X-RateLimit-Limit', d.limit);
    reply.header('X-RateLimit-Remaining', d.remaining);
    reply.header('X-RateLimit-Reset', d.resetAt);
    if (!d.allowed) {
      throw new ApiError('rate_limit_exceeded',
        `Rate limit exceeded: the ${key.plan.label} plan allows ${d.limit} requests per minute. Retry in ${d.retryAfter} second${d.retryAfter === 1 ? '' : 's'}.`,
        undefined, { 'Retry-After': String(d.retryAfter) });
    }
  };
}
