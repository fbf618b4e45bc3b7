import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildDataset } from './build-dataset.js';
import { recordsStep } from './records-step.js';
import { Handoff } from './build-handoffs.js';

test('a step whose producer is not in the build fails the build, naming both steps', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-handoffs-'));
  try {
    const target = path.join(dir, 'home', 'dataset.sqlite');
    await assert.rejects(buildDataset({ sourceDir: dir, targetPath: target, steps: [recordsStep] }),
      { message: "build step 'records' needs the standardized statements from the 'companyfacts' step, which has not run before it in this build" });
    assert.deepEqual(fs.readdirSync(path.dirname(target)), [], 'the failed build removed its file');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a hand-off is set once: a second producer call fails', () => {
  const h = new Handoff<number>('the answer', 'producer');
  assert.equal(h.find(), undefined);
  h.set(42);
  assert.equal(h.get('consumer'), 42);
  assert.throws(() => h.set(43), /already handed over/);
  assert.equal(h.get('consumer'), 42);
});
