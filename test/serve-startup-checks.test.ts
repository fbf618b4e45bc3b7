// Regressions (issue 20, defects 2, 8 and 11): `tenk serve` served a 0-byte dataset.sqlite (every
// company 404) and re-initialized a 0-byte state.sqlite (dropping every key and printing a new
// one); startup errors did not say which file or what was wrong; state.sqlite was world-readable.
// Now a dataset must be a complete tenk build and an existing state file must be readable, or
// serve refuses naming the file and the cause; state files are 0600 in a 0700 home.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { checkDatasetFile, DatasetFileError, SUPPORTED_DATASET_SCHEMA } from '../src/dataset/sqlite/dataset-file-check.js';
import { Dataset } from '../src/dataset/sqlite/sqlite-dataset.js';
import { SqliteKeyStore } from '../src/store/sqlite-key-store.js';
import { StateFileError } from '../src/store/state-file.js';
import { CLI } from './support/serve-process.js';
import { buildTinyDataset } from './support/tiny-dataset.js';

const AAPL = [{ cik: '0000320193', ticker: 'AAPL', years: [2024, 2025] }];

function tmpHome(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-start-'));
}

/** Runs `tenk serve --port 0` on a home and waits for it to exit (it must refuse to start). */
function serveExit(home: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...CLI, 'serve', '--port', '0', '--home', home], {
      env: { ...process.env, TENK_LOG_LEVEL: 'silent', TENK_SOURCE: '' }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += String(d); if (/serving/.test(stdout)) child.kill('SIGKILL'); });
    child.stderr.on('data', (d) => { stderr += String(d); });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

function problemOf(file: string): string {
  try { checkDatasetFile(file); } catch (err) { assert.ok(err instanceof DatasetFileError); assert.ok(err.message.startsWith(`${file}: `), err.message); return err.message; }
  return 'accepted';
}

test('a 0-byte dataset.sqlite is refused by tenk serve, naming the file', async () => {
  const home = tmpHome();
  try {
    fs.writeFileSync(path.join(home, 'dataset.sqlite'), '');
    const r = await serveExit(home);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.ok(r.stderr.includes(path.join(home, 'dataset.sqlite')), r.stderr);
    assert.match(r.stderr, /empty \(0 bytes\)/);
    assert.doesNotMatch(r.stdout, /serving/);
  } finally { fs.rmSync(home, { recursive: true, force: true }); }
});

test('a 0-byte state.sqlite is refused, not re-initialized: no new key is minted', async () => {
  const home = tmpHome();
  try {
    buildTinyDataset(AAPL, path.join(home, 'dataset.sqlite'));
    const state = path.join(home, 'state.sqlite');
    fs.writeFileSync(state, '');
    const r = await serveExit(home);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.ok(r.stderr.includes(state), r.stderr);
    assert.match(r.stderr, /empty/);
    assert.match(r.stderr, /mv /, 'tells the operator how to reset deliberately');
    assert.doesNotMatch(r.stdout, /tk_live_|development API key/);
    assert.equal(fs.statSync(state).size, 0, 'the state file is left as it was');
  } finally { fs.rmSync(home, { recursive: true, force: true }); }
});

