// The response cache sits inside the request pipeline and changes nothing but who computes the
// body: every request goes to a server with the cache and to one without it (cacheEntries 0;
// same key store, same clock, each with its own limiter, so their windows evolve alike), and
// status, headers (names and values, except Date and the Request-Id value), body and access-log
// line must match; a cache hit writes its headers in the order pinned below, everything else in
// the order of the server without a cache. Counting the cached server's handler calls shows the
// cache did answer the repeated cacheable GETs that passed every check, and nothing else.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../src/http/build-server.js';
import { ENDPOINTS } from '../src/service/endpoint-registry.js';
import type { EndpointDef } from '../src/service/endpoint-types.js';
import { loadConfig } from '../src/model/config.js';
import { Dataset } from '../src/dataset/sqlite/sqlite-dataset.js';
import { ManualClock } from '../src/model/clock.js';
import { MemoryLimiter } from '../src/ratelimit/memory-limiter.js';
import { SqliteKeyStore } from '../src/store/sqlite-key-store.js';
import type { PlanName } from '../src/store/plans.js';
import { buildTinyDataset } from './support/tiny-dataset.js';
import { corpusDatasetPath, hasCorpusDataset, TEST_NOW } from './support/test-server.js';

/** A cacheable endpoint only the Enterprise plan may call (none of the registry's restricts plans);
 *  v3, so one URL serves several keys (Bearer). */
const enterpriseOnly: EndpointDef = {
  id: 'test.enterprise_only', method: 'GET', path: '/v3.0.0/test-enterprise-only', family: 'v3', summary: 'x', description: 'x', tag: 'Test',
  params: [], response: { kind: 'schema', schema: { type: 'object' } }, formats: ['json'],
  metering: { metered: true, historyDepth: null }, plans: ['enterprise'], pagination: 'none', cacheable: true,
  mcp: { tool: 'test_enterprise_only', description: 'x' }, example: {},
  handler: () => ({ kind: 'json', value: { ok: true } }),
};

interface Served {
  app: FastifyInstance;
  port: number;
  agent: http.Agent;
  /** Endpoint handler calls (a cache hit makes none). */
  handled: number;
  log: string[];
}

interface Answer { status: number; rawHeaders: string[]; body: string; requestId: string }

