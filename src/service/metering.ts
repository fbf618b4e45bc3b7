// Metering shared by every transport: count a request in its key's sliding window (a limiter
// that cannot count is a 503) and the 429 of a denied decision. The REST hook (http/meter-hook.ts)
// and invokeEndpoint (MCP) both call these.
import type { LimitDecision, RateLimiter } from '../ratelimit/limiter.js';
import { enforcedRate, type Plan } from '../store/plans.js';
import type { AuthenticatedKey } from './endpoint-types.js';
import { ApiError, unavailableAsApiError } from './errors.js';

/** Counts one request of `key` in its sliding window (the step every transport shares). A limiter
 *  that cannot count (Redis unreachable) is a 503: never an uncounted admission. */
export function countRequest(limiter: RateLimiter, unlimitedRateCap: number, key: AuthenticatedKey): Promise<LimitDecision> {
  return limiter.hit(key.id, enforcedRate(key.plan, unlimitedRateCap)).catch((err: unknown) => { throw unavailableAsApiError(err); });
}

/** The 429 of a denied decision, naming the plan and the wait. */
export function rateLimitDenial(plan: Plan, d: LimitDecision): ApiError {
  return new ApiError('rate_limit_exceeded',
    `Rate limit exceeded: the ${plan.label} plan allows ${d.limit} requests per minute. Retry in ${d.retryAfter} second${d.retryAfter === 1 ? '' : 's'}.`,
    undefined, { 'Retry-After': String(d.retryAfter) });
}
