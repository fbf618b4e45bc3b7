// The kept speed measures (BuildTuning) change where and how fast the build runs, never what it
// writes: a build of the same mirror with each one's reference path equals the default build,
// every table, view and the schema: V8's defaults instead of the build's V8 settings (build-v8.ts),
// and records rendered on the build thread instead of in the pool's workers (records-step.ts).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { buildInWorker } from '../src/ingest/build-worker.js';
import type { BuildTuning } from '../src/ingest/build-step.js';
import { datasetRows, tempDir, writeSmallMirror } from './ingest-fixtures.js';

let dir = '';
let tuned: { counts: Record<string, number>; rows: Record<string, unknown[]> };

async function build(name: string, tuning: Partial<BuildTuning>): Promise<typeof tuned> {
  const summary = await buildInWorker({ sourceDir: dir, targetPath: path.join(dir, name, 'dataset.sqlite'), tuning });
  return { counts: summary.counts, rows: datasetRows(summary.targetPath) };
}

function assertSameDataset(got: typeof tuned): void {
  assert.deepEqual(got.counts, tuned.counts);
  assert.deepEqual(Object.keys(got.rows), Object.keys(tuned.rows));
  for (const name of Object.keys(tuned.rows)) assert.deepEqual(got.rows[name], tuned.rows[name], `${name} identical`);
}

before(async () => {
  dir = tempDir('ingest-tuning');
  await writeSmallMirror(dir);
  tuned = await build('tuned', {});
  assert.equal(tuned.counts['companies built'], 2);
  assert.ok((tuned.counts['records written'] ?? 0) > 100, 'records were written');
  assert.ok((tuned.rows.prices?.length ?? 0) > 1000, 'prices were written');
});

after(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test('a build with V8 defaults equals one with the build V8 settings', { timeout: 300_000 }, async () => {
  assertSameDataset(await build('plain-v8', { v8: 'plain' }));
});

test('records rendered on the build thread equal records rendered in the pool workers', { timeout: 300_000 }, async () => {
  assertSameDataset(await build('rows-in-thread', { rows: 'thread' }));
});
