// The metering hook counts an authenticated request in the key's window and refuses a full window
// with 429 and Retry-After (not counted); rateHeaders writes the decision after Request-Id.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../model/clock.js';
import { MemoryLimiter } from '../ratelimit/memory-limiter.js';
import { PLANS } from '../store/plans.js';
import { ApiError } from '../service/errors.js';
import type { EndpointDef } from '../service/endpoint-types.js';
import { fakeReply, fakeRequest, runHook, stateFor } from '../../test/support/hook-harness.js';
import { meterHook, rateHeaders } from './meter-hook.js';

const endpoint = { id: 'test.metered', family: 'v2', path: '/v2/x', params: [], metering: { metered: true, historyDepth: null } } as unknown as EndpointDef;
const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);

test('the Free plan\u2019s sixth request in a minute is 429 with Retry-After; a denial is not counted', async () => {
  const clock = new ManualClock(T0);
  const limiter = new MemoryLimiter(clock);
  const hook = meterHook(limiter, 100_000);
  const key = { id: 'key_1', plan: PLANS.free };
  for (let i = 1; i <= 5; i += 1) {
    const req = fakeRequest({ pipeline: stateFor(endpoint, key) });
    assert.deepEqual(await runHook(hook, req, fakeReply()), { ended: 'done', error: null });
    assert.equal(req.pipeline?.rate?.remaining, 5 - i);
  }
  clock.advance(18_000);
  const denied = await runHook(hook, fakeRequest({ pipeline: stateFor(endpoint, key) }), fakeReply());
  assert.ok(denied.ended === 'done' && denied.error instanceof ApiError);
  assert.equal(denied.error.code, 'rate_limit_exceeded');
  assert.equal(denied.error.message, 'Rate limit exceeded: the Free plan allows 5 requests per minute. Retry in 42 seconds.');
  assert.deepEqual(denied.error.headers, { 'Retry-After': '42' });
  clock.set(T0 + 60_000);
  // The denial left no trace: a minute after the five, five more are admitted (a counted denial
  // at +18 s would still hold a slot).
  for (let i = 0; i < 5; i += 1) {
    assert.deepEqual(await runHook(hook, fakeRequest({ pipeline: stateFor(endpoint, key) }), fakeReply()), { ended: 'done', error: null });
  }
});

test('unlimited plans are metered at the safety cap', async () => {
  const hook = meterHook(new MemoryLimiter(new ManualClock(T0)), 7);
  const req = fakeRequest({ pipeline: stateFor(endpoint, { id: 'key_p', plan: PLANS.professional }) });
  await runHook(hook, req, fakeReply());
  assert.equal(req.pipeline?.rate?.limit, 7);
});

test('rateHeaders writes the decision, and nothing for a request never metered', () => {
  const reply = fakeReply();
  rateHeaders(reply, stateFor(endpoint, null, { rate: { allowed: true, limit: 5, remaining: 3, resetAt: 1768478460, retryAfter: 0 } }));
  assert.deepEqual(reply.headers, { 'x-ratelimit-limit': 5, 'x-ratelimit-remaining': 3, 'x-ratelimit-reset': 1768478460 });
  const none = fakeReply();
  rateHeaders(none, stateFor(endpoint));
  rateHeaders(none, null);
  assert.deepEqual(none.headers, {});
});
