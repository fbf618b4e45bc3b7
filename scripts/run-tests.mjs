#!/usr/bin/env node
// The README's test command (`npm test`). It builds the test dataset from the corpus once
// (TENK_TEST_DATA, default ../shared/data; cached in .tenk-test/ while code and corpus are
// unchanged), runs every *.test.ts under src/, test/ and bench/ with node's test runner, and ends with
// one line: `N passed, N failed[, N skipped]`.
//   npm test                     everything
//   npm test -- src/xbrl         only test files whose path contains one of the arguments
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.resolve(root, process.env.TENK_TEST_DATA ?? '../shared/data');
const testHome = path.join(root, '.tenk-test');
const filters = process.argv.slice(2);

function walk(dir, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}

function fingerprint() {
  const hash = crypto.createHash('sha256');
  for (const file of walk(path.join(root, 'src')).sort()) {
    if (file.endsWith('.test.ts')) continue;
    hash.update(file).update(fs.readFileSync(file));
  }
  // the repository's own reference data (data/share-classes.csv) is an input of the build too
  if (fs.existsSync(path.join(root, 'data'))) for (const file of walk(path.join(root, 'data')).sort()) hash.update(file).update(fs.readFileSync(file));
  for (const file of walk(dataDir).sort()) {
    const st = fs.statSync(file);
    hash.update(`${file}:${st.size}:${st.mtimeMs}`);
  }
  return hash.digest('hex');
}

function buildTestDataset() {
  fs.mkdirSync(testHome, { recursive: true });
  const stamp = path.join(testHome, 'fingerprint');
  const fp = fingerprint();
  if (fs.existsSync(path.join(testHome, 'dataset.sqlite')) && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === fp) {
    console.log('test dataset: up to date (.tenk-test/dataset.sqlite)');
    return true;
  }
  console.log(`test dataset: building from ${dataDir}`);
  const res = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'ingest', '--source', dataDir, '--home', testHome, '--versions'], {
    cwd: root, stdio: 'inherit', env: { ...process.env, TENK_HOME: testHome },
  });
  if (res.status !== 0) {
    console.error('test dataset: ingest failed');
    fs.rmSync(stamp, { force: true });
    return false;
  }
  fs.writeFileSync(stamp, fp);
  return true;
}

if (!fs.existsSync(dataDir)) {
  console.error(`test corpus not found at ${dataDir} (set TENK_TEST_DATA)`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

const files = [...walk(path.join(root, 'src')), ...walk(path.join(root, 'test')), ...walk(path.join(root, 'bench'))]
  .filter((f) => f.endsWith('.test.ts'))
  .filter((f) => filters.length === 0 || filters.some((x) => path.relative(root, f).includes(x)))
  .sort();

const datasetOk = buildTestDataset();
const summaryFile = path.join(testHome, `summary-${process.pid}.json`);
const run = spawnSync(
  process.execPath,
  ['--test', '--test-reporter=spec', '--test-reporter-destination=stdout',
    `--test-reporter=${path.join(root, 'scripts/summary-reporter.mjs')}`, `--test-reporter-destination=${summaryFile}`,
    ...files],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import tsx`.trim(),
      TENK_TEST_DATA: dataDir,
      TENK_TEST_HOME: testHome,
      TENK_LOG_LEVEL: process.env.TENK_LOG_LEVEL ?? 'silent',
    },
  },
);

let counts = { passed: 0, failed: 0, skipped: 0 };
try {
  counts = JSON.parse(fs.readFileSync(summaryFile, 'utf8').trim().split('\n').pop());
} catch {
  counts.failed += 1;
}
fs.rmSync(summaryFile, { force: true });
if (!datasetOk) counts.failed += 1;
if (run.status !== 0 && counts.failed === 0) counts.failed += 1;
console.log(`${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`);
process.exit(counts.failed > 0 ? 1 : 0);
