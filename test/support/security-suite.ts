// The shared security suite, run on EVERY registered endpoint (whoever added it): no key, bad
// key, unknown key, revoked key, over the rate limit, history beyond the plan, conflicting v3
// credentials; and on every response the Request-Id, no-store on errors, no key echoed back.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { EndpointDef } from '../../src/service/endpoint-types.js';
import { historyCutoff } from '../../src/service/history-depth.js';
import { PLANS } from '../../src/store/plans.js';
import { examplePath, type TestServer } from './test-server.js';

/** Asserts the error shape of the endpoint's family (and the code, v2 422 aside) and returns the message. */
export async function expectError(res: Response, status: number, family: EndpointDef['family'], code?: string): Promise<string> {
  const text = await res.text();
  assert.equal(res.status, status, `expected ${status}, got ${res.status}: ${text.slice(0, 200)}`);
  const requestId = res.headers.get('request-id');
  assert.ok(requestId, 'Request-Id header');
  assert.equal(res.headers.get('cache-control'), 'no-store');
  assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
  const body = JSON.parse(text) as Record<string, unknown>;
  if (family === 'v3') {
    const err = body.error as Record<string, string>;
    assert.equal(typeof err.type, 'string');
    assert.equal(typeof err.message, 'string');
    assert.equal(err.request_id, requestId);
    if (code) assert.equal(err.code, code);
    return err.message!;
  }
  // v2/v1: the 422 body is exactly { error }; every other error adds the table's type and code.
  if (status === 422) assert.deepEqual(Object.keys(body), ['error']);
  else {
    assert.deepEqual(Object.keys(body), ['error', 'type', 'code']);
    assert.equal(typeof body.type, 'string');
    if (code) assert.equal(body.code, code);
  }
  assert.equal(typeof body.error, 'string');
  return body.error as string;
}

export function runSecuritySuite(endpoints: readonly EndpointDef[], server: () => TestServer): void {
  for (const e of endpoints) {
    describe(`security: ${e.method} ${e.path}`, () => {

      test('no key -> 401', async () => {
        const msg = await expectError(await server().call(e), 401, e.family, 'api_key_missing');
        assert.match(msg, /key/i);
      });

      test('malformed key -> 401', async () => {
        await expectError(await server().call(e, { key: 'not-a-key' }), 401, e.family, 'api_key_malformed');
      });

      test('unknown well-formed key -> 401 and the key is not echoed', async () => {
        const fake = `tk_live_${'A'.repeat(32)}`;
        const res = await server().call(e, { key: fake });
        const text = await res.clone().text();
        assert.ok(!text.includes(fake));
        await expectError(res, 401, e.family, 'api_key_unknown');
      });

      test('revoked key -> 401', async () => {
        const { key, id } = await server().createKey('professional');
        await server().revoke(id);
        await expectError(await server().call(e, { key }), 401, e.family, 'api_key_revoked');
      });

      if (e.family === 'v3') {
        test('Bearer and apikey carrying different keys -> 401 conflict', async () => {
          const s = server();
          const res = await s.call(e, { key: s.keys.professional, headers: { authorization: `Bearer ${s.keys.enterprise}` } });
          await expectError(res, 401, 'v3', 'credentials_conflict');
        });
      }

      test('a valid key succeeds with Request-Id (and rate headers when metered)', async () => {
        const s = server();
        const res = await s.call(e, { key: s.keys.professional });
        const text = await res.text();
        assert.equal(res.status, 200, text.slice(0, 300));
        assert.ok(res.headers.get('request-id'));
        assert.ok(!text.includes(s.keys.professional));
        if (e.metering.metered) {
          assert.equal(res.headers.get('x-ratelimit-limit'), String(s.config.unlimitedRateCap));
          assert.match(res.headers.get('x-ratelimit-remaining') ?? '', /^\d+$/);
          assert.match(res.headers.get('x-ratelimit-reset') ?? '', /^\d+$/);
        }
      });

      if (e.metering.metered) {
        test('over the free plan limit -> 429 with Retry-After and rate headers', async () => {
          const s = server();
          const { key } = await s.createKey('free');
          for (let i = 1; i <= 5; i += 1) {
            const r = await s.call(e, { key });
            await r.arrayBuffer();
            assert.notEqual(r.status, 429, `request ${i} was limited`);
            assert.equal(r.headers.get('x-ratelimit-remaining'), String(5 - i));
          }
          const res = await s.call(e, { key });
          const retryAfter = Number(res.headers.get('retry-after'));
          assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
          assert.equal(res.headers.get('x-ratelimit-limit'), '5');
          assert.equal(res.headers.get('x-ratelimit-remaining'), '0');
          assert.equal(Number(res.headers.get('x-ratelimit-reset')), Math.ceil((s.clock.now() + 60_000) / 1000));
          const msg = await expectError(res, 429, e.family, 'rate_limit_exceeded');
          assert.match(msg, /Free/);
          assert.match(msg, new RegExp(`${retryAfter} second`));
        });
      }

      const rule = e.metering.historyDepth;
      // (an entry whose start is in its body checks it in the handler: tested with the entry)
      if (rule && (rule.fiscalYearStartParam || rule.dateStartParam)) {
        test('history beyond the free plan -> 403 naming the plan', async () => {
          const s = server();
          const cutoff = historyCutoff(PLANS.free, s.clock.now())!;
          const { key } = await s.createKey('free');
          if (rule.fiscalYearStartParam) {
            const old = String(Number(cutoff.slice(0, 4)) - 3);
            const msg = await expectError(await s.get(examplePath(e, { [rule.fiscalYearStartParam]: old }), { key }), 403, e.family);
            assert.match(msg, /Free plan/);
          }
          if (rule.dateStartParam) {
            const msg = await expectError(await s.get(examplePath(e, { [rule.dateStartParam]: '2015-01-01' }), { key }), 403, e.family);
            assert.match(msg, /Free plan/);
          }
          // The same explicit start is fine on an all-history plan.
          const ok = await s.get(examplePath(e, { [rule.dateStartParam ?? rule.fiscalYearStartParam!]: rule.dateStartParam ? '2015-01-01' : '2015' }), { key: s.keys.enterprise });
          await ok.arrayBuffer();
          assert.equal(ok.status, 200);
        });
      }
    });
  }
}
