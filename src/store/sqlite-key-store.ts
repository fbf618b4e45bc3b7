// KeyStore on SQLite ($TENK_HOME/state.sqlite): one row per key, looked up by its SHA-256 hash
// through a unique index; the plaintext key is never written. WAL mode lets `tenk keys` run
// while a server holds the file open. Lookups are cached by hash; the cache is dropped when this
// handle writes, and when another process commits (PRAGMA data_version, polled at most every
// 250 ms), so a `tenk keys revoke` in another process takes effect within a quarter second.
import type Database from 'better-sqlite3';
import { generateApiKey, generateKeyId, hashApiKey, keyHint, type RandomBytes } from './api-key.js';
import type { CreatedKey, KeyRecord, KeyStore } from './key-store.js';
import { isPlanName, type PlanName } from './plans.js';
import { openStateDatabase } from './state-file.js';

interface Row { id: string; name: string | null; plan: string; hint: string; created_at: string; revoked_at: string | null }

function toRecord(r: Row): KeyRecord {
  if (!isPlanName(r.plan)) throw new Error(`key ${r.id} has an unknown plan`);
  return { id: r.id, name: r.name, plan: r.plan, hint: r.hint, createdAt: r.created_at, revokedAt: r.revoked_at };
}

export class SqliteKeyStore implements KeyStore {
  private readonly db: Database.Database;
  private readonly byHash: Database.Statement;
  private readonly dataVersion: Database.Statement;
  private readonly cache = new Map<string, KeyRecord | null>();
  private version = -1;
  private checkedAt = 0;

  constructor(file: string, private readonly random?: RandomBytes) {
    this.db = openStateDatabase(file);
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`CREATE TABLE IF NOT EXISTS api_keys (
      id TEXT PRIMARY KEY, key_hash TEXT NOT NULL UNIQUE, hint TEXT NOT NULL, name TEXT, plan TEXT NOT NULL,
      created_at TEXT NOT NULL, revoked_at TEXT)`);
    this.byHash = this.db.prepare('SELECT id, name, plan, hint, created_at, revoked_at FROM api_keys WHERE key_hash = ?');
    this.dataVersion = this.db.prepare('PRAGMA data_version').pluck();
  }

  private invalidateIfChangedElsewhere(): void {
    const now = performance.now();
    if (now - this.checkedAt < 250) return;
    this.checkedAt = now;
    const v = this.dataVersion.get() as number;
    if (v !== this.version) { this.version = v; this.cache.clear(); }
  }

  async create(input: { plan: PlanName; name?: string | null; now: Date }): Promise<CreatedKey> {
    if (!isPlanName(input.plan)) throw new Error(`unknown plan '${String(input.plan)}'`);
    return this.insertKey(input);
  }

  /** A new key of a known plan, inserted; only its hash is stored. */
  private insertKey(input: { plan: PlanName; name?: string | null; now: Date }): CreatedKey {
    const key = generateApiKey(this.random);
    const id = generateKeyId(this.random);
    const row: Row = { id, name: input.name ?? null, plan: input.plan, hint: keyHint(key), created_at: input.now.toISOString(), revoked_at: null };
    this.db.prepare('INSERT INTO api_keys (id, key_hash, hint, name, plan, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(id, hashApiKey(key), row.hint, row.name, row.plan, row.created_at);
    return { key, record: toRecord(row) };
  }

  /** Creates a key only when the file has none (the development key), under SQLite's write lock
   *  (BEGIN IMMEDIATE), so servers sharing a home (with Redis) create one between them. */
  async createIfEmpty(input: { plan: PlanName; name?: string | null; now: Date }): Promise<CreatedKey | null> {
    if (!isPlanName(input.plan)) throw new Error(`unknown plan '${String(input.plan)}'`);
    const count = this.db.prepare('SELECT COUNT(*) AS n FROM api_keys');
    return this.db.transaction((): CreatedKey | null => {
      if ((count.get() as { n: number }).n > 0) return null;
      return this.insertKey(input);
    }).immediate();
  }

  async findByHash(hash: string): Promise<KeyRecord | null> {
    this.invalidateIfChangedElsewhere();
    const cached = this.cache.get(hash);
    if (cached !== undefined) return cached;
    const r = this.byHash.get(hash) as Row | undefined;
    const record = r ? toRecord(r) : null;
    // Unknown hashes are not cached (a flood of random keys must not grow memory).
    if (record) {
      if (this.cache.size >= 100_000) this.cache.clear();
      this.cache.set(hash, record);
    }
    return record;
  }

  async list(): Promise<KeyRecord[]> {
    return (this.db.prepare('SELECT id, name, plan, hint, created_at, revoked_at FROM api_keys ORDER BY created_at, id').all() as Row[]).map(toRecord);
  }

  async revoke(id: string, now: Date): Promise<boolean> {
    const changed = this.db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(now.toISOString(), id).changes === 1;
    if (changed) this.cache.clear();
    return changed;
  }

  async count(): Promise<number> {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM api_keys').get() as { n: number }).n;
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