function call(s: Served, method: string, pathAndQuery: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: s.port, method, path: pathAndQuery, headers, agent: s.agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({
        status: res.statusCode!, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks).toString('utf8'), requestId: String(res.headers['request-id']),
      }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Headers (name: value, in sorted order) without Date, the Request-Id value replaced; the body with its request id replaced. */
function comparable(a: Answer): { status: number; headers: string[]; body: string } {
  return { status: a.status, headers: headerLines(a).sort(), body: a.body.split(a.requestId).join('REQ') };
}

function headerLines(a: Answer): string[] {
  const lines: string[] = [];
  for (let i = 0; i < a.rawHeaders.length; i += 2) {
    const name = a.rawHeaders[i]!.toLowerCase();
    if (name === 'date') continue;
    lines.push(`${name}: ${name === 'request-id' ? 'REQ' : a.rawHeaders[i + 1]!}`);
  }
  return lines;
}

const names = (a: Answer) => headerLines(a).map((l) => l.slice(0, l.indexOf(':')));
/** The header order of a cache hit, as the cache has always written it. */
const HIT_ORDER = ['request-id', 'x-content-type-options', 'access-control-allow-origin', 'access-control-expose-headers', 'content-type', 'content-length', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'connection', 'keep-alive'];

/** Log lines without the fields that differ by nature (time, pid, request id, duration). */
const logFields = (lines: string[]) => lines.map((l) => {
  const { time: _t, pid: _p, reqId: _r, ms: _m, ...rest } = JSON.parse(l) as Record<string, unknown>;
  return rest;
});

describe('response cache in the request pipeline', () => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-response-cache-'));
  const config = loadConfig({ TENK_HOME: home, TENK_LOG_LEVEL: 'debug' }, { port: 0 });
  const clock = new ManualClock(TEST_NOW);
  const keyStore = new SqliteKeyStore(config.statePath);
  const datasetPath = hasCorpusDataset() ? corpusDatasetPath() : buildTinyDataset([
    { cik: '0000320193', ticker: 'AAPL', years: [2015, 2020, 2023, 2024, 2025] },
    { cik: '0001067983', ticker: 'BRK-B', tickers: ['BRK-B', 'BRK-A'], years: [2023, 2024] },
  ]);
  const dataset = Dataset.open(datasetPath);
  const keys = {} as Record<PlanName, string>;
  let cached: Served; // with the response cache
  let uncached: Served; // without (every body computed)

  async function serve(withCache: boolean): Promise<Served> {
    const log: string[] = [];
    const logStream = new Writable({ write(chunk, _enc, cb) { log.push(String(chunk)); cb(); } });
    const served: Served = { app: undefined as unknown as FastifyInstance, port: 0, agent: new http.Agent({ keepAlive: true, maxSockets: 1 }), handled: 0, log };
    const counted = (e: EndpointDef): EndpointDef => ({ ...e, handler: (deps, params, ctx) => { served.handled += 1; return e.handler(deps, params, ctx); } });
    const app = await buildServer({
      config, dataset, keyStore, limiter: new MemoryLimiter(clock), clock, logLevel: 'debug', logStream,
      ...(withCache ? {} : { cacheEntries: 0 }), endpoints: [...ENDPOINTS, enterpriseOnly].map(counted),
    });
    served.app = app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    served.port = (app.server.address() as { port: number }).port;
    return served;
  }

  before(async () => {
    for (const p of ['free', 'individual', 'professional', 'enterprise'] as const) {
      keys[p] = (await keyStore.create({ plan: p, name: `test-${p}`, now: new Date(clock.now()) })).key;
    }
    cached = await serve(true);
    uncached = await serve(false);
  });
  after(async () => {
    for (const s of [cached, uncached]) { s.agent.destroy(); await s.app.close(); }
    dataset.close();
    await keyStore.close();
    fs.rmSync(home, { recursive: true, force: true });
  });

  const requestIds: string[] = [];
  /** Sends one request to both servers, asserts identical answers; `cached` is true when the cache answered. */
  async function same(pathAndQuery: string, o: { key?: string; method?: string; headers?: Record<string, string> } = {}): Promise<{ status: number; cached: boolean }> {
    let u = pathAndQuery;
    if (o.key !== undefined) u += `${u.includes('?') ? '&' : '?'}apikey=${encodeURIComponent(o.key)}`;
    const handledBefore = cached.handled;
    const a = await call(cached, o.method ?? 'GET', u, o.headers ?? {});
    const b = await call(uncached, o.method ?? 'GET', u, o.headers ?? {});
    const what = `${o.method ?? 'GET'} ${pathAndQuery}`;
    assert.deepEqual(comparable(a), comparable(b), what);
    const hit = cached.handled === handledBefore && a.status === 200;
    if (hit) assert.deepEqual(names(a), HIT_ORDER.filter((n) => names(b).includes(n)), what);
    else assert.deepEqual(headerLines(a), headerLines(b), what);
    requestIds.push(a.requestId);
    return { status: a.status, cached: hit };
  }

  /** The same request `n` times: the statuses, and which ones the cache answered. */
  async function repeat(n: number, pathAndQuery: string, o: Parameters<typeof same>[1] = {}) {
    const out: Array<{ status: number; cached: boolean }> = [];
    for (let i = 0; i < n; i += 1) out.push(await same(pathAndQuery, o));
    return { statuses: out.map((r) => r.status), cached: out.map((r) => r.cached) };
  }

  const IS = '/v2/fundamental/income-statement';

  test('repeated cacheable GETs are answered from the cache with the computed bytes', async () => {
    assert.deepEqual(await repeat(3, `${IS}/AAPL?limit=10`, { key: keys.professional }), { statuses: [200, 200, 200], cached: [false, true, true] });
    assert.deepEqual(await repeat(2, '/v2/fundamental/multiples/AAPL?period=quarterly&limit=40', { key: keys.enterprise }), { statuses: [200, 200], cached: [false, true] });
    assert.deepEqual(await repeat(2, `${IS}/AAPL?limit=10&format=excel`, { key: keys.professional }), { statuses: [200, 200], cached: [false, true] });
    // The cache is keyed by validated params, not by URL: a trailing slash is the same request.
    assert.deepEqual(await repeat(2, `${IS}/AAPL/?limit=10`, { key: keys.professional }), { statuses: [200, 200], cached: [true, true] });
  });

  test('share-class identifiers (BRK.B, BRK-B, percent-encoded)', async () => {
    for (const id of ['BRK.B', 'BRK-B', 'brk%2Eb', 'BRK.A']) {
      assert.deepEqual(await repeat(2, `${IS}/${id}?limit=3`, { key: keys.professional }), { statuses: [200, 200], cached: [false, true] }, id);
    }
  });

  test('unknown paths and other methods never reach the cache; HEAD is answered from it', async () => {
    assert.deepEqual(await repeat(2, `${IS}/AAPL?limit=11`, { key: keys.professional, method: 'HEAD' }), { statuses: [200, 200], cached: [false, true] });
    assert.deepEqual(await repeat(2, '/v2/fundamental/no-such-statement/AAPL', { key: keys.professional }), { statuses: [404, 404], cached: [false, false] });
    assert.deepEqual(await repeat(2, `${IS}/AAPL?limit=10`, { key: keys.professional, method: 'POST' }), { statuses: [404, 404], cached: [false, false] });
    // (Fastify rejects this URL before routing.)
    assert.deepEqual((await repeat(1, '/v2/fundamental/income-statement/%E0%A4%A?limit=10', { key: keys.professional })).statuses, [400]);
  });

  test('bad, malformed, missing, duplicated, unknown and revoked keys', async () => {
    const url = `${IS}/AAPL?limit=10`;
    for (const key of ['not-a-key', `tk_live_${'A'.repeat(32)}`, '']) {
      assert.deepEqual(await repeat(2, url, { key }), { statuses: [401, 401], cached: [false, false] }, key);
    }
    assert.deepEqual(await repeat(2, url), { statuses: [401, 401], cached: [false, false] });
    assert.deepEqual(await repeat(2, `${url}&apikey=${keys.professional}`, { key: keys.professional }), { statuses: [401, 401], cached: [false, false] });
    const { key, record } = await keyStore.create({ plan: 'professional', name: 'to-revoke', now: new Date(clock.now()) });
    // (A new key of the same plan gets the body cached for that plan at once.)
    assert.deepEqual(await repeat(2, url, { key }), { statuses: [200, 200], cached: [true, true] });
    await keyStore.revoke(record.id, new Date(clock.now()));
    assert.deepEqual(await repeat(2, url, { key }), { statuses: [401, 401], cached: [false, false] });
  });

  test('rate limit: a cached answer is counted like a computed one, 429 after the limit (never cached), admitted again a window later', async () => {
    const { key } = await keyStore.create({ plan: 'free', name: 'window', now: new Date(clock.now()) });
    const r = await repeat(7, `${IS}/AAPL?limit=10`, { key });
    assert.deepEqual(r, { statuses: [200, 200, 200, 200, 200, 429, 429], cached: [false, true, true, true, true, false, false] });
    clock.advance(60_000);
    assert.deepEqual(await repeat(1, `${IS}/AAPL?limit=10`, { key }), { statuses: [200], cached: [true] });
  });

  test('history depth: implicit cutoff per plan, explicit start beyond the plan is 403', async () => {
    assert.deepEqual(await repeat(2, `${IS}/AAPL?limit=10`, { key: keys.individual }), { statuses: [200, 200], cached: [false, true] });
    assert.deepEqual(await repeat(2, `${IS}/AAPL?fiscal_year_start=2015`, { key: keys.individual }), { statuses: [403, 403], cached: [false, false] });
    assert.deepEqual(await repeat(2, `${IS}/AAPL?fiscal_year_start=2015`, { key: keys.enterprise }), { statuses: [200, 200], cached: [false, true] });
    assert.deepEqual(await repeat(2, `${IS}/AAPL?date_start=2010-01-01`, { key: keys.free }), { statuses: [403, 403], cached: [false, false] });
  });

  test('invalid parameters are 422 on both', async () => {
    for (const q of ['limit=abc', 'limit=0', 'period=weekly', 'fiscal_year_start=2020&fiscal_year_end=2019', 'limit=1&limit=2']) {
      assert.deepEqual(await repeat(2, `${IS}/AAPL?${q}`, { key: keys.enterprise }), { statuses: [422, 422], cached: [false, false] }, q);
    }
  });

  test('v3: Bearer or apikey, conflicts and malformed headers; plan access (402)', async () => {
    assert.deepEqual(await repeat(2, '/v3.0.0/exchanges', { headers: { authorization: `Bearer ${keys.professional}` } }), { statuses: [200, 200], cached: [false, true] });
    // The same params with the key as apikey, or in both places agreeing: the same cached answer at once.
    assert.deepEqual(await repeat(2, '/v3.0.0/exchanges', { key: keys.professional }), { statuses: [200, 200], cached: [true, true] });
    assert.deepEqual(await repeat(1, '/v3.0.0/exchanges', { key: keys.professional, headers: { authorization: `Bearer ${keys.professional}` } }), { statuses: [200], cached: [true] });
    assert.deepEqual(await repeat(2, '/v3.0.0/exchanges', { key: keys.professional, headers: { authorization: `Bearer ${keys.enterprise}` } }), { statuses: [401, 401], cached: [false, false] });
    assert.deepEqual(await repeat(2, '/v3.0.0/exchanges', { headers: { authorization: `Token ${keys.professional}` } }), { statuses: [401, 401], cached: [false, false] });
    const bearer = (k: string) => ({ headers: { authorization: `Bearer ${k}` } });
    assert.deepEqual(await repeat(2, '/v3.0.0/test-enterprise-only', bearer(keys.enterprise)), { statuses: [200, 200], cached: [false, true] });
    assert.deepEqual(await repeat(2, '/v3.0.0/test-enterprise-only', bearer(keys.professional)), { statuses: [402, 402], cached: [false, false] });
  });

  test('a history cutoff that moves past an explicit start turns a cached URL into 403', async () => {
    const url = `${IS}/AAPL?fiscal_year_start=2021`;
    assert.deepEqual(await repeat(2, url, { key: keys.individual }), { statuses: [200, 200], cached: [false, true] });
    clock.advance(366 * 24 * 3600_000);
    assert.deepEqual(await repeat(2, url, { key: keys.individual }), { statuses: [403, 403], cached: [false, false] });
  });

  test('access log lines match; request ids stay unique across both paths', () => {
    assert.ok(cached.log.length > 0);
    assert.deepEqual(logFields(cached.log), logFields(uncached.log));
    assert.equal(new Set(requestIds).size, requestIds.length);
  });
});
