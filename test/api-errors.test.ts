// Error rules from outside: the error table matches docs/api.md both ways, unknown routes per
// family, v3 envelope with request_id, redacted 500s, no-store on errors, apikey never echoed.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { ENDPOINTS } from '../src/service/endpoint-registry.js';
import type { EndpointDef } from '../src/service/endpoint-types.js';
import { ERROR_TABLE } from '../src/service/errors.js';
import { expectError } from './support/security-suite.js';
import { buildTinyDataset } from './support/tiny-dataset.js';
import { startTestServer, type TestServer } from './support/test-server.js';

test('error table and docs/api.md list the same rows', () => {
  const doc = fs.readFileSync('docs/api.md', 'utf8');
  const rows = [...doc.matchAll(/^\| ([a-z_]+) \| ([a-z_]+) \| (\d{3}) \| (\d{3}) \| (yes|no) \|$/gm)];
  const documented = new Map(rows.map((m) => [m[1]!, m]));
  for (const [code, row] of Object.entries(ERROR_TABLE)) {
    const m = documented.get(code);
    assert.ok(m, `${code} missing from docs/api.md`);
    assert.equal(m[2], row.type, code);
    assert.equal(Number(m[3]), row.status, code);
    assert.equal(Number(m[4]), 'v2Status' in row ? row.v2Status : row.status, code);
    assert.equal(m[5] === 'yes', row.retryable, code);
  }
  for (const code of documented.keys()) assert.ok(code in ERROR_TABLE, `docs list unknown code ${code}`);
});

const boom = (id: string, family: EndpointDef['family'], path: string): EndpointDef => ({
  id, method: 'GET', path, family, summary: 'fails', description: 'always fails', tag: 'Test',
  params: [], response: { kind: 'schema', schema: { type: 'object' } }, formats: ['json'],
  metering: { metered: true, historyDepth: null }, pagination: 'none',
  mcp: { tool: `${id}_tool`, description: 'x' }, example: {},
  handler() { throw new Error("SqliteError: no such table: secret_table at /home/app/src/x.ts:1 (SELECT * FROM secret_table)"); },
});
const v3Echo: EndpointDef = {
  id: 'test.v3_echo', method: 'GET', path: '/v3.0.0/test-echo', family: 'v3', summary: 'echo', description: 'echo', tag: 'Test',
  params: [{ name: 'limit', in: 'query', type: 'integer', min: 1, max: 5, description: 'n' }],
  response: { kind: 'schema', schema: { type: 'object' } }, formats: ['json'],
  metering: { metered: true, historyDepth: null }, pagination: 'cursor', mcp: { tool: 'test_v3_echo', description: 'x' }, example: {},
  handler: (_d, p, ctx) => ({ kind: 'json', value: { data: [{ limit: p.limit ?? null, base: ctx.baseUrl, path: ctx.path, query: ctx.query }], next_page_url: null, previous_page_url: null } }),
};

