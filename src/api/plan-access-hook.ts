// Pipeline step 3 (preHandler, endpoints that restrict plans): 402 for a plan the endpoint does not
// include. Invariant: runs after metering (a refused request was counted) and before validation.
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { ApiError } from './errors.js';
import type { RoutePolicy } from './route-policy.js';
import type { AuthenticatedKey, EndpointDef } from './endpoint-types.js';

export function planAccessHook(policy: RoutePolicy): (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void {
  const e = policy.endpoint;
  return function planAccess(req, _reply, done) {
    checkPlanAccess(e, req.pipeline!.key!);
    done();
  };
}

/** Throws 402 when the endpoint restricts plans and the key's plan is not among them. */
export function checkPlanAccess(e: EndpointDef, key: AuthenticatedKey): void {
  if (e.plans && !e.plans.includes(key.plan.name)) throw new ApiError('plan_upgrade_required', `The ${key.plan.label} plan does not include ${e.path}.`);
}
