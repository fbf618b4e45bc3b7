// The plan-access hook: 402 naming the plan and path for a plan the endpoint does not include.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PLANS } from '../store/plans.js';
import { ApiError } from '../service/errors.js';
import type { EndpointDef } from '../service/endpoint-types.js';
import { fakeReply, fakeRequest, runHook, stateFor } from '../../test/support/hook-harness.js';
import { planAccessHook } from './plan-access-hook.js';
import { routePolicy } from './route-policy.js';

const endpoint = { id: 'test.ent', family: 'v3', path: '/v3.0.0/x', params: [], plans: ['enterprise'], metering: { metered: true, historyDepth: null } } as unknown as EndpointDef;

test('an included plan passes; another is 402 plan_upgrade_required', async () => {
  const hook = planAccessHook(routePolicy(endpoint));
  const ok = await runHook(hook, fakeRequest({ pipeline: stateFor(endpoint, { id: 'k', plan: PLANS.enterprise }) }), fakeReply());
  assert.deepEqual(ok, { ended: 'done', error: null });
  const refused = await runHook(hook, fakeRequest({ pipeline: stateFor(endpoint, { id: 'k', plan: PLANS.professional }) }), fakeReply());
  assert.ok(refused.ended === 'threw' && refused.error instanceof ApiError);
  assert.equal(refused.error.code, 'plan_upgrade_required');
  assert.equal(refused.error.message, 'The Professional plan does not include /v3.0.0/x.');
});
