import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEarlyFlush } from './early-flush.js';

/** How many of this process's file descriptors are open on `file`. */
function handlesOn(file: string): number {
  let n = 0;
  for (const fd of fs.readdirSync('/proc/self/fd')) {
    try {
      if (fs.readlinkSync(`/proc/self/fd/${fd}`) === file) n++;
    } catch {
      // closed meanwhile
    }
  }
  return n;
}

test('early flush: flushes while the file is written, and its handle is closed once disposed', { skip: !fs.existsSync('/proc/self/fd') }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-early-flush-'));
  try {
    const file = path.join(fs.realpathSync(dir), 'build');
    fs.writeFileSync(file, '');
    const flush = startEarlyFlush(file, 5);
    assert.equal(handlesOn(file), 1);
    for (let i = 0; i < 5; i++) {
      fs.appendFileSync(file, Buffer.alloc(64 * 1024, i));
      await new Promise((r) => setTimeout(r, 10));
    }
    await flush.dispose();
    await flush.dispose();
    assert.equal(handlesOn(file), 0, 'the file handle is closed');
    assert.equal(fs.statSync(file).size, 5 * 64 * 1024, 'the writes are untouched');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('early flush: a file that cannot be opened is left to the final fsync', async () => {
  const flush = startEarlyFlush(path.join(os.tmpdir(), 'tenk-early-flush-missing', 'nothing'));
  await flush.dispose();
});
