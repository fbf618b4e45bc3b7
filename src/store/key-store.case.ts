// The shared case suite every KeyStore implementation runs (SQLite now, PostgreSQL later):
// hash-only storage, lookup, listing, revocation, plans and key format.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { hashApiKey, isWellFormedApiKey } from './api-key.js';
import type { KeyStore } from './key-store.js';

export function runKeyStoreCases(name: string, open: () => Promise<KeyStore>, rawContents?: (store: KeyStore) => string): void {
  describe(`KeyStore cases: ${name}`, () => {
    const now = new Date('2026-01-15T12:00:00Z');

    test('create returns a well-formed prefixed key that findByHash finds with its plan', async () => {
      const store = await open();
      try {
        const { key, record } = await store.create({ plan: 'free', name: 'ci', now });
        assert.ok(isWellFormedApiKey(key), key);
        assert.ok(key.startsWith('tk_live_'));
        const found = await store.findByHash(hashApiKey(key));
        assert.deepEqual(found, record);
        assert.equal(found?.plan, 'free');
        assert.equal(found?.name, 'ci');
        assert.equal(found?.revokedAt, null);
        assert.ok(record.hint.length < key.length && key.startsWith(record.hint.replace('…', '')));
      } finally { await store.close(); }
    });

    test('keys are distinct and an unknown hash is null', async () => {
      const store = await open();
      try {
        const a = await store.create({ plan: 'individual', now });
        const b = await store.create({ plan: 'individual', now });
        assert.notEqual(a.key, b.key);
        assert.notEqual(a.record.id, b.record.id);
        assert.equal(await store.findByHash(hashApiKey(`${a.key}x`)), null);
        assert.equal(await store.count(), 2);
      } finally { await store.close(); }
    });

    test('the plaintext key is never stored', async () => {
      const store = await open();
      try {
        const { key } = await store.create({ plan: 'professional', now });
        if (rawContents) assert.ok(!rawContents(store).includes(key.slice(8)), 'plaintext found in storage');
        const listed = JSON.stringify(await store.list());
        assert.ok(!listed.includes(key), 'list exposes the plaintext');
      } finally { await store.close(); }
    });

    test('revoke marks the key revoked once and keeps it findable', async () => {
      const store = await open();
      try {
        const { key, record } = await store.create({ plan: 'enterprise', now });
        assert.equal((await store.findByHash(hashApiKey(key)))?.revokedAt, null); // warm any cache
        assert.equal(await store.revoke(record.id, now), true);
        assert.equal(await store.revoke(record.id, now), false);
        assert.equal(await store.revoke('key_doesnotexist', now), false);
        const found = await store.findByHash(hashApiKey(key));
        assert.equal(found?.revokedAt, now.toISOString());
      } finally { await store.close(); }
    });

    test('list returns every key in creation order; unknown plans are refused', async () => {
      const store = await open();
      try {
        const a = await store.create({ plan: 'free', name: 'a', now });
        const b = await store.create({ plan: 'professional', name: 'b', now: new Date(now.getTime() + 1000) });
        assert.deepEqual((await store.list()).map((k) => k.id), [a.record.id, b.record.id]);
        await assert.rejects(store.create({ plan: 'gold' as never, now }));
      } finally { await store.close(); }
    });
  });
}
