// The served dataset version in PostgreSQL (TENK_DATABASE_URL): each load is its own schema
// (`tenk_ds_<time>_<rand>`), registered in `tenk_datasets.versions`; `tenk_datasets.current`
// names the served one and the previous one (for rollback). Invariants: the switch is one
// transaction (with a NOTIFY on `tenk_dataset` for the nodes), so a reader sees the old or the
// new version, never a mix; a load that did not finish is never current and is dropped later;
// after a switch only the current and the previous versions are kept.
import { datasetFormatProblem } from '../dataset-format.js';
import type pg from 'pg';

export const REGISTRY = 'tenk_datasets';
export const SWITCH_CHANNEL = 'tenk_dataset';
/** Held by a load for its whole session: one load at a time; the server drops it with a killed process. */
export const LOAD_LOCK = "hashtext('tenk_dataset_load')";

export interface CurrentVersion { schema: string; previous: string | null; switchedAt: string }

export async function ensureRegistry(db: pg.ClientBase): Promise<void> {
  await db.query('BEGIN');
  try {
    await db.query("SELECT pg_advisory_xact_lock(hashtext('tenk_datasets_registry'))");
    await db.query(`CREATE SCHEMA IF NOT EXISTS ${REGISTRY}`);
    await db.query(`CREATE TABLE IF NOT EXISTS ${REGISTRY}.versions (
      schema_name TEXT PRIMARY KEY, built_at TEXT, started_at TIMESTAMPTZ NOT NULL DEFAULT now(),
      state TEXT NOT NULL CHECK (state IN ('loading', 'ready')))`);
    await db.query(`CREATE TABLE IF NOT EXISTS ${REGISTRY}.current (
      id INTEGER PRIMARY KEY CHECK (id = 1), schema_name TEXT NOT NULL, previous TEXT, switched_at TIMESTAMPTZ NOT NULL)`);
    await db.query('COMMIT');
  } catch (err) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

export async function currentVersion(db: pg.ClientBase | pg.Pool): Promise<CurrentVersion | null> {
  const r = await db.query<{ schema_name: string; previous: string | null; switched_at: Date }>(
    `SELECT schema_name, previous, switched_at FROM ${REGISTRY}.current WHERE id = 1`).catch((err: { code?: string }) => {
    if (err.code === '42P01' || err.code === '3F000') return { rows: [] }; // no registry yet
    throw err;
  });
  const row = r.rows[0];
  return row ? { schema: row.schema_name, previous: row.previous, switchedAt: row.switched_at.toISOString() } : null;
}

/** Makes `schema` (a finished load) the served version in one transaction; the served one becomes previous. */
export async function switchTo(db: pg.ClientBase, schema: string): Promise<void> {
  await db.query('BEGIN');
  try {
    await db.query(`UPDATE ${REGISTRY}.versions SET state = 'ready' WHERE schema_name = $1`, [schema]);
    await db.query(`INSERT INTO ${REGISTRY}.current (id, schema_name, previous, switched_at) VALUES (1, $1, NULL, now())
      ON CONFLICT (id) DO UPDATE SET previous = ${REGISTRY}.current.schema_name, schema_name = EXCLUDED.schema_name, switched_at = now()`, [schema]);
    await db.query(`SELECT pg_notify('${SWITCH_CHANNEL}', $1)`, [schema]);
    await db.query('COMMIT');
  } catch (err) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

/** Whether `name` is a version schema's name (pg-dataset-load.ts names them): safe to quote into SQL. */
export function isVersionSchema(name: string): boolean {
  return /^tenk_ds_[a-z0-9_]+$/.test(name);
}

/** Why this code cannot read a version schema (dataset-format.ts), or null. */
async function versionFormatProblem(db: pg.ClientBase, schema: string): Promise<string | null> {
  if (!isVersionSchema(schema)) return 'is not a dataset version schema';
  const has = await db.query("SELECT 1 FROM information_schema.tables WHERE table_schema = $1 AND table_name = 'meta'", [schema]);
  if (has.rowCount === 0) return 'is not a tenk build (no meta table)';
  const meta = new Map((await db.query<{ key: string; value: string }>(`SELECT key, value FROM "${schema}".meta`)).rows.map((r) => [r.key, r.value]));
  return datasetFormatProblem((k) => meta.get(k));
}

/** Serves the previous version again (the rolled-back one becomes previous: a second rollback rolls forward). */
export async function rollback(db: pg.ClientBase): Promise<CurrentVersion> {
  await db.query('BEGIN');
  try {
    const r = await db.query<{ schema_name: string; previous: string | null }>(`SELECT schema_name, previous FROM ${REGISTRY}.current WHERE id = 1 FOR UPDATE`);
    const row = r.rows[0];
    if (!row || !row.previous) throw new Error('there is no previous dataset version to roll back to');
    // a previous version loaded by other code (another dataset form) would be refused by every node
    const problem = await versionFormatProblem(db, row.previous);
    if (problem !== null) throw new Error(`the previous dataset version ${row.previous} ${problem}; load a build of this tenk instead`);
    await db.query(`UPDATE ${REGISTRY}.current SET schema_name = $1, previous = $2, switched_at = now() WHERE id = 1`, [row.previous, row.schema_name]);
    await db.query(`SELECT pg_notify('${SWITCH_CHANNEL}', $1)`, [row.previous]);
    await db.query('COMMIT');
  } catch (err) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
  return (await currentVersion(db))!;
}

/** Drops every version schema that is neither current nor previous (old ones, killed loads). Call
 *  with the load lock held, so a load in progress is never dropped. */
export async function dropStaleVersions(db: pg.ClientBase): Promise<string[]> {
  const cur = await currentVersion(db);
  const keep = new Set([cur?.schema, cur?.previous].filter((s): s is string => !!s));
  const all = await db.query<{ nspname: string }>("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'tenk\\_ds\\_%'");
  const dropped: string[] = [];
  for (const { nspname } of all.rows) {
    if (keep.has(nspname)) continue;
    await db.query(`DROP SCHEMA IF EXISTS "${nspname}" CASCADE`);
    await db.query(`DELETE FROM ${REGISTRY}.versions WHERE schema_name = $1`, [nspname]);
    dropped.push(nspname);
  }
  return dropped;
}
