// Starts the real HTTP server (buildServer + listen on an ephemeral port) on a dataset with a temp
// state dir, an injected ManualClock and one key per plan; every e2e test and the shared
// security suite go through this, so they test what `tenk serve` runs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../src/model/config.js';
import { Dataset } from '../../src/dataset/sqlite/sqlite-dataset.js';
import { buildServer, type ServerOptions } from '../../src/http/build-server.js';
import type { EndpointDef } from '../../src/service/endpoint-types.js';
import { ManualClock } from '../../src/model/clock.js';
import { MemoryLimiter } from '../../src/ratelimit/memory-limiter.js';
import { SqliteKeyStore } from '../../src/store/sqlite-key-store.js';
import { PLAN_NAMES, type PlanName } from '../../src/store/plans.js';
import { buildDataset } from '../../src/ingest/build-dataset.js';
import type { BuildStep } from '../../src/ingest/build-step.js';

/** The injected "today" of e2e tests: fixed so plan history cutoffs are stable. */
export const TEST_NOW = Date.UTC(2026, 0, 15, 12, 0, 0);

/** The corpus dataset `npm test` builds before the tests run. */
export function corpusDatasetPath(): string {
  return path.join(process.env.TENK_TEST_HOME ?? path.resolve('.tenk-test'), 'dataset.sqlite');
}

export function hasCorpusDataset(): boolean {
  return fs.existsSync(corpusDatasetPath());
}

export interface TestServer {
  url: string;
  app: FastifyInstance;
  clock: ManualClock;
  config: Config;
  keyStore: SqliteKeyStore;
  dataset: Dataset;
  /** One key per plan, created at start. */
  keys: Record<PlanName, string>;
  /** A new key (e.g. a fresh free key with an empty window). */
  createKey(plan: PlanName, name?: string): Promise<{ key: string; id: string }>;
  revoke(id: string): Promise<void>;
  /** GET a path (with query) on the server; `key` is appended as apikey when given. */
  get(pathAndQuery: string, opts?: { key?: string; headers?: Record<string, string> }): Promise<Response>;
  /** An endpoint's registry example: GET its example path, or POST its example body (JSON). */
  call(e: EndpointDef, opts?: { key?: string; headers?: Record<string, string>; overrides?: Record<string, string> }): Promise<Response>;
  close(): Promise<void>;
}

export interface StartOptions {
  datasetPath?: string;
  now?: number;
  endpoints?: readonly EndpointDef[];
  unlimitedRateCap?: number;
  cacheEntries?: number;
  /** Extra environment for loadConfig (TENK_PUBLIC_URL, TENK_TRUST_PROXY, ...). */
  env?: Record<string, string>;
  /** Prometheus metrics to record into (buildServer's metrics). */
  metrics?: ServerOptions['metrics'];
  /** Log level and stream (default silent), for tests that read the server's log lines. */
  logLevel?: string;
  logStream?: NodeJS.WritableStream;
  /** buildServer's extraRoutes (the MCP transport at /mcp). */
  extraRoutes?: ServerOptions['extraRoutes'];
}

