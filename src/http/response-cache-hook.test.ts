// The response-cache hooks: a miss notes the key (params key + cutoff) and the body sent under it
// is kept as bytes; a hit is written at once with Request-Id, type, length and the window.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { EndpointDef } from '../service/endpoint-types.js';
import { fakeReply, fakeRequest, runHook, stateFor } from '../../test/support/hook-harness.js';
import { ResponseCache } from './response-cache.js';
import { responseCacheHooks } from './response-cache-hook.js';

const endpoint = { id: 'test.cached', family: 'v2', path: '/v2/x', params: [], cacheable: true, metering: { metered: true, historyDepth: null } } as unknown as EndpointDef;
const parsed = { params: {}, paramsKey: 'test.cached\u0000AAPL', format: 'json' };
const rate = { allowed: true, limit: 5, remaining: 2, resetAt: 1768478460, retryAfter: 0 };

function store(hooks: ReturnType<typeof responseCacheHooks>, req: ReturnType<typeof fakeRequest>, reply: ReturnType<typeof fakeReply>, payload: unknown): Promise<unknown> {
  return new Promise((resolve) => hooks.store(req, reply, payload, (_e, p) => resolve(p)));
}

test('a miss goes on, and the 200 body it sends is answered from the cache next time', async () => {
  const hooks = responseCacheHooks(new ResponseCache(10));
  const first = fakeRequest({ pipeline: stateFor(endpoint, null, { parsed, cutoff: '2024-01-15', rate }) });
  const r1 = fakeReply();
  assert.deepEqual(await runHook(hooks.lookup, first, r1), { ended: 'done', error: null });
  assert.equal(first.pipeline?.bodyKey, 'test.cached\u0000AAPL\u00002024-01-15');
  r1.header('Content-Type', 'application/json; charset=utf-8');
  const sent = await store(hooks, first, r1, '[{"a":"\u00e9"}]');
  assert.ok(Buffer.isBuffer(sent));

  const again = fakeRequest({ pipeline: stateFor(endpoint, null, { parsed, cutoff: '2024-01-15', rate }) });
  const r2 = fakeReply();
  assert.deepEqual(await runHook(hooks.lookup, again, r2), { ended: 'answered' });
  assert.equal(r2.hijacked, true);
  assert.deepEqual(r2.written?.headers, ['request-id', 'req_test', 'content-type', 'application/json; charset=utf-8', 'content-length', 12, // bytes, not characters
    'x-ratelimit-limit', 5, 'x-ratelimit-remaining', 2, 'x-ratelimit-reset', 1768478460]);
  assert.equal(r2.written?.body.toString('utf8'), '[{"a":"\u00e9"}]');
});

test('the cutoff is part of the key; errors and unnoted replies are not kept', async () => {
  const hooks = responseCacheHooks(new ResponseCache(10));
  const req = fakeRequest({ pipeline: stateFor(endpoint, null, { parsed, cutoff: '2024-01-15' }) });
  await runHook(hooks.lookup, req, fakeReply());
  const failed = fakeReply();
  failed.statusCode = 422;
  await store(hooks, req, failed, '{"error":"x"}');
  await store(hooks, fakeRequest(), fakeReply(), '[]');
  const other = fakeRequest({ pipeline: stateFor(endpoint, null, { parsed, cutoff: null }) });
  const ok = fakeReply();
  await runHook(hooks.lookup, other, ok);
  await store(hooks, other, ok, '[1]');
  // Only the null-cutoff body is cached: the 2024 cutoff still misses.
  assert.equal((await runHook(hooks.lookup, fakeRequest({ pipeline: stateFor(endpoint, null, { parsed, cutoff: '2024-01-15' }) }), fakeReply())).ended, 'done');
  assert.equal((await runHook(hooks.lookup, fakeRequest({ pipeline: stateFor(endpoint, null, { parsed, cutoff: null }) }), fakeReply())).ended, 'answered');
});
