// A company's fingerprint covers every input its records are built from: a change to the ADR
// ratio list changes it (so `tenk sync` rebuilds the company instead of carrying it over).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mirrorFingerprints } from './company-fingerprints.js';

function tinyMirror(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-fp-'));
  fs.mkdirSync(path.join(dir, 'sec', 'companyfacts'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'sec', 'companyfacts', 'CIK0000000001.json'), JSON.stringify({ cik: 1, entityName: 'One', facts: {} }));
  fs.mkdirSync(path.join(dir, 'reference'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'reference', 'adr_ratios.csv'), 'symbol,ratio\nXYZ,5\n');
  return dir;
}

test('the ADR ratio list is an input of every company fingerprint and of the whole mirror', async () => {
  const dir = tinyMirror();
  try {
    const before = await mirrorFingerprints(dir);
    assert.equal(before.companies.size, 1);
    assert.deepEqual(await mirrorFingerprints(dir), before, 'same inputs, same fingerprints');
    fs.writeFileSync(path.join(dir, 'reference', 'adr_ratios.csv'), 'symbol,ratio\nXYZ,10\n');
    const after = await mirrorFingerprints(dir);
    assert.notEqual(after.companies.get('0000000001'), before.companies.get('0000000001'));
    assert.notEqual(after.all, before.all);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
