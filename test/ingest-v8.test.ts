// The build's V8 settings (src/ingest/build-v8.ts) are a speed measure only: a build of the same
// mirror with them ('tuned', the default) and with V8's defaults ('plain', the reference path)
// writes the same dataset, every table, view and the schema.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { buildInWorker } from '../src/ingest/build-worker.js';
import { datasetRows, tempDir, writeSmallMirror } from './ingest-fixtures.js';

test('a build with the tuned V8 settings equals one with V8 defaults', { timeout: 300_000 }, async () => {
  const dir = tempDir('ingest-v8');
  try {
    await writeSmallMirror(dir);
    const tuned = await buildInWorker({ sourceDir: dir, targetPath: path.join(dir, 'tuned', 'dataset.sqlite') });
    const plain = await buildInWorker({ sourceDir: dir, targetPath: path.join(dir, 'plain', 'dataset.sqlite'), v8: 'plain' });
    assert.equal(tuned.counts['companies built'], 2);
    assert.ok((tuned.counts['records written'] ?? 0) > 100);
    assert.deepEqual(plain.counts, tuned.counts);
    const a = datasetRows(tuned.targetPath);
    const b = datasetRows(plain.targetPath);
    assert.ok((a.prices?.length ?? 0) > 1000, 'prices were written');
    assert.deepEqual(Object.keys(b), Object.keys(a));
    for (const name of Object.keys(a)) assert.deepEqual(b[name], a[name], `${name} identical`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