describe('error responses from the running server', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer({
      datasetPath: buildTinyDataset([{ cik: '0000320193', ticker: 'AAPL', years: [2024, 2025] }]),
      endpoints: [...ENDPOINTS, boom('test.boom', 'v2', '/v2/test/boom'), boom('test.boom3', 'v3', '/v3.0.0/test/boom'), v3Echo,
        { ...v3Echo, id: 'test.v3_paid', path: '/v3.0.0/test-paid', plans: ['enterprise'], mcp: { tool: 'test_v3_paid', description: 'x' } }],
    });
  });
  after(async () => { await s.close(); });

  test('unexpected failures are a redacted 500 (v2 and v3)', async () => {
    for (const [p, fam] of [['/v2/test/boom', 'v2'], ['/v3.0.0/test/boom', 'v3']] as const) {
      const res = await s.get(p, { key: s.keys.professional });
      const text = await res.clone().text();
      for (const leak of ['secret_table', 'SELECT', '/home/app', 'Sqlite', 'stack', s.keys.professional]) assert.ok(!text.includes(leak), `${leak} leaked: ${text}`);
      await expectError(res, 500, fam, 'internal_error');
    }
  });

  test('unknown v3 route: 404 envelope resource_missing with request_id = Request-Id', async () => {
    const res = await s.get('/v3.0.0/no-such-thing?apikey=whatever');
    const rid = res.headers.get('request-id');
    const body = (await res.clone().json()) as { error: Record<string, string> };
    await expectError(res, 404, 'v3', 'resource_missing');
    assert.equal(body.error.type, 'invalid_request_error');
    assert.equal(body.error.request_id, rid);
    assert.ok(!JSON.stringify(body).includes('whatever'));
  });

  test('unknown v2 route: 404 { error }; a trailing slash still reaches the route', async () => {
    await expectError(await s.get('/v2/nothing/here'), 404, 'v2');
    const res = await s.get('/v2/fundamental/income-statement/AAPL/', { key: s.keys.enterprise });
    assert.equal(res.status, 200);
    await res.arrayBuffer();
  });

  test('v3 auth: Bearer works, same key twice works, different keys conflict, bad scheme malformed', async () => {
    const ok = await s.get('/v3.0.0/test-echo', { headers: { authorization: `Bearer ${s.keys.enterprise}` } });
    assert.equal(ok.status, 200);
    assert.deepEqual(await ok.json(), { data: [{ limit: null, base: s.url, path: '/v3.0.0/test-echo', query: {} }], next_page_url: null, previous_page_url: null });
    // Handlers see the query without credentials (page URLs never carry them).
    const q = await s.get('/v3.0.0/test-echo?limit=2&x=y', { key: s.keys.enterprise });
    assert.deepEqual(((await q.json()) as { data: Array<{ query: unknown }> }).data[0]!.query, { limit: '2', x: 'y' });
    const same = await s.get('/v3.0.0/test-echo', { key: s.keys.enterprise, headers: { authorization: `Bearer ${s.keys.enterprise}` } });
    assert.equal(same.status, 200);
    await same.arrayBuffer();
    await expectError(await s.get('/v3.0.0/test-echo', { key: s.keys.professional, headers: { authorization: `Bearer ${s.keys.enterprise}` } }), 401, 'v3', 'credentials_conflict');
    await expectError(await s.get('/v3.0.0/test-echo', { headers: { authorization: `Basic ${s.keys.enterprise}` } }), 401, 'v3', 'api_key_malformed');
    await expectError(await s.get('/v3.0.0/test-echo'), 401, 'v3', 'api_key_missing');
  });

  test('v3 validation is 400 with param; v2 validation is 422 with a single error field', async () => {
    const res = await s.get('/v3.0.0/test-echo?limit=9', { headers: { authorization: `Bearer ${s.keys.enterprise}` } });
    const body = (await res.clone().json()) as { error: Record<string, string> };
    await expectError(res, 400, 'v3', 'parameter_invalid');
    assert.equal(body.error.param, 'limit');
    const msg = await expectError(await s.get('/v2/fundamental/income-statement/AAPL?limit=0', { key: s.keys.enterprise }), 422, 'v2');
    assert.match(msg, /limit/);
  });

  test('an invalid request still counts against the window (counted before validation)', async () => {
    const { key } = await s.createKey('free');
    const bad = await s.get('/v2/fundamental/income-statement/AAPL?format=xml', { key });
    assert.equal(bad.status, 422);
    assert.equal(bad.headers.get('x-ratelimit-remaining'), '4');
    assert.equal(bad.headers.get('cache-control'), 'no-store');
    await bad.arrayBuffer();
    const good = await s.get('/v2/fundamental/income-statement/AAPL', { key });
    assert.equal(good.headers.get('x-ratelimit-remaining'), '3');
    assert.equal(good.headers.get('cache-control'), null);
    await good.arrayBuffer();
  });

  test('the window slides with the injected clock: 429 until the oldest request is 60 s old', async () => {
    const { key } = await s.createKey('free');
    const t0 = s.clock.now();
    for (let i = 0; i < 5; i += 1) { await (await s.get('/v2/fundamental/cash-flow/AAPL', { key })).arrayBuffer(); s.clock.advance(1000); }
    const limited = await s.get('/v2/fundamental/cash-flow/AAPL', { key });
    assert.equal(limited.status, 429);
    assert.equal(limited.headers.get('retry-after'), '55');
    await limited.arrayBuffer();
    s.clock.set(t0 + 60_000);
    const again = await s.get('/v2/fundamental/cash-flow/AAPL', { key });
    assert.equal(again.status, 200);
    assert.equal(again.headers.get('x-ratelimit-remaining'), '0');
    assert.equal(again.headers.get('x-ratelimit-reset'), String(Math.ceil((t0 + 1000 + 60_000) / 1000)));
    await again.arrayBuffer();
  });

  test('an endpoint outside the key\u2019s plan is 402 payment_required_error (after counting)', async () => {
    const res = await s.get('/v3.0.0/test-paid', { key: s.keys.professional });
    assert.ok(res.headers.get('x-ratelimit-remaining'));
    const body = (await res.clone().json()) as { error: Record<string, string> };
    await expectError(res, 402, 'v3', 'plan_upgrade_required');
    assert.equal(body.error.type, 'payment_required_error');
    assert.match(String(body.error.message), /Professional plan/);
    const ok = await s.get('/v3.0.0/test-paid', { key: s.keys.enterprise });
    assert.equal(ok.status, 200);
    await ok.arrayBuffer();
  });

  test('an unparseable URL is 400 request_malformed in the family\u2019s shape', async () => {
    await expectError(await s.get('/v2/fundamental/income-statement/%E0%A4%A'), 400, 'v2');
    await expectError(await s.get('/v3.0.0/x/%E0%A4%A'), 400, 'v3', 'request_malformed');
  });

  test('unknown identifier: 404 { error } naming it', async () => {
    const msg = await expectError(await s.get('/v2/fundamental/balance-sheet/NOPE', { key: s.keys.professional }), 404, 'v2');
    assert.match(msg, /NOPE/);
  });
});

