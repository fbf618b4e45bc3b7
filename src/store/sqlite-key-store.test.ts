// Runs the shared KeyStore cases against the SQLite store (a fresh file per case).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hashApiKey } from './api-key.js';
import { runKeyStoreCases } from './key-store.case.js';
import { SqliteKeyStore } from './sqlite-key-store.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-keys-'));
let n = 0;
const files = new Map<object, string>();
runKeyStoreCases('sqlite', async () => {
  const file = path.join(dir, `state-${(n += 1)}.sqlite`);
  const store = new SqliteKeyStore(file);
  files.set(store, file);
  return store;
}, (store) => {
  const file = files.get(store)!;
  return [file, `${file}-wal`].filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f).toString('latin1')).join('');
});

test('a revocation committed by another connection (tenk keys revoke) reaches a cached lookup', async () => {
  const file = path.join(dir, 'shared.sqlite');
  const server = new SqliteKeyStore(file);
  const cli = new SqliteKeyStore(file);
  try {
    const { key, record } = await server.create({ plan: 'free', now: new Date() });
    const hash = hashApiKey(key);
    assert.equal((await server.findByHash(hash))?.revokedAt, null);
    assert.equal(await cli.revoke(record.id, new Date()), true);
    await new Promise((r) => setTimeout(r, 300));
    assert.notEqual((await server.findByHash(hash))?.revokedAt, null);
  } finally {
    await server.close();
    await cli.close();
  }
});

test('servers sharing a home create one development key between them', async () => {
  const file = path.join(dir, 'first-key.sqlite');
  const stores = [new SqliteKeyStore(file), new SqliteKeyStore(file), new SqliteKeyStore(file)];
  try {
    const made = await Promise.all(stores.map((s) => s.createIfEmpty({ plan: 'professional', name: 'development', now: new Date() })));
    assert.equal(made.filter((m) => m !== null).length, 1);
    assert.equal(await stores[1]!.createIfEmpty({ plan: 'professional', now: new Date() }), null);
    assert.equal(await stores[0]!.count(), 1);
  } finally { for (const s of stores) await s.close(); }
});
