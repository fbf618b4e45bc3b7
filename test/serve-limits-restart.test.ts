// Regressions (issue 20, defect 3): without Redis the rate windows reset on restart, and two
// `tenk serve` on one TENK_HOME each admitted the full rate. Now the windows are saved in
// state.sqlite at shutdown and restored at start, and a second server on the same home refuses to
// start (pointing at TENK_REDIS_URL); the lock is released on exit and on a crash (kill -9).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ManualClock } from '../src/model/clock.js';
import { MemoryLimiter } from '../src/ratelimit/memory-limiter.js';
import { acquireHomeLock, HomeLockedError } from '../src/store/home-lock.js';
import { loadRateWindows, saveRateWindows } from '../src/store/rate-window-file.js';
import { CLI, startServeProcess } from './support/serve-process.js';

function createKey(home: string, plan: string): string {
  const r = spawnSync(process.execPath, [...CLI, 'keys', 'create', '--plan', plan, '--home', home], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout.trim().split('\n').at(-1)!;
}

test('saved windows restore the count: a key at its limit stays limited after a restart (in process)', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-rw-'));
  try {
    const state = path.join(dir, 'state.sqlite');
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    const before = new MemoryLimiter(clock);
    for (let i = 0; i < 5; i += 1) assert.equal((await before.hit('key_a', 5)).allowed, true);
    clock.advance(20_000);
    await before.hit('key_b', 5);
    saveRateWindows(state, before.snapshot(), clock.now());
    clock.advance(1_000);
    const after = new MemoryLimiter(clock);
    after.restore(loadRateWindows(state));
    const denied = await after.hit('key_a', 5);
    assert.equal(denied.allowed, false);
    assert.equal(denied.retryAfter, 39, 'the oldest saved request leaves the window 39 s later');
    assert.equal((await after.hit('key_b', 5)).remaining, 3);
    clock.advance(40_000);
    assert.equal((await after.hit('key_a', 5)).allowed, true, 'saved stamps age out like live ones');
  } finally { fs.rmSync(dir, { recursive: true, force: true }); }
});

test('tenk serve: the free plan window survives a SIGTERM restart', async () => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-restart-'));
  try {
    const first = await startServeProcess('tenk-restart-', { home });
    const key = createKey(home, 'free');
    const url = `${first.baseUrl}/v2/fundamental/income-statement/AAPL?limit=1&apikey=${key}`;
    for (let i = 1; i <= 5; i += 1) {
      const r = await fetch(url);
      await r.arrayBuffer();
      assert.equal(r.status, 200, `request ${i}`);
    }
    first.child.kill('SIGTERM');
    assert.equal(await first.exited, 0);
    const second = await startServeProcess('tenk-restart-', { home });
    try {
      const r = await fetch(`${second.baseUrl}/v2/fundamental/income-statement/AAPL?limit=1&apikey=${key}`);
      const body = await r.text();
      assert.equal(r.status, 429, body);
      assert.equal(r.headers.get('x-ratelimit-remaining'), '0');
    } finally { second.cleanup(); }
  } finally { fs.rmSync(home, { recursive: true, force: true }); }
});

test('a second tenk serve on the same home refuses to start; the lock goes with a killed server', async () => {
  const first = await startServeProcess('tenk-lock-');
  try {
    const second = spawnSync(process.execPath, [...CLI, 'serve', '--port', '0', '--home', first.home], {
      encoding: 'utf8', env: { ...process.env, TENK_LOG_LEVEL: 'silent', TENK_SOURCE: '' }, timeout: 60_000,
    });
    assert.equal(second.status, 1, second.stdout + second.stderr);
    assert.match(second.stderr, /another tenk serve is already running/);
    assert.match(second.stderr, /TENK_REDIS_URL/);
    assert.doesNotMatch(second.stdout, /serving/);
    // kill -9: the operating system drops the lock with the process, so a restart is not blocked.
    first.child.kill('SIGKILL');
    await first.exited;
    const third = await startServeProcess('tenk-lock-', { home: first.home });
    third.cleanup();
  } finally { first.cleanup(); }
});

test('the home lock: held by one holder at a time within a process too, free again after release', () => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-lock-unit-'));
  try {
    const a = acquireHomeLock(home);
    assert.throws(() => acquireHomeLock(home), HomeLockedError);
    a.release();
    acquireHomeLock(home).release();
  } finally { fs.rmSync(home, { recursive: true, force: true }); }
});