test('log lines of failures carry the request id but no key, path, SQL or stack', async () => {
  const { PassThrough } = await import('node:stream');
  const { buildServer } = await import('../src/http/build-server.js');
  const { Dataset } = await import('../src/dataset/sqlite/sqlite-dataset.js');
  const { SqliteKeyStore } = await import('../src/store/sqlite-key-store.js');
  const { MemoryLimiter } = await import('../src/ratelimit/memory-limiter.js');
  const { ManualClock } = await import('../src/model/clock.js');
  const { loadConfig } = await import('../src/model/config.js');
  const lines: string[] = [];
  const stream = new PassThrough();
  stream.on('data', (d: Buffer) => lines.push(d.toString()));
  const dataset = Dataset.open(buildTinyDataset([{ cik: '0000320193', ticker: 'AAPL', years: [2025] }]));
  const keyStore = new SqliteKeyStore(':memory:');
  const clock = new ManualClock();
  const app = await buildServer({
    config: loadConfig({}), dataset, keyStore, limiter: new MemoryLimiter(clock), clock, logLevel: 'debug', logStream: stream,
    endpoints: [...ENDPOINTS, boom('test.boom', 'v2', '/v2/test/boom')],
  });
  try {
    const { key } = await keyStore.create({ plan: 'professional', now: new Date(clock.now()) });
    const res = await app.inject({ method: 'GET', url: `/v2/test/boom?apikey=${key}` });
    assert.equal(res.statusCode, 500);
    const log = lines.join('');
    assert.match(log, /unexpected failure/);
    assert.ok(log.includes(String(res.headers['request-id'])), 'request id logged');
    assert.match(log, /apikey=\[redacted\]/);
    assert.match(log, /"msg":"request"/, 'debug access log line');
    assert.match(log, /"status":500/);
    for (const leak of [key, key.slice(8), '/home/app', 'at /', '"stack"', 'SELECT']) assert.ok(!log.includes(leak), `${leak} in log: ${log}`);
  } finally {
    await app.close();
    dataset.close();
    await keyStore.close();
  }
});
