// End-to-end: the screener over HTTP on PostgreSQL gives the SQLite server's rows (issue 28: both
// backends identical). The corpus build is loaded with `tenk dataset load` and served by a second
// in-process server (buildServer on the loaded version); a few screens (the latest period, a fiscal
// year, every page of a paged screen, the TSV form, include=provenance) must answer the same on
// both. Skipped, naming the reason, without the corpus dataset or without PostgreSQL.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { openDatasetPool, PgDataset } from '../src/dataset/postgres/pg-dataset.js';
import { currentVersion } from '../src/dataset/postgres/pg-dataset-versions.js';
import { buildServer } from '../src/http/build-server.js';
import { loadConfig } from '../src/model/config.js';
import { ManualClock } from '../src/model/clock.js';
import { MemoryLimiter } from '../src/ratelimit/memory-limiter.js';
import { SqliteKeyStore } from '../src/store/sqlite-key-store.js';
import { CLI } from './support/serve-process.js';
import { TEST_DATABASE_URL, postgresSkip } from './support/services.js';
import { corpusDatasetPath, hasCorpusDataset, startTestServer, TEST_NOW, type TestServer } from './support/test-server.js';

const noCorpus = hasCorpusDataset() ? false : 'no corpus dataset (npm test builds it)';
const pgDown = await postgresSkip();
const skip = noCorpus || (pgDown && `PostgreSQL not reachable at ${TEST_DATABASE_URL} (run scripts/services.sh)`);

describe('screener on PostgreSQL answers as on SQLite', { skip }, () => {
  const name = `tenk_screen_test_${crypto.randomBytes(5).toString('hex')}`;
  const url = Object.assign(new URL(TEST_DATABASE_URL), { pathname: `/${name}` }).toString();
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await c.connect();
    try { await c.query(sql); } finally { await c.end(); }
  };
  let pool: pg.Pool;
  let lite: TestServer;
  let app: FastifyInstance;
  let keyStore: SqliteKeyStore;
  let home: string;
  let pgUrl: string;
  let pgKey: string;

  before(async () => {
    await admin(`CREATE DATABASE ${name}`);
    const r = spawnSync(process.execPath, [...CLI, 'dataset', 'load', '--from', corpusDatasetPath()], { encoding: 'utf8', env: { ...process.env, TENK_DATABASE_URL: url } });
    assert.equal(r.status, 0, r.stderr);
    pool = openDatasetPool(url);
    const dataset = await PgDataset.open(pool, (await currentVersion(pool))!.schema);
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-screen-pg-'));
    const config = loadConfig({ TENK_HOME: home, TENK_LOG_LEVEL: 'silent' }, { port: 0 });
    const clock = new ManualClock(TEST_NOW);
    keyStore = new SqliteKeyStore(config.statePath);
    app = await buildServer({ config, dataset, keyStore, limiter: new MemoryLimiter(clock), clock, logLevel: 'silent' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('server has no TCP address');
    pgUrl = `http://127.0.0.1:${address.port}`;
    pgKey = (await keyStore.create({ plan: 'enterprise', name: 'test', now: new Date(clock.now()) })).key;
    lite = await startTestServer();
  });
  after(async () => {
    await app?.close();
    await keyStore?.close();
    await lite?.close();
    await pool?.end();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    if (home) fs.rmSync(home, { recursive: true, force: true });
  });

  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
  /** The body of a path on both servers (status 200 on both); next_page_url made relative. */
  async function both(p: string): Promise<[string, string]> {
    const a = await lite.get(p, { key: lite.keys.enterprise });
    const b = await fetch(`${pgUrl}${p}${p.includes('?') ? '&' : '?'}apikey=${encodeURIComponent(pgKey)}`);
    assert.equal(a.status, 200, p);
    assert.equal(b.status, 200, p);
    return [await a.text(), await b.text()];
  }
  /** Every row of a v3 screen on one server, following next_page_url (tokens are the server's own). */
  async function walk(get: (p: string) => Promise<Response>, params: Record<string, string>): Promise<unknown[]> {
    const out: unknown[] = [];
    let next: string | null = `/v3.0.0/screener?${q(params)}`;
    while (next !== null) {
      const res = await get(next);
      assert.equal(res.status, 200, next);
      const body = (await res.json()) as { data: unknown[]; next_page_url: string | null };
      out.push(...body.data);
      next = body.next_page_url === null ? null : new URL(body.next_page_url).pathname + new URL(body.next_page_url).search;
    }
    return out;
  }

  const SCREENS: Array<Record<string, string>> = [
    { where: "oper_margin > 20 and sector = 'Technology'", sort: '-market_cap', fields: 'market_cap,oper_margin,net_debt_to_ebitda', limit: '1000' },
    { where: 'is_sales_revenue_turnover > 50B or bs_acct_note_rcv is null', sort: 'symbol', fiscal_year: '2019', limit: '1000' },
    { where: 'pe_ratio between 10 and 20 and not (exchange in (\'NYSE\'))', sort: '-pe_ratio', period: 'quarterly', limit: '1000' },
  ];

  test('the same rows: latest period, a fiscal year, a quarterly screen (v2 JSON and TSV)', async () => {
    for (const params of SCREENS) {
      const [a, b] = await both(`/v2/screener?${q(params)}`);
      assert.ok((JSON.parse(a) as unknown[]).length > 0, JSON.stringify(params));
      assert.equal(b, a, JSON.stringify(params));
      const [ta, tb] = await both(`/v2/screener?${q({ ...params, format: 'excel' })}`);
      assert.equal(tb, ta, `TSV ${JSON.stringify(params)}`);
    }
  });

  test('paging to the end gives the same rows in the same order on both', async () => {
    const params = { where: 'market_cap > 10B', sort: '-market_cap', fields: 'market_cap,cur_ratio', limit: '37' };
    const a = await walk((p) => lite.get(p, { key: lite.keys.enterprise }), params);
    const b = await walk((p) => fetch(`${pgUrl}${p}${p.includes('?') ? '&' : '?'}apikey=${encodeURIComponent(pgKey)}`), params);
    assert.ok(a.length > 37, `${a.length} rows`);
    assert.deepEqual(b, a);
  });

  test('include=provenance names the same sources', async () => {
    const [a, b] = await both(`/v2/screener?${q({ where: 'market_cap > 500B', fields: 'market_cap,oper_margin,bs_acct_note_rcv', include: 'provenance', limit: '50' })}`);
    assert.deepEqual(JSON.parse(b), JSON.parse(a));
  });
});
