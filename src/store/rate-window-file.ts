// The in-process limiter's windows kept in $TENK_HOME/state.sqlite across restarts: saved at
// shutdown, loaded at start. Invariant: only the key id and admitted timestamps are stored
// (never a key); a save replaces the previous snapshot as a whole.
import { openStateDatabase } from './state-file.js';

export interface SavedWindow { key: string; stamps: number[] }

const DDL = 'CREATE TABLE IF NOT EXISTS rate_windows (key TEXT PRIMARY KEY, stamps TEXT NOT NULL, saved_at INTEGER NOT NULL)';

export function saveRateWindows(statePath: string, windows: readonly SavedWindow[], now: number): void {
  const db = openStateDatabase(statePath);
  try {
    db.exec(DDL);
    const put = db.prepare('INSERT INTO rate_windows (key, stamps, saved_at) VALUES (?, ?, ?)');
    db.transaction(() => {
      db.exec('DELETE FROM rate_windows');
      for (const w of windows) put.run(w.key, JSON.stringify(w.stamps), now);
    })();
  } finally {
    db.close();
  }
}

export function loadRateWindows(statePath: string): SavedWindow[] {
  const db = openStateDatabase(statePath);
  try {
    db.exec(DDL);
    const out: SavedWindow[] = [];
    for (const r of db.prepare('SELECT key, stamps FROM rate_windows').all() as Array<{ key: string; stamps: string }>) {
      try {
        const stamps = JSON.parse(r.stamps) as unknown;
        if (Array.isArray(stamps)) out.push({ key: r.key, stamps: stamps.filter((t): t is number => typeof t === 'number') });
      } catch { /* a damaged row is skipped: the key starts with an empty window */ }
    }
    return out;
  } finally {
    db.close();
  }
}
