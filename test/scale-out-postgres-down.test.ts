// PostgreSQL unreachable under a running `tenk serve` (issue 19, failure behaviour): the node
// reaches the database through a TCP relay this test owns; cutting the relay makes key lookups
// and dataset reads fail, so requests get 503 in both envelopes and /healthz is 503 naming
// postgres; reopening it, the node serves again by itself. The shared PostgreSQL is never stopped.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { CLI, startServeProcess, type ServeProcess } from './support/serve-process.js';
import { TEST_DATABASE_URL, postgresSkip } from './support/services.js';
import { buildTinyDataset } from './support/tiny-dataset.js';

const skip = await postgresSkip();

/** A TCP relay to the test PostgreSQL that can be cut (listener closed, connections destroyed) and reopened on the same port. */
class Relay {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target);
      for (const s of [client, upstream]) { this.sockets.add(s); s.on('close', () => this.sockets.delete(s)); s.on('error', () => { client.destroy(); upstream.destroy(); }); }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => { server.once('error', reject); server.listen(this.port, '127.0.0.1', () => resolve()); });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  async cut(): Promise<void> {
    const s = this.server;
    this.server = null;
    for (const sock of this.sockets) sock.destroy();
    if (s) await new Promise((r) => s.close(r));
  }
}

async function eventually(ok: () => Promise<boolean>, tries = 240): Promise<boolean> {
  for (let i = 0; i < tries; i += 1) {
    if (await ok()) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

const name = `tenk_pgdown_${crypto.randomBytes(5).toString('hex')}`;
const admin = async (sql: string) => {
  const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await c.connect();
  try { await c.query(sql); } finally { await c.end(); }
};
let node: ServeProcess | null = null;
let relay: Relay | null = null;
after(async () => {
  if (node) { node.child.kill('SIGKILL'); await node.exited; node.cleanup(); }
  await relay?.cut();
  if (!skip) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

test('PostgreSQL down: 503 in both envelopes and /healthz 503; recovery by itself', { skip }, async () => {
  await admin(`CREATE DATABASE ${name}`);
  const direct = Object.assign(new URL(TEST_DATABASE_URL), { pathname: `/${name}` });
  const env = { ...process.env, TENK_DATABASE_URL: direct.toString() };
  const load = spawnSync(process.execPath, [...CLI, 'dataset', 'load', '--from', buildTinyDataset([{ cik: '0000320193', ticker: 'AAPL', years: [2024, 2025] }])], { encoding: 'utf8', env });
  assert.equal(load.status, 0, load.stderr);
  relay = new Relay({ host: direct.hostname, port: Number(direct.port || 5432) });
  await relay.open();
  const viaRelay = Object.assign(new URL(direct.toString()), { port: String(relay.port) }).toString();
  node = await startServeProcess('tenk-pg-down-', { env: { TENK_DATABASE_URL: viaRelay } });
  const key = new URL(node.tryUrl).searchParams.get('apikey')!;
  const v2 = `${node.baseUrl}/v2/fundamental/income-statement/AAPL?limit=1&apikey=${key}`;
  const v3 = () => fetch(`${node!.baseUrl}/v3.0.0/tickers?limit=1`, { headers: { authorization: `Bearer ${key}` } });
  const health = () => fetch(`${node!.baseUrl}/healthz`);
  const up = await fetch(v2);
  assert.equal(up.status, 200, await up.text());

  await relay.cut();
  assert.ok(await eventually(async () => (await health()).status === 503), '/healthz notices the outage');
  const h = (await (await health()).json()) as { status: string; dependencies: Record<string, string> };
  assert.deepEqual([h.status, h.dependencies.postgres], ['unavailable', 'unavailable']);
  for (let i = 0; i < 5; i += 1) {
    const r = await fetch(v2);
    const body = await r.text();
    assert.equal(r.status, 503, body);
    assert.deepEqual(JSON.parse(body), { error: JSON.parse(body).error, type: 'api_error', code: 'service_unavailable' });
    assert.doesNotMatch(body, /127\.0\.0\.1|postgres:\/\/|ECONN|tenk_/);
  }
  const r3 = await v3();
  const e3 = (await r3.json()) as { error: { type: string; code: string } };
  assert.deepEqual([r3.status, e3.error.type, e3.error.code], [503, 'api_error', 'service_unavailable']);

  await relay.open();
  assert.ok(await eventually(async () => { const r = await fetch(v2); await r.arrayBuffer(); return r.status === 200; }), 'service resumes');
  assert.equal((await v3()).status, 200);
  assert.equal((await health()).status, 200);
});
