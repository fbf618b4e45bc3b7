// The authentication hook: starts the request's pipeline state with the key, or ends the request
// with the 401 of a missing, malformed, unknown or revoked key (v3 also reads Bearer).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SqliteKeyStore } from '../store/sqlite-key-store.js';
import { authenticateHook } from './authenticate-hook.js';
import { ApiError } from '../service/errors.js';
import type { EndpointDef } from '../service/endpoint-types.js';
import { fakeReply, fakeRequest, runHook } from '../../test/support/hook-harness.js';
import { routePolicy } from './route-policy.js';

const endpoint = (family: 'v2' | 'v3') => ({ id: `test.${family}`, family, path: `/${family}/x`, params: [], metering: { metered: true, historyDepth: null } }) as unknown as EndpointDef;

test('a valid key starts the pipeline state with the key and its plan', async () => {
  const store = new SqliteKeyStore(':memory:');
  const { key, record } = await store.create({ plan: 'individual', now: new Date() });
  const policy = routePolicy(endpoint('v2'));
  const req = fakeRequest({ query: { apikey: key } });
  assert.deepEqual(await runHook(authenticateHook(store, policy), req, fakeReply()), { ended: 'done', error: null });
  assert.equal(req.pipeline?.policy, policy);
  assert.equal(req.pipeline?.key?.id, record.id);
  assert.equal(req.pipeline?.key?.plan.name, 'individual');
  await store.close();
});

test('missing, malformed, unknown and revoked keys end the request with their 401 code', async () => {
  const store = new SqliteKeyStore(':memory:');
  const { key, record } = await store.create({ plan: 'free', now: new Date() });
  await store.revoke(record.id, new Date());
  const hook = authenticateHook(store, routePolicy(endpoint('v2')));
  const codeOf = async (query: Record<string, unknown>) => {
    const out = await runHook(hook, fakeRequest({ query }), fakeReply());
    assert.ok(out.ended !== 'answered' && out.error instanceof ApiError, JSON.stringify(query));
    return out.error.code;
  };
  assert.equal(await codeOf({}), 'api_key_missing');
  assert.equal(await codeOf({ apikey: 'nope' }), 'api_key_malformed');
  assert.equal(await codeOf({ apikey: [key, key] }), 'api_key_malformed');
  assert.equal(await codeOf({ apikey: `tk_live_${'A'.repeat(32)}` }), 'api_key_unknown');
  assert.equal(await codeOf({ apikey: key }), 'api_key_revoked');
  await store.close();
});

test('v3 reads Authorization: Bearer; a different apikey beside it is a conflict', async () => {
  const store = new SqliteKeyStore(':memory:');
  const a = await store.create({ plan: 'professional', now: new Date() });
  const b = await store.create({ plan: 'professional', now: new Date() });
  const hook = authenticateHook(store, routePolicy(endpoint('v3')));
  const ok = fakeRequest({ authorization: `Bearer ${a.key}` });
  assert.equal((await runHook(hook, ok, fakeReply())).ended, 'done');
  assert.equal(ok.pipeline?.key?.id, a.record.id);
  const conflict = await runHook(hook, fakeRequest({ authorization: `Bearer ${a.key}`, query: { apikey: b.key } }), fakeReply());
  assert.ok(conflict.ended !== 'answered' && conflict.error instanceof ApiError && conflict.error.code === 'credentials_conflict');
  // v2 ignores the header.
  const v2 = await runHook(authenticateHook(store, routePolicy(endpoint('v2'))), fakeRequest({ authorization: `Bearer ${a.key}` }), fakeReply());
  assert.ok(v2.ended !== 'answered' && v2.error instanceof ApiError && v2.error.code === 'api_key_missing');
  await store.close();
});
