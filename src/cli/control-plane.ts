// The control plane a command runs on: the key store and page-token secret in PostgreSQL when
// TENK_DATABASE_URL is set, else in $TENK_HOME/state.sqlite; the limiter in Redis when
// TENK_REDIS_URL is set, else in process. Invariant: one place decides, so `tenk serve` and
// `tenk keys` always use the same store.
import type { Config } from '../model/config.js';
import type { Clock } from '../model/clock.js';
import type { KeyStore } from '../store/key-store.js';
import type { PlanName } from '../store/plans.js';
import { SqliteKeyStore } from '../store/sqlite-key-store.js';
import { loadOrCreateServerSecret } from '../store/server-secret.js';
import { openControlDatabase } from '../store/pg-control.js';
import { PgKeyStore } from '../store/pg-key-store.js';
import { loadOrCreatePgServerSecret } from '../store/pg-server-secret.js';
import type { RateLimiter } from '../ratelimit/limiter.js';
import { MemoryLimiter } from '../ratelimit/memory-limiter.js';
import { RedisLimiter } from '../ratelimit/redis-limiter.js';

export interface KeyPlane {
  store: KeyStore;
  /** The page-token secret (TENK_SECRET, else the shared or local generated one). */
  secret(): Promise<string>;
  /** Reachability for /healthz: {} for SQLite, { postgres } for PostgreSQL. */
  health(): Record<string, boolean>;
  /** A development key when the store has none (one between nodes starting together), else null. */
  createFirstKey(input: { plan: PlanName; name: string; now: Date }): Promise<string | null>;
}

/** Opens the key store; throws (naming the file or the database, never a password) when it cannot. */
export async function openKeyPlane(config: Config): Promise<KeyPlane> {
  if (config.databaseUrl) {
    let db;
    try {
      db = await openControlDatabase(config.databaseUrl);
    } catch (err) {
      throw new Error(`PostgreSQL (TENK_DATABASE_URL) cannot be reached or initialized: ${(err as Error).message}`);
    }
    const store = new PgKeyStore(db);
    await store.poll();
    return {
      store, secret: () => loadOrCreatePgServerSecret(db, config.secret), health: () => ({ postgres: store.connected }),
      createFirstKey: async (input) => (await store.createIfEmpty(input))?.key ?? null,
    };
  }
  const store = new SqliteKeyStore(config.statePath);
  return {
    store, secret: async () => loadOrCreateServerSecret(config.statePath, config.secret), health: () => ({}),
    createFirstKey: async (input) => (await store.createIfEmpty(input))?.key ?? null,
  };
}

export interface LimiterPlane {
  limiter: RateLimiter;
  /** The in-process limiter (its windows are saved across restarts), or null with Redis. */
  memory: MemoryLimiter | null;
  health(): Record<string, boolean>;
}

export async function openLimiter(config: Config, clock: Clock, warn: (message: string) => void): Promise<LimiterPlane> {
  if (config.redisUrl) {
    const redis = new RedisLimiter(config.redisUrl, clock);
    if (!(await redis.ready(3000))) warn('Redis (TENK_REDIS_URL) is not reachable yet: metered requests get 503 until it is');
    return { limiter: redis, memory: null, health: () => ({ redis: redis.connected }) };
  }
  const memory = new MemoryLimiter(clock);
  return { limiter: memory, memory, health: () => ({}) };
}
