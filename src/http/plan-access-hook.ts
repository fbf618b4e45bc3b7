// Pipeline step 3 (preHandler, endpoints that restrict plans): 402 for a plan the endpoint does not
// include. Invariant: runs after metering (a refused request was counted) and before validation.
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { RoutePolicy } from './route-policy.js';
import { checkPlanAccess } from '../service/plan-access.js';

export function planAccessHook(policy: RoutePolicy): (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void {
  const e = policy.endpoint;
  return function planAccess(req, _reply, done) {
    checkPlanAccess(e, req.pipeline!.key!);
    done();
  };
}
