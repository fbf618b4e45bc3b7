// Start-up check of a dataset file before it is served: it must be a complete tenk build (an
// SQLite file as long as its header says, the meta build marker, a schema version and record
// columns this code reads (dataset-format.ts), and every table the build counted rows for present and non-empty). Invariant: a failure
// names the file and what is wrong (missing, unreadable, empty, truncated, not SQLite, not tenk).
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { datasetFormatProblem } from '../dataset-format.js';

export { SUPPORTED_DATASET_SCHEMA } from '../dataset-format.js';

/** Build counts (ingest_counts labels) whose table must hold rows when the count is positive. */
const COUNTED_TABLES: Readonly<Record<string, string>> = {
  'records written': 'records', tickers: 'tickers', splits: 'splits', logos: 'logos',
  'exchange holidays': 'exchange_holidays', 'fx rates': 'fx_rates',
};

export class DatasetFileError extends Error {
  constructor(readonly filePath: string, problem: string) {
    super(`${filePath}: ${problem}`);
  }
}

const SQLITE_MAGIC = 'SQLite format 3\0';

/** Why an SQLite open/read failed, in words an operator can act on. */
export function describeSqliteFailure(err: unknown): string {
  const e = err as { code?: string; message?: string };
  const code = e.code ?? '';
  if (code === 'EACCES' || code === 'EPERM' || code === 'SQLITE_CANTOPEN' || code === 'SQLITE_PERM') return 'cannot be opened (permission denied or not a regular file)';
  if (code === 'SQLITE_NOTADB') return 'is not an SQLite database';
  if (code.startsWith('SQLITE_CORRUPT')) return 'is corrupt or truncated (SQLite reports a malformed database)';
  if (code.startsWith('SQLITE_IOERR')) return `cannot be read (I/O error ${code})`;
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') return 'is locked by another process';
  return `cannot be read (${code || 'error'}: ${String(e.message ?? err).slice(0, 120)})`;
}

/** Throws DatasetFileError unless `filePath` is a complete tenk dataset build. */
export function checkDatasetFile(filePath: string): void {
  let size: number;
  let header = Buffer.alloc(100);
  try {
    const st = fs.statSync(filePath);
    if (!st.isFile()) throw new DatasetFileError(filePath, 'is not a regular file');
    size = st.size;
    const fd = fs.openSync(filePath, 'r');
    try { fs.readSync(fd, header, 0, 100, 0); } finally { fs.closeSync(fd); }
  } catch (err) {
    if (err instanceof DatasetFileError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new DatasetFileError(filePath, 'is missing: run `tenk ingest --source DIR` or set TENK_SOURCE');
    throw new DatasetFileError(filePath, code === 'EACCES' || code === 'EPERM' ? 'is unreadable (permission denied)' : `is unreadable (${code ?? 'error'})`);
  }
  if (size === 0) throw new DatasetFileError(filePath, 'is empty (0 bytes): not a tenk dataset; rebuild it with `tenk ingest`');
  if (size < 100 || header.toString('latin1', 0, 16) !== SQLITE_MAGIC) throw new DatasetFileError(filePath, 'is not an SQLite database (no SQLite header): not a tenk dataset');
  const rawPageSize = header.readUInt16BE(16);
  const pageSize = rawPageSize === 1 ? 65536 : rawPageSize;
  const pages = header.readUInt32BE(28);
  if (pages > 0 && header.readUInt32BE(92) === header.readUInt32BE(24) && size < pageSize * pages) {
    throw new DatasetFileError(filePath, `is truncated (${size} bytes; its header says ${pageSize * pages}): rebuild it with \`tenk ingest\``);
  }
  header = Buffer.alloc(0);
  let db: Database.Database;
  try {
    db = new Database(filePath, { readonly: true, fileMustExist: true });
  } catch (err) {
    throw new DatasetFileError(filePath, describeSqliteFailure(err));
  }
  try {
    const has = (t: string) => db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(t) !== undefined;
    if (!has('meta')) throw new DatasetFileError(filePath, 'is not a tenk dataset (no meta table)');
    const meta = new Map((db.prepare('SELECT key, value FROM meta').all() as Array<{ key: string; value: string }>).map((r) => [r.key, r.value]));
    if (!meta.get('built_at')) throw new DatasetFileError(filePath, 'is not a complete tenk build (no build marker meta.built_at)');
    const problem = datasetFormatProblem((k) => meta.get(k));
    if (problem !== null) throw new DatasetFileError(filePath, problem);
    if (has('ingest_counts')) {
      for (const { label, n } of db.prepare('SELECT label, n FROM ingest_counts').all() as Array<{ label: string; n: number }>) {
        const table = COUNTED_TABLES[label];
        if (!table || n <= 0) continue;
        if (!has(table)) throw new DatasetFileError(filePath, `is incomplete: the build wrote ${n} ${label} but table ${table} is missing`);
        if (db.prepare(`SELECT 1 FROM ${table} LIMIT 1`).get() === undefined) throw new DatasetFileError(filePath, `is incomplete: the build wrote ${n} ${label} but table ${table} is empty`);
      }
    }
  } catch (err) {
    if (err instanceof DatasetFileError) throw err;
    throw new DatasetFileError(filePath, describeSqliteFailure(err));
  } finally {
    db.close();
  }
}