export async function startTestServer(opts: StartOptions = {}): Promise<TestServer> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-e2e-'));
  const env: NodeJS.ProcessEnv = { TENK_HOME: home, TENK_LOG_LEVEL: 'silent', ...(opts.env ?? {}) };
  if (opts.unlimitedRateCap !== undefined) env.TENK_UNLIMITED_RATE_CAP = String(opts.unlimitedRateCap);
  const config = loadConfig(env, { port: 0 });
  const clock = new ManualClock(opts.now ?? TEST_NOW);
  const dataset = Dataset.open(opts.datasetPath ?? corpusDatasetPath());
  const keyStore = new SqliteKeyStore(config.statePath);
  const limiter = new MemoryLimiter(clock);
  const app = await buildServer({
    config, dataset, keyStore, limiter, clock, logLevel: opts.logLevel ?? 'silent',
    ...(opts.logStream ? { logStream: opts.logStream } : {}),
    ...(opts.metrics ? { metrics: opts.metrics } : {}),
    ...(opts.endpoints ? { endpoints: opts.endpoints } : {}),
    ...(opts.cacheEntries !== undefined ? { cacheEntries: opts.cacheEntries } : {}),
    ...(opts.extraRoutes ? { extraRoutes: opts.extraRoutes } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no TCP address');
  const url = `http://127.0.0.1:${address.port}`;
  const createKey = async (plan: PlanName, name?: string) => {
    const { key, record } = await keyStore.create({ plan, name: name ?? null, now: new Date(clock.now()) });
    return { key, id: record.id };
  };
  /** The server URL of a path, with `key` appended as apikey when given. */
  const withKey = (pathAndQuery: string, key: string | undefined) =>
    url + pathAndQuery + (key !== undefined ? `${pathAndQuery.includes('?') ? '&' : '?'}apikey=${encodeURIComponent(key)}` : '');
  const keys = {} as Record<PlanName, string>;
  for (const p of PLAN_NAMES) keys[p] = (await createKey(p, `test-${p}`)).key;
  return {
    url, app, clock, config, keyStore, dataset, keys, createKey,
    async revoke(id) { await keyStore.revoke(id, new Date(clock.now())); },
    get(pathAndQuery, o = {}) {
      return fetch(withKey(pathAndQuery, o.key), { headers: o.headers ?? {} });
    },
    call(e, o = {}) {
      const p = examplePath(e, o.overrides ?? {});
      if (!e.body) return fetch(withKey(p, o.key), { headers: o.headers ?? {} });
      return fetch(withKey(p, o.key), { method: 'POST', headers: { 'content-type': 'application/json', ...(o.headers ?? {}) }, body: JSON.stringify(e.body.example) });
    },
    async close() {
      await app.close();
      dataset.close();
      await keyStore.close();
      fs.rmSync(home, { recursive: true, force: true });
    },
  };
}

/** The request path of an endpoint's registry example: path params substituted, the rest as query. */
export function examplePath(e: EndpointDef, overrides: Record<string, string> = {}): string {
  const values = { ...e.example, ...overrides };
  const used = new Set<string>();
  const p = e.path.replace(/\{(\w+)\}/g, (_, name: string) => { used.add(name); return encodeURIComponent(values[name] ?? ''); });
  const q = Object.entries(values).filter(([k]) => !used.has(k)).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
  return q.length > 0 ? `${p}?${q.join('&')}` : p;
}

/**
 * A server on the corpus dataset `npm test` builds or, when a test file runs alone without it
 * (`useCorpus` false), on a dataset built from the corpus with only `steps`; close() removes that
 * dataset too.
 */
export async function startServerOnSteps(steps: readonly BuildStep[], useCorpus = hasCorpusDataset()): Promise<TestServer> {
  if (useCorpus) return startTestServer();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-steps-'));
  const datasetPath = path.join(tmp, 'dataset.sqlite');
  await buildDataset({ sourceDir: path.resolve(process.env.TENK_TEST_DATA ?? '../shared/data'), targetPath: datasetPath, steps: [...steps] });
  const server = await startTestServer({ datasetPath });
  const close = server.close.bind(server);
  return { ...server, async close() { await close(); fs.rmSync(tmp, { recursive: true, force: true }); } };
}

/** GET a path with the enterprise key: the parsed JSON of a 200 answer (any other status fails, showing the body). */
export async function okJson(s: TestServer, pathAndQuery: string): Promise<any> {
  const res = await s.get(pathAndQuery, { key: s.keys.enterprise });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${pathAndQuery}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** The one annual record of `route` (e.g. income-statement) for `id` at period end `date` (`extra`: more query, starting with &). */
export async function annualRecordAt(s: TestServer, route: string, id: string, date: string, extra = ''): Promise<Record<string, any>> {
  const rows = (await okJson(s, `/v2/fundamental/${route}/${id}?period=annual&date_start=${date}&date_end=${date}${extra}`)) as Array<Record<string, any>>;
  if (rows.length !== 1) throw new Error(`${route} ${id} ${date}: ${rows.length} records`);
  return rows[0]!;
}
