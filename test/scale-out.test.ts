// Scale-out end to end (issue 19): two real `tenk serve` processes on one home, sharing Redis
// (limits) and PostgreSQL (keys, page-token secret, the served dataset version). The plan limits
// hold over both nodes together, a revocation reaches the other node within a second, a page
// token made on one node is valid on the other, both answer byte-identical bodies, and a new
// dataset version loaded into PostgreSQL is served by both without a restart. Skipped, naming the reason, when
// the services of scripts/services.sh cannot be reached.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { CLI, startServeProcess, type ServeProcess } from './support/serve-process.js';
import { TEST_DATABASE_URL, TEST_REDIS_URL, postgresSkip, redisSkip } from './support/services.js';
import { buildTinyDataset } from './support/tiny-dataset.js';

const skip = (await redisSkip()) || (await postgresSkip());

/** A fresh database for this run (dropped at the end): the nodes' control plane starts empty. */
async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `tenk_e2e_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(TEST_DATABASE_URL);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

describe('two tenk serve nodes sharing Redis and PostgreSQL', { skip }, () => {
  let db: { url: string; drop(): Promise<void> };
  let home: string;
  let a: ServeProcess;
  let b: ServeProcess;
  let env: Record<string, string>;

  const keys = (...args: string[]) => {
    const r = spawnSync(process.execPath, [...CLI, 'keys', ...args, '--home', home], { encoding: 'utf8', env: { ...process.env, ...env } });
    assert.equal(r.status, 0, r.stderr);
    return r.stdout;
  };
  const datasetCli = (...args: string[]) => {
    const r = spawnSync(process.execPath, [...CLI, 'dataset', ...args], { encoding: 'utf8', env: { ...process.env, ...env } });
    assert.equal(r.status, 0, r.stderr);
    return r.stdout;
  };
  const createKey = (plan: string) => {
    const lines = keys('create', '--plan', plan).trim().split('\n');
    return { key: lines.at(-1)!, id: /created (key_\w+)/.exec(lines[0]!)![1]! };
  };
  const get = async (node: ServeProcess, pathAndQuery: string, key: string) => {
    const r = await fetch(`${node.baseUrl}${pathAndQuery}${pathAndQuery.includes('?') ? '&' : '?'}apikey=${key}`);
    return { status: r.status, body: await r.text(), headers: r.headers };
  };

  before(async () => {
    db = await createDatabase();
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-scale-'));
    // Behind one address: both nodes build links on the public URL.
    env = { TENK_DATABASE_URL: db.url, TENK_REDIS_URL: TEST_REDIS_URL, TENK_PUBLIC_URL: 'https://api.example.com' };
    // The dataset is served from PostgreSQL: load a build as its first version.
    const build = buildTinyDataset([
      { cik: '0000320193', ticker: 'AAPL', years: [2023, 2024, 2025] },
      { cik: '0000789019', ticker: 'MSFT', years: [2023, 2024, 2025] },
      { cik: '0001018724', ticker: 'AMZN', years: [2023, 2024, 2025] },
    ]);
    datasetCli('load', '--from', build);
    // One home for both: with Redis the one-server-per-home lock does not apply.
    a = await startServeProcess('tenk-scale-', { home, env, keysElsewhere: true });
    b = await startServeProcess('tenk-scale-', { home, env, keysElsewhere: true });
    assert.match(a.out(), /serving postgres:tenk_ds_/);
  });

  after(async () => {
    for (const n of [a, b]) if (n) { n.child.kill('SIGTERM'); await n.exited; }
    if (home) fs.rmSync(home, { recursive: true, force: true });
    if (db) await db.drop();
  });

  test('a free key gets exactly 5 of 20 requests spread over both nodes', async () => {
    const { key } = createKey('free');
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) statuses.push((await get(i % 2 === 0 ? a : b, '/v2/fundamental/income-statement/AAPL?limit=1', key)).status);
    assert.equal(statuses.filter((s) => s === 200).length, 5, statuses.join(' '));
    assert.equal(statuses.filter((s) => s === 429).length, 15, statuses.join(' '));
  });

  test('an individual key gets exactly 300 of 400 requests at concurrency 50 over both nodes', async () => {
    const { key } = createKey('individual');
    let next = 0;
    const statuses: number[] = [];
    await Promise.all(Array.from({ length: 50 }, async () => {
      while (next < 400) {
        const i = next++;
        statuses.push((await get(i % 2 === 0 ? a : b, '/v2/fundamental/income-statement/AAPL?limit=1', key)).status);
      }
    }));
    assert.equal(statuses.length, 400);
    assert.equal(statuses.filter((s) => s === 200).length, 300);
    assert.equal(statuses.filter((s) => s === 429).length, 100);
  });

  test('a key revoked through one node is refused by the other within a second', async () => {
    const { key, id } = createKey('professional');
    assert.equal((await get(a, '/v2/fundamental/income-statement/AAPL?limit=1', key)).status, 200);
    assert.equal((await get(b, '/v2/fundamental/income-statement/AAPL?limit=1', key)).status, 200); // both cached it
    assert.match(keys('revoke', id), /revoked/);
    await new Promise((r) => setTimeout(r, 1000));
    for (const node of [a, b]) {
      const r = await get(node, '/v2/fundamental/income-statement/AAPL?limit=1', key);
      assert.equal(r.status, 401, r.body);
      assert.match(r.body, /api_key_revoked/);
    }
  });

  test('a page token made on node A is valid on node B, and both answer byte-identical bodies', async () => {
    const { key } = createKey('professional');
    const first = await get(a, '/v3.0.0/tickers?limit=1', key);
    assert.equal(first.status, 200, first.body);
    const nextUrl = (JSON.parse(first.body) as { next_page_url: string | null }).next_page_url;
    assert.ok(nextUrl, first.body);
    const u = new URL(nextUrl);
    const fromB = await get(b, `${u.pathname}${u.search}`, key);
    const fromA = await get(a, `${u.pathname}${u.search}`, key);
    assert.equal(fromB.status, 200, fromB.body);
    assert.equal(fromA.status, 200, fromA.body);
    // The page's records are the same; its links carry tokens stamped with each node's time.
    const page = (s: string) => JSON.parse(s) as { data: Array<{ ticker: string }> };
    assert.deepEqual(page(fromB.body).data, page(fromA.body).data);
    assert.notEqual(page(fromB.body).data[0]!.ticker, page(first.body).data[0]!.ticker);
    const ia = await get(a, '/v2/fundamental/income-statement/AAPL?limit=2', key);
    const ib = await get(b, '/v2/fundamental/income-statement/AAPL?limit=2', key);
    assert.equal(ia.status, 200);
    assert.equal(ia.body, ib.body);
  });

  test('a new dataset version loaded into PostgreSQL is served by both nodes without a restart', async () => {
    const { key } = createKey('professional');
    assert.equal((await get(a, '/v2/fundamental/income-statement/NVDA?limit=1', key)).status, 404);
    const build = buildTinyDataset([
      { cik: '0000320193', ticker: 'AAPL', years: [2024, 2025] },
      { cik: '0001045810', ticker: 'NVDA', years: [2024, 2025] },
    ]);
    datasetCli('load', '--from', build);
    for (const node of [a, b]) {
      let status = 0;
      // Each node polls the served version every second: wait for the switch (bounded), no timing asserted.
      for (let i = 0; i < 120 && status !== 200; i += 1) {
        status = (await get(node, '/v2/fundamental/income-statement/NVDA?limit=1', key)).status;
        if (status !== 200) await new Promise((r) => setTimeout(r, 250));
      }
      assert.equal(status, 200);
    }
    const na = await get(a, '/v2/fundamental/income-statement/NVDA?limit=2', key);
    const nb = await get(b, '/v2/fundamental/income-statement/NVDA?limit=2', key);
    assert.equal(na.body, nb.body);
  });

  test('a node stops cleanly and saves no rate windows (Redis keeps them; no state.sqlite with PostgreSQL keys)', async () => {
    b.child.kill('SIGTERM');
    assert.equal(await b.exited, 0);
    assert.equal(fs.existsSync(path.join(home, 'state.sqlite')), false);
  });

  test('/healthz reports both dependencies', async () => {
    const r = await fetch(`${a.baseUrl}/healthz`);
    assert.equal(r.status, 200);
    assert.deepEqual((await r.json() as { dependencies: unknown }).dependencies, { postgres: 'ok', redis: 'ok' });
  });
});
