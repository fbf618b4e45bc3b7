import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildInWorker } from './build-worker.js';

describe('buildInWorker', () => {
  it('rejects with the build error, on the caller, and leaves no build file behind', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-build-worker-'));
    try {
      const target = path.join(dir, 'home', 'dataset.sqlite');
      await assert.rejects(buildInWorker({ sourceDir: path.join(dir, 'missing'), targetPath: target }), /source directory not found/);
      fs.mkdirSync(path.join(dir, 'src'));
      const calls: string[] = [];
      const progress = { start: (l: string) => calls.push(`start ${l}`), tick: () => {}, stop: () => calls.push('stop'), log: (l: string) => calls.push(`log ${l}`) };
      await assert.rejects(buildInWorker({ sourceDir: path.join(dir, 'src'), targetPath: target, progress }), /no SEC data in the source mirror/);
      assert.deepEqual(fs.readdirSync(path.join(dir, 'home')), []);
      assert.ok(calls.includes('stop'), 'progress calls are relayed to the caller');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
