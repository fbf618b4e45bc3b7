// Pipeline step 3 (preHandler, endpoints that restrict plans): 402 for a plan the endpoint does not
// include. Invariant: runs after metering (a refused request was counted) and before validation.
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { ApiError } from './errors.js';
import { pipelineOf } from './route-policy.js';

export function planAccessHook(req: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const { policy: { endpoint: e }, key } = pipelineOf(req);
  if (e.plans && !e.plans.includes(key!.plan.name)) {
    throw new ApiError('plan_upgrade_required', `The ${key!.plan.label} plan does not include ${e.path}.`);
  }
  done();
}
