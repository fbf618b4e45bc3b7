// Pipeline step 3 (preHandler, endpoints that restrict plans): 402 for a plan the endpoint does not
// include. Invariant: runs after metering (a refused request was counted) and before validation.
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { ApiError } from './errors.js';
import type { RoutePolicy } from './route-policy.js';

export function planAccessHook(policy: RoutePolicy): (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void {
  const e = policy.endpoint;
  const plans = e.plans ?? [];
  return function planAccess(req, _reply, done) {
    const key = req.pipeline!.key!;
    if (!plans.includes(key.plan.name)) throw new ApiError('plan_upgrade_required', `The ${key.plan.label} plan does not include ${e.path}.`);
    done();
  };
}
