// A SIGKILL in the middle of `tenk ingest` leaves the previous dataset byte-for-byte intact and
// servable; the next ingest removes the killed build's leftover file and swaps in its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Dataset } from '../src/dataset/sqlite/sqlite-dataset.js';
import { corpusDir, corpusFile, tempDir } from './ingest-fixtures.js';

const root = path.resolve(import.meta.dirname, '..');
const CLI = ['--import', 'tsx', path.join(root, 'src', 'cli', 'main.ts'), 'ingest'];

function sha256(file: string): string {
  return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

function ingestSync(source: string, home: string): void {
  const res = spawnSync(process.execPath, [...CLI, '--source', source, '--home', home], { cwd: root, encoding: 'utf8' });
  assert.equal(res.status, 0, res.stderr);
}

/** Starts a full-corpus ingest and SIGKILLs it once the companyfacts step has made progress. */
function ingestAndKillMidBuild(home: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...CLI, '--source', corpusDir, '--home', home], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let killedAt = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
      const m = /companyfacts: \d+\/\d+ \(\d+%\)/.exec(stderr);
      if (m && !killedAt) {
        killedAt = m[0];
        child.kill('SIGKILL');
      }
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (signal === 'SIGKILL' && killedAt) resolve(killedAt);
      else reject(new Error(`ingest ended before it could be killed (code ${code}): ${stderr.slice(-500)}`));
    });
  });
}

test('sigkill-mid-ingest-keeps-previous-dataset', { timeout: 300_000 }, async () => {
  const dir = tempDir('ingest-kill');
  try {
    const mirror = path.join(dir, 'mirror');
    const home = path.join(dir, 'home');
    fs.mkdirSync(path.join(mirror, 'sec', 'companyfacts'), { recursive: true });
    fs.writeFileSync(path.join(mirror, 'sec', 'companyfacts', 'CIK0001964738.json'), await corpusFile('companyfacts', '0001964738'));
    ingestSync(mirror, home);
    const datasetPath = path.join(home, 'dataset.sqlite');
    const before = sha256(datasetPath);
    const prev = Dataset.open(datasetPath);
    const builtAt = prev.meta('built_at');
    prev.close();

    const killedAt = await ingestAndKillMidBuild(home);
    assert.match(killedAt, /companyfacts/);
    assert.equal(sha256(datasetPath), before, 'the served dataset file is unchanged');
    const after = Dataset.open(datasetPath);
    try {
      assert.equal(after.meta('built_at'), builtAt);
      const n = after.db.prepare('SELECT COUNT(*) AS n FROM companies WHERE has_facts = 1').get() as { n: number };
      assert.equal(n.n, 1);
      assert.equal(after.db.pragma('integrity_check', { simple: true }), 'ok');
    } finally {
      after.close();
    }
    const leftovers = fs.readdirSync(home).filter((f) => f.includes('.building-'));
    assert.equal(leftovers.length, 1, `the killed build left its private file (proves the kill hit mid-build): ${leftovers.join(', ')}`);

    ingestSync(mirror, home);
    assert.deepEqual(fs.readdirSync(home).filter((f) => f.includes('.building-')), [], 'the next ingest removed the leftover');
    const next = Dataset.open(datasetPath);
    try {
      assert.notEqual(next.meta('built_at'), builtAt);
    } finally {
      next.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
