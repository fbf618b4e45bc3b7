// The control-plane tables in PostgreSQL (TENK_DATABASE_URL), shared by every node: API keys, a
// key-change counter and the server secrets, in one schema (default `tenk_control`). Invariant:
// the schema is created once under an advisory lock, so nodes starting together never race; the
// pool has short timeouts, so an unreachable database is an error within seconds, never a hang.
import pg from 'pg';

export interface ControlDatabase {
  readonly pool: pg.Pool;
  /** The quoted schema name, for SQL text. */
  readonly schema: string;
  close(): Promise<void>;
}

const IDENT = /^[a-z_][a-z0-9_]{0,62}$/;

/** A pool with the timeouts every networked store uses. */
export function openPool(url: string, max = 4): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 2000, query_timeout: 5000, idleTimeoutMillis: 10_000 });
  // An idle client's connection error (database restarted) is reported by the next query.
  pool.on('error', () => { /* the next query fails and is answered as unavailable */ });
  return pool;
}

export async function openControlDatabase(url: string, schemaName = 'tenk_control'): Promise<ControlDatabase> {
  if (!IDENT.test(schemaName)) throw new Error(`invalid schema name '${schemaName}'`);
  const pool = openPool(url);
  const schema = `"${schemaName}"`;
  const client = await pool.connect().catch(async (err: unknown) => { await pool.end(); throw err; });
  try {
    await client.query('BEGIN');
    await client.query("SELECT pg_advisory_xact_lock(hashtext('tenk_control_schema'))");
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(`CREATE TABLE IF NOT EXISTS ${schema}.api_keys (
      id TEXT PRIMARY KEY, key_hash TEXT NOT NULL UNIQUE, hint TEXT NOT NULL, name TEXT, plan TEXT NOT NULL,
      created_at TEXT NOT NULL, revoked_at TEXT)`);
    await client.query(`CREATE TABLE IF NOT EXISTS ${schema}.key_changes (id INTEGER PRIMARY KEY CHECK (id = 1), version BIGINT NOT NULL)`);
    await client.query(`INSERT INTO ${schema}.key_changes (id, version) VALUES (1, 0) ON CONFLICT (id) DO NOTHING`);
    await client.query(`CREATE TABLE IF NOT EXISTS ${schema}.server_secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL)`);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release();
    await pool.end();
    throw err;
  }
  client.release();
  return { pool, schema, close: () => pool.end() };
}
