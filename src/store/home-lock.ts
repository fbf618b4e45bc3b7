// One `tenk serve` per $TENK_HOME: an exclusive SQLite lock on $TENK_HOME/serve.lock, held for the
// server's life. The operating system drops the lock when the process exits or crashes (kill -9),
// so a stale lock never blocks a restart. Invariant: two in-process limiters never share a home
// (each would admit the full rate).
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export class HomeLockedError extends Error {
  constructor(readonly home: string) {
    super(`another tenk serve is already running on ${home} (it holds ${path.join(home, 'serve.lock')}). ` +
      'Two servers on one home would each admit the full rate limit: run one server per TENK_HOME, ' +
      'or share the limits between servers with TENK_REDIS_URL');
  }
}

export interface HomeLock { release(): void }

export function acquireHomeLock(home: string): HomeLock {
  fs.mkdirSync(home, { recursive: true, mode: 0o700 });
  const file = path.join(home, 'serve.lock');
  if (!fs.existsSync(file)) fs.closeSync(fs.openSync(file, 'a', 0o600));
  const db = new Database(file, { timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    // The first write takes the exclusive lock; in EXCLUSIVE mode it is kept until close.
    db.exec('BEGIN EXCLUSIVE');
    db.exec('CREATE TABLE IF NOT EXISTS holder (pid INTEGER NOT NULL, since TEXT NOT NULL)');
    db.exec('DELETE FROM holder');
    db.prepare('INSERT INTO holder VALUES (?, ?)').run(process.pid, new Date().toISOString());
    db.exec('COMMIT');
  } catch (err) {
    db.close();
    const code = (err as { code?: string }).code ?? '';
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') throw new HomeLockedError(home);
    throw new Error(`${file}: cannot take the server lock (${code || String(err)})`);
  }
  return { release: () => { if (db.open) db.close(); } };
}