test('dataset files that are not a complete tenk build are refused with the cause', () => {
  const dir = tmpHome();
  try {
    const good = buildTinyDataset(AAPL, path.join(dir, 'good.sqlite'));
    assert.equal(problemOf(good), 'accepted');
    assert.equal(problemOf(path.join(dir, 'absent.sqlite')).includes('is missing'), true);
    fs.writeFileSync(path.join(dir, 'empty.sqlite'), '');
    assert.match(problemOf(path.join(dir, 'empty.sqlite')), /is empty \(0 bytes\)/);
    fs.writeFileSync(path.join(dir, 'text.sqlite'), 'this is a text file, not a database\n'.repeat(10));
    assert.match(problemOf(path.join(dir, 'text.sqlite')), /not an SQLite database/);
    const bytes = fs.readFileSync(good);
    fs.writeFileSync(path.join(dir, 'cut.sqlite'), bytes.subarray(0, Math.floor(bytes.length / 2)));
    assert.match(problemOf(path.join(dir, 'cut.sqlite')), /truncated/);
    fs.mkdirSync(path.join(dir, 'dir.sqlite'));
    assert.match(problemOf(path.join(dir, 'dir.sqlite')), /not a regular file/);
    const other = path.join(dir, 'other.sqlite');
    new Database(other).exec('CREATE TABLE t (x)').close();
    assert.match(problemOf(other), /not a tenk dataset \(no meta table\)/);
    const nomarker = path.join(dir, 'nomarker.sqlite');
    fs.copyFileSync(good, nomarker);
    new Database(nomarker).exec("DELETE FROM meta WHERE key = 'built_at'").close();
    assert.match(problemOf(nomarker), /no build marker/);
    const future = path.join(dir, 'future.sqlite');
    fs.copyFileSync(good, future);
    new Database(future).exec("UPDATE meta SET value = '99' WHERE key = 'schema_version'").close();
    assert.match(problemOf(future), new RegExp(`schema 99; this tenk reads schema ${SUPPORTED_DATASET_SCHEMA}`));
    // a build from before the stored body form (schema 1: object bodies) is refused, not misread
    const old = path.join(dir, 'old.sqlite');
    fs.copyFileSync(good, old);
    new Database(old).exec("UPDATE meta SET value = '1' WHERE key = 'schema_version'").close();
    assert.match(problemOf(old), new RegExp(`schema 1; this tenk reads schema ${SUPPORTED_DATASET_SCHEMA}: rebuild it`));
    // stored bodies are arrays read by position: a build made with other record fields is refused
    const moved = path.join(dir, 'moved.sqlite');
    fs.copyFileSync(good, moved);
    new Database(moved).exec("UPDATE meta SET value = '0123456789abcdef' WHERE key = 'record_columns'").close();
    assert.match(problemOf(moved), /built with other record fields \(meta.record_columns 0123456789abcdef; this tenk stores [0-9a-f]{16}\): rebuild it/);
    const unstated = path.join(dir, 'unstated.sqlite');
    fs.copyFileSync(good, unstated);
    new Database(unstated).exec("DELETE FROM meta WHERE key = 'record_columns'").close();
    assert.match(problemOf(unstated), /meta.record_columns missing/);
    const hollow = path.join(dir, 'hollow.sqlite');
    fs.copyFileSync(good, hollow);
    new Database(hollow).exec("CREATE TABLE ingest_counts (label TEXT PRIMARY KEY, n INTEGER NOT NULL); INSERT INTO ingest_counts VALUES ('records written', 12); DELETE FROM records").close();
    assert.match(problemOf(hollow), /incomplete: the build wrote 12 records written but table records is empty/);
  } finally { fs.rmSync(dir, { recursive: true, force: true }); }
});

test('Dataset.open names the file and the cause of an SQLite failure', () => {
  const dir = tmpHome();
  try {
    const f = path.join(dir, 'dataset.sqlite');
    fs.writeFileSync(f, Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.alloc(4080, 7)]));
    assert.throws(() => { const d = Dataset.open(f); d.meta('built_at'); d.close(); }, (err: Error) => err.message.includes(f) && /not an SQLite database|corrupt/.test(err.message));
  } finally { fs.rmSync(dir, { recursive: true, force: true }); }
});

test('state files: a garbage or foreign state.sqlite is refused; a new one is 0600 in a 0700 home', async () => {
  const dir = tmpHome();
  try {
    const garbage = path.join(dir, 'garbage.sqlite');
    fs.writeFileSync(garbage, 'not sqlite at all'.repeat(100));
    assert.throws(() => new SqliteKeyStore(garbage), (e: Error) => e instanceof StateFileError && e.message.includes(garbage) && /not an SQLite database/.test(e.message));
    const foreign = path.join(dir, 'foreign.sqlite');
    new Database(foreign).exec('CREATE TABLE t (x)').close();
    assert.throws(() => new SqliteKeyStore(foreign), /not a tenk state file/);
    const home = path.join(dir, 'home');
    const store = new SqliteKeyStore(path.join(home, 'state.sqlite'));
    await store.create({ plan: 'free', now: new Date() });
    for (const f of ['state.sqlite', 'state.sqlite-wal', 'state.sqlite-shm']) {
      const p = path.join(home, f);
      if (fs.existsSync(p)) assert.equal(fs.statSync(p).mode & 0o777, 0o600, f);
    }
    assert.equal(fs.statSync(home).mode & 0o777, 0o700);
    await store.close();
    // An existing world-readable state file is tightened when opened, and reopening keeps the keys.
    fs.chmodSync(path.join(home, 'state.sqlite'), 0o644);
    const again = new SqliteKeyStore(path.join(home, 'state.sqlite'));
    assert.equal(await again.count(), 1);
    assert.equal(fs.statSync(path.join(home, 'state.sqlite')).mode & 0o777, 0o600);
    await again.close();
  } finally { fs.rmSync(dir, { recursive: true, force: true }); }
});
