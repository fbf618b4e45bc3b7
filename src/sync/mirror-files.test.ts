import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readSyncState, removeStaleParts, sha256, tempPathFor, writeFileAtomic, writeSyncState } from './mirror-files.js';

test('an atomic write replaces the file whole and leaves no temporary file; a killed run\'s parts are removed next time', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-mirror-'));
  try {
    const target = path.join(dir, 'sec', 'companyfacts', 'CIK0000000001.json');
    writeFileAtomic(target, '{"a":1}');
    writeFileAtomic(target, '{"a":2}');
    assert.equal(fs.readFileSync(target, 'utf8'), '{"a":2}');
    assert.deepEqual(fs.readdirSync(path.dirname(target)), ['CIK0000000001.json']);
    // what a sync killed mid-download leaves: a temporary beside the old file
    fs.writeFileSync(tempPathFor(target), '{"a":');
    assert.equal(fs.readdirSync(path.dirname(target)).length, 2);
    removeStaleParts(dir);
    assert.deepEqual(fs.readdirSync(path.dirname(target)), ['CIK0000000001.json']);
    assert.equal(fs.readFileSync(target, 'utf8'), '{"a":2}');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('sync state round-trips; a missing or broken state file reads as empty', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-mirror-'));
  try {
    assert.deepEqual(readSyncState(dir), { files: {} });
    const state = { files: { 'sec/x.json': { etag: '"e"', lastModified: null, sha256: sha256(Buffer.from('x')), bytes: 1, fetchedAt: '2026-01-01T00:00:00.000Z' } } };
    writeSyncState(dir, state);
    assert.deepEqual(readSyncState(dir), state);
    fs.writeFileSync(path.join(dir, 'sync-state.json'), '{"files":');
    assert.deepEqual(readSyncState(dir), { files: {} });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
