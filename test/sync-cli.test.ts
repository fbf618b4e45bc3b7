// The `tenk sync` command itself (a child process) against the local SEC stand-in: refused with a
// clear message without TENK_SEC_USER_AGENT; from an empty home `--ciks 320193` builds a dataset
// that serves Apple, and a second run reports that nothing changed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { CLI } from './support/serve-process.js';
import { startSecStandIn, type SecStandIn } from './support/sec-stand-in.js';

const DATA = path.resolve(process.env.TENK_TEST_DATA ?? '../shared/data');
let standIn: SecStandIn;
let home: string;
before(async () => {
  standIn = await startSecStandIn(DATA);
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-sync-cli-'));
});
after(async () => {
  await standIn.close();
  fs.rmSync(home, { recursive: true, force: true });
});

function tenk(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [...CLI, ...args], {
    env: { ...process.env, TENK_HOME: home, TENK_SEC_DATA_URL: standIn.url, TENK_SEC_WWW_URL: standIn.url, TENK_PRICES_URL: standIn.pricesUrl, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => { stdout += d; });
  child.stderr.setEncoding('utf8').on('data', (d: string) => { stderr += d; });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

test('tenk sync without TENK_SEC_USER_AGENT is refused with the reason, before any request', async () => {
  const n = standIn.requests.length;
  const r = await tenk(['sync', '--ciks', '320193'], { TENK_SEC_USER_AGENT: '' });
  assert.equal(r.code, 1);
  assert.match(r.stderr, /TENK_SEC_USER_AGENT must be set to "name email"/);
  assert.equal(standIn.requests.length, n);
  assert.ok(!fs.existsSync(path.join(home, 'mirror')));
});

test('tenk sync --ciks 320193 from an empty home builds Apple; the second run changes nothing', async () => {
  const env = { TENK_SEC_USER_AGENT: 'tenk tests tests@example.com' };
  const first = await tenk(['sync', '--ciks', '320193'], env);
  assert.equal(first.code, 0, first.stderr);
  assert.match(first.stdout, /files: 4 fetched, 0 not modified, 0 failed/);
  assert.match(first.stdout, /companies rebuilt: 1, carried over: 0/);
  const db = new Database(path.join(home, 'dataset.sqlite'), { readonly: true });
  const row = db.prepare("SELECT ticker, has_facts FROM companies WHERE cik = '0000320193'").get() as { ticker: string; has_facts: number };
  const records = (db.prepare("SELECT COUNT(*) AS n FROM records WHERE cik = '0000320193'").get() as { n: number }).n;
  db.close();
  assert.deepEqual(row, { ticker: 'AAPL', has_facts: 1 });
  assert.ok(records > 100, `${records} records`);

  const second = await tenk(['sync', '--ciks', '320193'], env);
  assert.equal(second.code, 0, second.stderr);
  assert.match(second.stdout, /files: 0 fetched, 4 not modified, 0 failed/);
  assert.match(second.stdout, /nothing changed: the dataset .* is kept/);

  const dry = await tenk(['sync', '--ciks', '320193', '--dry-run'], env);
  assert.equal(dry.code, 0);
  assert.match(dry.stdout, /dry run: 4 request\(s\) would be made/);
  assert.match(dry.stdout, /GET .*\/api\/xbrl\/companyfacts\/CIK0000320193\.json -> sec\/companyfacts\/CIK0000320193\.json \(conditional: If-None-Match/);
});

test('tenk sync usage errors exit 2', async () => {
  for (const args of [['sync'], ['sync', '--ciks', 'apple'], ['sync', '--all', '--ciks', '1'], ['sync', '--ciks', '1', '--since', '2024-13-45']]) {
    const r = await tenk(args, { TENK_SEC_USER_AGENT: 'a b@c' });
    assert.equal(r.code, 2, args.join(' '));
    assert.match(r.stderr, /^tenk sync: /);
  }
});
