// The history-depth hook: the plan's cutoff on the request state, 403 for an explicit start older.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../model/clock.js';
import { PLANS } from '../store/plans.js';
import { ApiError } from '../service/errors.js';
import type { EndpointDef } from '../service/endpoint-types.js';
import { fakeReply, fakeRequest, runHook, stateFor } from '../../test/support/hook-harness.js';
import { historyDepthHook } from './history-depth-hook.js';
import { routePolicy } from './route-policy.js';

const endpoint = { id: 'test.hist', family: 'v2', path: '/v2/x', params: [], metering: { metered: true, historyDepth: { fiscalYearStartParam: 'fiscal_year_start' } } } as unknown as EndpointDef;
const clock = new ManualClock(Date.UTC(2026, 0, 15, 12));
const parsed = (params: Record<string, number>) => ({ params, paramsKey: 'k', format: 'json' });

test('the cutoff is the plan\u2019s depth back from today, null for all history', async () => {
  const hook = historyDepthHook(clock, routePolicy(endpoint));
  for (const [plan, cutoff] of [[PLANS.free, '2024-01-15'], [PLANS.individual, '2021-01-15'], [PLANS.enterprise, null]] as const) {
    const req = fakeRequest({ pipeline: stateFor(endpoint, { id: 'k', plan }, { parsed: parsed({}) }) });
    assert.deepEqual(await runHook(hook, req, fakeReply()), { ended: 'done', error: null });
    assert.equal(req.pipeline?.cutoff, cutoff, plan.name);
  }
});

test('an explicit start before the cutoff\u2019s year is 403 history_beyond_plan', async () => {
  const hook = historyDepthHook(clock, routePolicy(endpoint));
  const out = await runHook(hook, fakeRequest({ pipeline: stateFor(endpoint, { id: 'k', plan: PLANS.free }, { parsed: parsed({ fiscal_year_start: 2023 }) }) }), fakeReply());
  assert.ok(out.ended === 'threw' && out.error instanceof ApiError);
  assert.equal(out.error.code, 'history_beyond_plan');
  const allowed = await runHook(hook, fakeRequest({ pipeline: stateFor(endpoint, { id: 'k', plan: PLANS.free }, { parsed: parsed({ fiscal_year_start: 2024 }) }) }), fakeReply());
  assert.equal(allowed.ended, 'done');
});
