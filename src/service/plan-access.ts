// Plan access shared by every transport: an endpoint that restricts plans refuses other plans
// with 402 (called by the REST hook, http/plan-access-hook.ts, and by invokeEndpoint).
import { ApiError } from './errors.js';
import type { AuthenticatedKey, EndpointDef } from './endpoint-types.js';

/** Throws 402 when the endpoint restricts plans and the key's plan is not among them. */
export function checkPlanAccess(e: EndpointDef, key: AuthenticatedKey): void {
  if (e.plans && !e.plans.includes(key.plan.name)) throw new ApiError('plan_upgrade_required', `The ${key.plan.label} plan does not include ${e.path}.`);
}
