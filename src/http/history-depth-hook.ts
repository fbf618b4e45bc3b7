// Pipeline step 5 (preHandler, endpoints with history): the plan's history cutoff for this request,
// and 403 when an explicit start reaches past it. Invariant: runs after validation (it reads the
// validated params) and before the response cache, whose key includes the cutoff.
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Clock } from '../model/clock.js';
import { historyCutoffOf } from '../service/history-depth.js';
import type { RoutePolicy } from './route-policy.js';

export function historyDepthHook(clock: Clock, policy: RoutePolicy): (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void {
  const rule = policy.endpoint.metering.historyDepth;
  return function historyDepth(req, _reply, done) {
    const state = req.pipeline!;
    state.cutoff = historyCutoffOf(rule, state.key!.plan, clock, state.parsed!.params);
    done();
  };
}
