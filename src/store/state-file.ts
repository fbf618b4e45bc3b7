// Opens $TENK_HOME/state.sqlite (API keys, page-token secret, saved rate windows) for the key
// store and the server. Invariants: an existing state file that is empty, unreadable or not a
// tenk state file is refused, never re-initialized (that would drop every key); a new one is
// created with mode 0600 in a 0700 directory, and an existing one is tightened to 0600.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export class StateFileError extends Error {
  constructor(readonly filePath: string, problem: string) {
    super(`${filePath}: ${problem}. It holds the API keys: restore it from a backup, or to start over with no keys deliberately move it away (mv ${filePath} ${filePath}.broken) and start again`);
  }
}

const TABLES = ['api_keys', 'server_secrets', 'rate_windows'];

function sqliteProblem(err: unknown): string {
  const code = (err as { code?: string }).code ?? '';
  if (code === 'SQLITE_NOTADB') return 'is not an SQLite database';
  if (code.startsWith('SQLITE_CORRUPT')) return 'is corrupt or truncated';
  if (code === 'SQLITE_CANTOPEN' || code === 'SQLITE_PERM' || code === 'SQLITE_READONLY') return 'cannot be opened for writing (permission denied)';
  if (code.startsWith('SQLITE_IOERR')) return `cannot be read (I/O error ${code})`;
  return `cannot be opened (${code || 'error'})`;
}

/** Restricts the state file and its WAL companions to the owner (0600). */
function tighten(file: string): void {
  for (const f of [file, `${file}-wal`, `${file}-shm`]) {
    try { fs.chmodSync(f, 0o600); } catch { /* absent companions are fine */ }
  }
}

/**
 * The state database handle (WAL mode). A missing file is created (0600, directory 0700); an
 * existing one must be an SQLite file holding at least one of tenk's state tables.
 */
export function openStateDatabase(file: string): Database.Database {
  if (file === ':memory:') return new Database(file);
  const dir = path.dirname(file);
  if (!fs.existsSync(dir)) fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  let existed = true;
  try {
    const st = fs.statSync(file);
    if (!st.isFile()) throw new StateFileError(file, 'is not a regular file');
    if (st.size === 0 && !(fs.existsSync(`${file}-wal`) && fs.statSync(`${file}-wal`).size > 0)) throw new StateFileError(file, 'is empty (0 bytes)');
    fs.accessSync(file, fs.constants.R_OK | fs.constants.W_OK);
  } catch (err) {
    if (err instanceof StateFileError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') throw new StateFileError(file, code === 'EACCES' || code === 'EPERM' ? 'is unreadable or read-only (permission denied)' : `cannot be opened (${code ?? 'error'})`);
    existed = false;
    fs.closeSync(fs.openSync(file, 'wx', 0o600));
  }
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    if (existed) {
      const names = new Set((db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]));
      if (!TABLES.some((t) => names.has(t))) throw new StateFileError(file, 'is not a tenk state file (no api_keys table)');
    }
    db.pragma('journal_mode = WAL');
  } catch (err) {
    db?.close();
    if (err instanceof StateFileError) throw err;
    throw new StateFileError(file, sqliteProblem(err));
  }
  tighten(file);
  return db;
}
