// The real CLI in a child process: `tenk serve --port 0` on a dataset prints the development key
// and a URL that works; `tenk keys create/list/revoke` act on the running server's state; SIGTERM
// stops it with exit code 0.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLI, startServeProcess } from './support/serve-process.js';

function tenk(args: string[], home: string) {
  const r = spawnSync(process.execPath, [...CLI, ...args, '--home', home], { encoding: 'utf8', env: { ...process.env, TENK_LOG_LEVEL: 'silent' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

test('serve prints a working development key, keys CLI manages keys, SIGTERM exits 0', async () => {
  const serve = await startServeProcess('tenk-cli-');
  const { home, child, tryUrl, exited } = serve;
  const out = serve.out;
  try {
    const devKey = /apikey=(tk_live_[A-Za-z0-9_-]{32})/.exec(tryUrl)![1]!;
    assert.match(out(), /development API key \(professional plan\)/);
    const res = await fetch(tryUrl);
    const body = (await res.json()) as Array<Record<string, unknown>>;
    assert.equal(res.status, 200);
    assert.equal(body.length, 2);
    assert.equal(body[0]!.ticker, 'AAPL');
    const base = new URL(tryUrl).origin;

    const created = tenk(['keys', 'create', '--plan', 'free', '--name', 'cli test'], home);
    assert.equal(created.code, 0, created.stderr);
    const lines = created.stdout.trimEnd().split('\n');
    const freeKey = lines[lines.length - 1]!;
    assert.match(freeKey, /^tk_live_[A-Za-z0-9_-]{32}$/);
    const id = /created (key_[0-9a-f]+)/.exec(created.stdout)![1]!;
    const r1 = await fetch(`${base}/v2/fundamental/balance-sheet/AAPL?apikey=${freeKey}`);
    await r1.arrayBuffer();
    assert.equal(r1.status, 200);
    assert.equal(r1.headers.get('x-ratelimit-limit'), '5');

    const listed = tenk(['keys', 'list'], home);
    assert.equal(listed.code, 0);
    assert.match(listed.stdout, new RegExp(id));
    assert.match(listed.stdout, /development/);
    assert.ok(!listed.stdout.includes(freeKey) && !listed.stdout.includes(devKey), 'list must not print keys');

    assert.equal(tenk(['keys', 'revoke', id], home).code, 0);
    assert.equal(tenk(['keys', 'revoke', id], home).code, 1);
    // The server's key cache notices another process's commit within 250 ms.
    await new Promise((r) => setTimeout(r, 400));
    const r2 = await fetch(`${base}/v2/fundamental/balance-sheet/AAPL?apikey=${freeKey}`);
    assert.equal(r2.status, 401);
    assert.equal(tenk(['keys', 'create', '--plan', 'gold'], home).code, 2);

    child.kill('SIGTERM');
    assert.equal(await exited, 0);
    assert.match(out(), /tenk: stopped/);
  } finally {
    serve.cleanup();
  }
});

test('serve without a dataset and without TENK_SOURCE fails with a clear message', () => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-cli-'));
  const r = spawnSync(process.execPath, [...CLI, 'serve', '--port', '0', '--home', home], { encoding: 'utf8', env: { ...process.env, TENK_SOURCE: '' } });
  assert.equal(r.status, 1);
  assert.match(r.stderr, /no dataset/);
  fs.rmSync(home, { recursive: true, force: true });
});
