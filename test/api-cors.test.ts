// CORS and nosniff (issue 20, feature 15): GET from any origin by default (keys are not cookies),
// a configurable origin list (TENK_CORS_ORIGINS), preflights answered, and
// X-Content-Type-Options: nosniff on every response (success, error, cache hit, preflight).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../src/model/config.js';
import { buildTinyDataset } from './support/tiny-dataset.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let dataset: string;
const servers: TestServer[] = [];
before(() => { dataset = buildTinyDataset([{ cik: '0000320193', ticker: 'AAPL', years: [2024, 2025] }]); });
after(async () => { for (const s of servers) await s.close(); });
async function start(env: Record<string, string> = {}): Promise<TestServer> {
  const s = await startTestServer({ datasetPath: dataset, env });
  servers.push(s);
  return s;
}

const ORIGIN = { origin: 'https://app.example.com' };

test('any origin by default: success, cache hit, error, openapi, health and 404 carry CORS and nosniff', async () => {
  const s = await start();
  const paths: Array<[string, string | undefined, number]> = [
    ['/v2/fundamental/income-statement/AAPL?limit=1', s.keys.professional, 200],
    ['/v2/fundamental/income-statement/AAPL?limit=1', s.keys.professional, 200], // a response-cache hit
    ['/v2/fundamental/income-statement/AAPL?limit=1', undefined, 401],
    ['/openapi.json', undefined, 200],
    ['/healthz', undefined, 200],
    ['/v3.0.0/nope', undefined, 404],
  ];
  for (const [p, key, status] of paths) {
    const res = await s.get(p, { key, headers: ORIGIN });
    await res.arrayBuffer();
    assert.equal(res.status, status, p);
    assert.equal(res.headers.get('access-control-allow-origin'), '*', p);
    assert.match(res.headers.get('access-control-expose-headers') ?? '', /Request-Id.*X-RateLimit-Remaining.*Retry-After/, p);
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff', p);
    assert.ok(res.headers.get('request-id'), p);
  }
});

test('a preflight is answered 204 with the methods and headers a browser may send', async () => {
  const s = await start();
  const res = await fetch(`${s.url}/v3.0.0/tickers`, {
    method: 'OPTIONS', headers: { ...ORIGIN, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
  });
  assert.equal(res.status, 204);
  assert.equal(res.headers.get('access-control-allow-origin'), '*');
  assert.match(res.headers.get('access-control-allow-methods') ?? '', /GET/);
  assert.match(res.headers.get('access-control-allow-headers') ?? '', /Authorization/i);
  assert.equal(res.headers.get('access-control-max-age'), '86400');
  assert.ok(res.headers.get('request-id'));
  assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
});

test('TENK_CORS_ORIGINS lists the allowed origins; off sends no CORS headers', async () => {
  const listed = await start({ TENK_CORS_ORIGINS: 'https://app.example.com, https://other.example.org' });
  const ok = await listed.get('/healthz', { headers: ORIGIN });
  assert.equal(ok.headers.get('access-control-allow-origin'), 'https://app.example.com');
  assert.match(ok.headers.get('vary') ?? '', /Origin/);
  const denied = await listed.get('/healthz', { headers: { origin: 'https://evil.example.net' } });
  assert.equal(denied.headers.get('access-control-allow-origin'), null);
  const off = await start({ TENK_CORS_ORIGINS: 'off' });
  const none = await off.get('/healthz', { headers: ORIGIN });
  assert.equal(none.headers.get('access-control-allow-origin'), null);
  assert.equal(none.headers.get('x-content-type-options'), 'nosniff');
  assert.throws(() => loadConfig({ TENK_CORS_ORIGINS: 'app.example.com' }), /TENK_CORS_ORIGINS/);
});
