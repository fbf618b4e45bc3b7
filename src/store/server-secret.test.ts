import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadOrCreateServerSecret } from './server-secret.js';

test('the server secret is generated once, kept in state, and TENK_SECRET overrides it', () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-secret-')), 'state.sqlite');
  const a = loadOrCreateServerSecret(file, null);
  assert.ok(a.length >= 43);
  assert.equal(loadOrCreateServerSecret(file, null), a);
  assert.equal(loadOrCreateServerSecret(file, 'configured'), 'configured');
  const other = path.join(path.dirname(file), 'other.sqlite');
  assert.notEqual(loadOrCreateServerSecret(other, null), a);
});
