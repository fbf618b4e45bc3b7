// Request ids are unique and shaped req_ + tag + counter; the hook sends the request's id.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fakeReply, fakeRequest, runHook } from '../../test/support/hook-harness.js';
import { nextRequestId } from '../service/request-id.js';
import { requestIdHook } from './request-id-hook.js';

test('ids are req_ + 8 hex + a base-36 counter, all different', () => {
  const ids = Array.from({ length: 1000 }, nextRequestId);
  assert.equal(new Set(ids).size, ids.length);
  for (const id of ids.slice(0, 5)) assert.match(id, /^req_[0-9a-f]{8}[0-9a-z]{6,}$/);
});

test('the hook sends Request-Id and nosniff and goes on', async () => {
  const reply = fakeReply();
  assert.deepEqual(await runHook(requestIdHook, fakeRequest(), reply), { ended: 'done', error: null });
  assert.deepEqual(reply.headers, { 'request-id': 'req_test', 'x-content-type-options': 'nosniff' });
});

test('an HTTP/1.1 request without Host is refused with request_malformed', async () => {
  const req = fakeRequest();
  delete (req.headers as Record<string, unknown>).host;
  const r = await runHook(requestIdHook, req, fakeReply());
  assert.equal(r.ended, 'done');
  assert.equal((r as { error: { code?: string } }).error.code, 'request_malformed');
});
