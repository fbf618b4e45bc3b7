// Loads a finished dataset build (dataset.sqlite) into PostgreSQL as a new version schema: tables
// created from the build's own schema (types mapped, text in the "C" collation so ordering is
// SQLite's byte order, plus tenk_row: the row's place in the build's scan order), rows bulk-loaded with COPY, primary keys and indexes built after the
// load, ANALYZE, then the switch (pg-dataset-versions.ts) in one transaction. Invariants: a load
// that fails or is killed never touches the served version (its schema is dropped by the next
// load); one load at a time (a session advisory lock the server drops with a killed process).
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Database from 'better-sqlite3';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { LOAD_LOCK, REGISTRY, dropStaleVersions, ensureRegistry, switchTo } from './pg-dataset-versions.js';
import { datasetFormatProblem } from '../dataset-format.js';

interface Column { name: string; type: string; pk: number }

export interface LoadSummary { schema: string; tables: number; rows: number; seconds: number; dropped: string[] }

const q = (ident: string) => `"${ident.replace(/"/g, '""')}"`;

/** The PostgreSQL type of an SQLite declared type (SQLite's affinity rules, simplified). */
export function pgType(declared: string): string {
  const t = declared.toUpperCase();
  if (t.includes('INT')) return 'BIGINT';
  if (t.includes('REAL') || t.includes('FLOA') || t.includes('DOUB') || t.includes('NUMERIC')) return 'DOUBLE PRECISION';
  if (t.includes('BLOB')) return 'BYTEA';
  return 'TEXT COLLATE "C"';
}

/** One value in COPY's text format. */
function copyValue(v: unknown): string {
  if (v === null || v === undefined) return '\\N';
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (Buffer.isBuffer(v)) return `\\\\x${v.toString('hex')}`;
  return String(v).replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

/** COPY lines of the rows, each prefixed by its position in the build's table scan (`tenk_row`). */
function* copyLines(rows: IterableIterator<unknown[]>): Generator<string> {
  let batch = '';
  let n = 0;
  for (const row of rows) {
    batch += `${(n += 1)}\t${row.map(copyValue).join('\t')}\n`;
    if (batch.length > 1 << 20) { yield batch; batch = ''; }
  }
  if (batch) yield batch;
}

function newSchemaName(now: Date): string {
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `tenk_ds_${stamp}_${Math.random().toString(36).slice(2, 8)}`;
}

/** Loads `sqlitePath` into a new version schema and switches to it. `onTable` reports progress. */
export async function loadDatasetIntoPostgres(sqlitePath: string, databaseUrl: string, onTable: (table: string, rows: number) => void = () => {}): Promise<LoadSummary> {
  const started = performance.now();
  const src = new Database(sqlitePath, { readonly: true, fileMustExist: true });
  // a build of another form (dataset-format.ts: schema 1's object record bodies, other record
  // columns) or no tenk build at all would be served as this one's
  const hasMeta = src.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").get() !== undefined;
  const metaOf = hasMeta ? src.prepare('SELECT value FROM meta WHERE key = ?').pluck() : null;
  const problem = metaOf === null ? 'is not a tenk dataset (no meta table)' : datasetFormatProblem((k) => metaOf.get(k) as string | undefined);
  if (problem !== null) {
    src.close();
    throw new Error(`${sqlitePath} ${problem}`);
  }
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  client.on('error', () => { /* reported by the failing query */ });
  await client.connect();
  try {
    const locked = (await client.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(${LOAD_LOCK}) AS ok`)).rows[0]!.ok;
    if (!locked) throw new Error('another dataset load is running on this database');
    await ensureRegistry(client);
    const builtAt = (src.prepare("SELECT value FROM meta WHERE key = 'built_at'").pluck().get() as string | undefined) ?? null;
    const schema = newSchemaName(new Date());
    await client.query(`INSERT INTO ${REGISTRY}.versions (schema_name, built_at, state) VALUES ($1, $2, 'loading')`, [schema, builtAt]);
    await client.query(`CREATE SCHEMA ${q(schema)}`);
    const tables = src.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name").pluck().all() as string[];
    let total = 0;
    for (const table of tables) {
      const cols = src.prepare(`SELECT name, type, pk FROM pragma_table_info(?)`).all(table) as Column[];
      // tenk_row keeps the build's scan order, so whole-table reads come back in SQLite's order.
      await client.query(`CREATE TABLE ${q(schema)}.${q(table)} (tenk_row BIGINT NOT NULL, ${cols.map((c) => `${q(c.name)} ${pgType(c.type)}`).join(', ')})`);
      const copy = client.query(copyFrom(`COPY ${q(schema)}.${q(table)} (tenk_row, ${cols.map((c) => q(c.name)).join(', ')}) FROM STDIN`));
      const rows = src.prepare(`SELECT ${cols.map((c) => q(c.name)).join(', ')} FROM ${q(table)}`).raw(true).iterate() as IterableIterator<unknown[]>;
      await pipeline(Readable.from(copyLines(rows)), copy);
      total += copy.rowCount;
      onTable(table, copy.rowCount);
    }
    // Keys and indexes after the load (one sort each instead of per-row maintenance).
    for (const table of tables) {
      const pk = (src.prepare('SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk').pluck().all(table) as string[]);
      if (pk.length > 0) await client.query(`ALTER TABLE ${q(schema)}.${q(table)} ADD PRIMARY KEY (${pk.map(q).join(', ')})`);
      const indexes = src.prepare("SELECT name, \"unique\" AS uniq, origin, partial FROM pragma_index_list(?)").all(table) as Array<{ name: string; uniq: number; origin: string; partial: number }>;
      for (const ix of indexes) {
        if (ix.origin === 'pk' || ix.partial) continue;
        const keyCols = src.prepare('SELECT name, desc FROM pragma_index_xinfo(?) WHERE key = 1 ORDER BY seqno').all(ix.name) as Array<{ name: string | null; desc: number }>;
        if (keyCols.some((c) => c.name === null)) continue; // expression index: no portable form
        await client.query(`CREATE ${ix.uniq ? 'UNIQUE ' : ''}INDEX ${q(ix.name)} ON ${q(schema)}.${q(table)} (${keyCols.map((c) => `${q(c.name!)}${c.desc ? ' DESC' : ''}`).join(', ')})`);
      }
    }
    for (const table of tables) await client.query(`ANALYZE ${q(schema)}.${q(table)}`);
    await switchTo(client, schema);
    const dropped = await dropStaleVersions(client);
    return { schema, tables: tables.length, rows: total, seconds: (performance.now() - started) / 1000, dropped };
  } finally {
    src.close();
    await client.end().catch(() => undefined);
  }
}
