// Redis stopped under a running `tenk serve` (issue 19, failure behaviour): a private
// redis-server started by this test on its own port is stopped, and metered requests get 503
// (v3 envelope, v2 {error,type,code}) — never a 200 without metering, never a hang — while
// /healthz reports Redis down; after a restart of redis-server the node serves again by itself.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { startServeProcess, type ServeProcess } from './support/serve-process.js';

const hasRedisServer = spawnSync('redis-server', ['--version'], { encoding: 'utf8' }).status === 0;
const skip = hasRedisServer ? false : 'redis-server is not installed (scripts/services.sh installs it)';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => { const p = (srv.address() as net.AddressInfo).port; srv.close(() => resolve(p)); });
  });
}

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => { out += d.toString(); if (/Ready to accept connections/.test(out)) resolve(); });
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${out}`)));
  });
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await gone;
}

/** Polls until `ok` holds (at most `tries` times, a quarter second apart): a wait, not a timing assertion. */
async function eventually(ok: () => Promise<boolean>, tries = 240): Promise<boolean> {
  for (let i = 0; i < tries; i += 1) {
    if (await ok()) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

let redis: ChildProcess | null = null;
let node: ServeProcess | null = null;
after(async () => {
  if (node) { node.child.kill('SIGTERM'); await node.exited; node.cleanup(); }
  if (redis) await stop(redis);
});

test('Redis down: 503 in both envelopes, never an unmetered 200; recovery by itself', { skip }, async () => {
  const port = await freePort();
  redis = await startRedis(port);
  node = await startServeProcess('tenk-redis-down-', { env: { TENK_REDIS_URL: `redis://127.0.0.1:${port}` } });
  const key = new URL(node.tryUrl).searchParams.get('apikey')!;
  const v2 = `${node.baseUrl}/v2/fundamental/income-statement/AAPL?limit=1&apikey=${key}`;
  const v3 = `${node.baseUrl}/v3.0.0/tickers?limit=1`;
  const v3Get = () => fetch(v3, { headers: { authorization: `Bearer ${key}` } });

  const up = await fetch(v2);
  assert.equal(up.status, 200, await up.text());
  assert.ok(up.headers.get('x-ratelimit-limit'));

  await stop(redis);
  redis = null;
  const statuses: number[] = [];
  for (let i = 0; i < 10; i += 1) {
    const r = await fetch(v2);
    const body = await r.text();
    statuses.push(r.status);
    if (r.status === 503) {
      assert.deepEqual(Object.keys(JSON.parse(body) as object), ['error', 'type', 'code'], body);
      assert.equal((JSON.parse(body) as { code: string }).code, 'service_unavailable');
      assert.equal(r.headers.get('retry-after'), '1');
      assert.doesNotMatch(body, /127\.0\.0\.1|redis:\/\/|ECONN/);
    }
  }
  assert.deepEqual(statuses, Array(10).fill(503), 'no request is admitted without metering');
  const r3 = await v3Get();
  const e3 = (await r3.json()) as { error: { type: string; code: string; request_id: string } };
  assert.equal(r3.status, 503);
  assert.equal(e3.error.type, 'api_error');
  assert.equal(e3.error.code, 'service_unavailable');
  assert.ok(e3.error.request_id);
  const health = await fetch(`${node.baseUrl}/healthz`);
  assert.equal(health.status, 503);
  assert.deepEqual(((await health.json()) as { dependencies: unknown }).dependencies, { redis: 'unavailable' });

  redis = await startRedis(port);
  assert.ok(await eventually(async () => { const r = await fetch(v2); await r.arrayBuffer(); return r.status === 200; }), 'service resumes');
  assert.equal((await v3Get()).status, 200);
  assert.equal((await fetch(`${node.baseUrl}/healthz`)).status, 200);
});
