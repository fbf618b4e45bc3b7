// Runs the shared KeyStore cases against the PostgreSQL store (a fresh schema per case, dropped
// at the end), plus what only a shared store has: a revocation through one node reaches another
// node's cached lookup within a second, and both nodes agree on the page-token secret.
import crypto from 'node:crypto';
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { hashApiKey } from './api-key.js';
import { runKeyStoreCases } from './key-store.case.js';
import { openControlDatabase } from './pg-control.js';
import { PgKeyStore } from './pg-key-store.js';
import { loadOrCreatePgServerSecret } from './pg-server-secret.js';

// The PostgreSQL of scripts/services.sh, or TENK_TEST_DATABASE_URL; skipped, naming the reason,
// when it cannot be reached.
const URL = process.env.TENK_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const admin = new pg.Client({ connectionString: URL, connectionTimeoutMillis: 5000 });
const skip = await admin.connect().then(() => false as const, () => `no PostgreSQL at ${URL} (run scripts/services.sh)`);
const schemas: string[] = [];
const freshSchema = () => { const s = `tenk_test_${crypto.randomBytes(6).toString('hex')}`; schemas.push(s); return s; };
after(async () => {
  if (skip) return;
  for (const s of schemas) await admin.query(`DROP SCHEMA IF EXISTS "${s}" CASCADE`);
  await admin.end();
});

if (skip) {
  test('PostgreSQL key store cases', { skip }, () => {});
} else {
  runKeyStoreCases('postgres', async () => new PgKeyStore(await openControlDatabase(URL, freshSchema())));

  test('a revocation through one node reaches the other node\u2019s cached lookup within a second', async () => {
    const schema = freshSchema();
    const a = new PgKeyStore(await openControlDatabase(URL, schema));
    const b = new PgKeyStore(await openControlDatabase(URL, schema));
    try {
      const { key, record } = await a.create({ plan: 'free', now: new Date() });
      const hash = hashApiKey(key);
      await b.poll(); // b has read the change counter: its lookups are cached from here on
      assert.equal((await b.findByHash(hash))?.revokedAt, null);
      assert.equal(await a.revoke(record.id, new Date()), true);
      await new Promise((r) => setTimeout(r, 1000));
      assert.notEqual((await b.findByHash(hash))?.revokedAt, null);
    } finally { await a.close(); await b.close(); }
  });

  test('nodes starting together create one development key between them', async () => {
    const schema = freshSchema();
    const stores = await Promise.all([1, 2, 3].map(async () => new PgKeyStore(await openControlDatabase(URL, schema), undefined, 0)));
    try {
      const made = await Promise.all(stores.map((s) => s.createIfEmpty({ plan: 'professional', name: 'development', now: new Date() })));
      assert.equal(made.filter((m) => m !== null).length, 1);
      assert.equal(await stores[0]!.count(), 1);
    } finally { for (const s of stores) await s.close(); }
  });

  test('two nodes agree on the page-token secret; TENK_SECRET overrides it', async () => {
    const schema = freshSchema();
    const [a, b] = await Promise.all([openControlDatabase(URL, schema), openControlDatabase(URL, schema)]);
    try {
      const [sa, sb] = await Promise.all([loadOrCreatePgServerSecret(a, null), loadOrCreatePgServerSecret(b, null)]);
      assert.ok(sa.length >= 43);
      assert.equal(sa, sb);
      assert.equal(await loadOrCreatePgServerSecret(a, 'configured'), 'configured');
    } finally { await a.close(); await b.close(); }
  });
}
