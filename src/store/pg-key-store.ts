// KeyStore on PostgreSQL (TENK_DATABASE_URL), shared by every node: one row per key looked up by
// its SHA-256 hash (unique index); the plaintext is never written. Lookups are cached per node;
// a revocation bumps a change counter in the same transaction, and each node polls the counter
// every 250 ms and drops its cache when it moves, so a key revoked anywhere is refused everywhere
// within a second. Invariant: while the database is unreachable the cache is dropped and lookups
// fail (503): a revocation is never missed by serving stale entries.
import { generateApiKey, generateKeyId, hashApiKey, keyHint, type RandomBytes } from './api-key.js';
import type { CreatedKey, KeyRecord, KeyStore } from './key-store.js';
import { isPlanName, type PlanName } from './plans.js';
import type { ControlDatabase } from './pg-control.js';
import { DependencyUnavailableError } from '../model/dependency-error.js';

interface Row { id: string; name: string | null; plan: string; hint: string; created_at: string; revoked_at: string | null }

const COLUMNS = 'id, name, plan, hint, created_at, revoked_at';
export const KEY_POLL_MS = 250;

function toRecord(r: Row): KeyRecord {
  if (!isPlanName(r.plan)) throw new Error(`key ${r.id} has an unknown plan`);
  return { id: r.id, name: r.name, plan: r.plan, hint: r.hint, createdAt: r.created_at, revokedAt: r.revoked_at };
}

export class PgKeyStore implements KeyStore {
  private readonly cache = new Map<string, KeyRecord | null>();
  private version: string | null = null;
  private timer: NodeJS.Timeout | null = null;
  private polling = false;
  /** Whether the last contact with the database succeeded (for /healthz). */
  connected = true;

  constructor(private readonly db: ControlDatabase, private readonly random?: RandomBytes, pollMs = KEY_POLL_MS) {
    if (pollMs > 0) {
      this.timer = setInterval(() => { void this.poll(); }, pollMs);
      this.timer.unref();
    }
  }

  /** Drops the cache when another node changed a key (or the database cannot be reached). */
  async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      const r = await this.db.pool.query<{ version: string }>(`SELECT version FROM ${this.db.schema}.key_changes WHERE id = 1`);
      const v = r.rows[0]?.version ?? '0';
      if (v !== this.version) { this.version = v; this.cache.clear(); }
      this.connected = true;
    } catch {
      this.version = null;
      this.cache.clear();
      this.connected = false;
    } finally {
      this.polling = false;
    }
  }

  async create(input: { plan: PlanName; name?: string | null; now: Date }): Promise<CreatedKey> {
    if (!isPlanName(input.plan)) throw new Error(`unknown plan '${String(input.plan)}'`);
    const key = generateApiKey(this.random);
    const id = generateKeyId(this.random);
    const row: Row = { id, name: input.name ?? null, plan: input.plan, hint: keyHint(key), created_at: input.now.toISOString(), revoked_at: null };
    await this.db.pool.query(`INSERT INTO ${this.db.schema}.api_keys (id, key_hash, hint, name, plan, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [id, hashApiKey(key), row.hint, row.name, row.plan, row.created_at]);
    return { key, record: toRecord(row) };
  }

  /** Creates a key only when the store has none (the first node's development key): nodes
   *  starting together serialize on an advisory lock, so exactly one creates it. */
  async createIfEmpty(input: { plan: PlanName; name?: string | null; now: Date }): Promise<CreatedKey | null> {
    if (!isPlanName(input.plan)) throw new Error(`unknown plan '${String(input.plan)}'`);
    const client = await this.db.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query("SELECT pg_advisory_xact_lock(hashtext('tenk_first_key'))");
      if (Number((await client.query<{ n: string }>(`SELECT COUNT(*) AS n FROM ${this.db.schema}.api_keys`)).rows[0]!.n) > 0) {
        await client.query('COMMIT');
        return null;
      }
      const key = generateApiKey(this.random);
      const id = generateKeyId(this.random);
      const row: Row = { id, name: input.name ?? null, plan: input.plan, hint: keyHint(key), created_at: input.now.toISOString(), revoked_at: null };
      await client.query(`INSERT INTO ${this.db.schema}.api_keys (id, key_hash, hint, name, plan, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
        [id, hashApiKey(key), row.hint, row.name, row.plan, row.created_at]);
      await client.query('COMMIT');
      return { key, record: toRecord(row) };
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  async findByHash(hash: string): Promise<KeyRecord | null> {
    const cached = this.cache.get(hash);
    if (cached !== undefined) return cached;
    let rows: Row[];
    try {
      rows = (await this.db.pool.query<Row>(`SELECT ${COLUMNS} FROM ${this.db.schema}.api_keys WHERE key_hash = $1`, [hash])).rows;
      this.connected = true;
    } catch (err) {
      this.connected = false;
      throw new DependencyUnavailableError('postgres', err);
    }
    const record = rows[0] ? toRecord(rows[0]) : null;
    // Unknown hashes are not cached (a flood of random keys must not grow memory); nothing is
    // cached until the change counter has been read once (a poll), so no stale entry outlives it.
    if (record && this.version !== null) {
      if (this.cache.size >= 100_000) this.cache.clear();
      this.cache.set(hash, record);
    }
    return record;
  }

  async list(): Promise<KeyRecord[]> {
    return (await this.db.pool.query<Row>(`SELECT ${COLUMNS} FROM ${this.db.schema}.api_keys ORDER BY created_at, id`)).rows.map(toRecord);
  }

  async revoke(id: string, now: Date): Promise<boolean> {
    const client = await this.db.pool.connect();
    try {
      await client.query('BEGIN');
      const changed = (await client.query(`UPDATE ${this.db.schema}.api_keys SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL`, [now.toISOString(), id])).rowCount === 1;
      if (changed) await client.query(`UPDATE ${this.db.schema}.key_changes SET version = version + 1 WHERE id = 1`);
      await client.query('COMMIT');
      if (changed) this.cache.clear();
      return changed;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  async count(): Promise<number> {
    return Number((await this.db.pool.query<{ n: string }>(`SELECT COUNT(*) AS n FROM ${this.db.schema}.api_keys`)).rows[0]!.n);
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.db.close();
  }
}
