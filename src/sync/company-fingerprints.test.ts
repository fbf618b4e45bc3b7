// A company's fingerprint covers every input its records are built from: a change to the ADR
// ratio list changes it (so `tenk sync` rebuilds the company instead of carrying it over).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mirrorFingerprints } from './company-fingerprints.js';
import { codeIdentity, codeIdentityOf } from './code-identity.js';

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

test('the code identity changes with a module and not with a test file, and is an input of every company fingerprint', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-code-'));
  fs.mkdirSync(path.join(root, 'xbrl'));
  fs.writeFileSync(path.join(root, 'xbrl', 'rule.ts'), 'export const rule = 1;\n');
  fs.writeFileSync(path.join(root, 'xbrl', 'rule.test.ts'), 'test one\n');
  const before = codeIdentityOf(root);
  fs.writeFileSync(path.join(root, 'xbrl', 'rule.test.ts'), 'test two\n');
  assert.equal(codeIdentityOf(root), before, 'a test file is not the code that builds records');
  fs.writeFileSync(path.join(root, 'xbrl', 'rule.ts'), 'export const rule = 2;\n');
  assert.notEqual(codeIdentityOf(root), before, 'a changed rule module must change the identity');
  fs.rmSync(root, { recursive: true, force: true });

  const dir = tinyMirror();
  try {
    assert.match(codeIdentity(), /^[0-9a-f]{64}$/);
    const [a, b, c] = [await mirrorFingerprints(dir, 'code a'), await mirrorFingerprints(dir, 'code b'), await mirrorFingerprints(dir, 'code a')];
    assert.notEqual(a.companies.get('0000000001'), b.companies.get('0000000001'), 'other code must rebuild the company');
    assert.notEqual(a.all, b.all);
    assert.equal(a.companies.get('0000000001'), c.companies.get('0000000001'), 'the same code and inputs carry it over');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
