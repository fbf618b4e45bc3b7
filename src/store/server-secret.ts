// The server secret (signs v3 page tokens): TENK_SECRET when set, else a random 256-bit value
// generated once and kept in $TENK_HOME/state.sqlite, so tokens survive restarts and every node
// sharing the state file agrees on it. Never logged or returned.
import crypto from 'node:crypto';
import { openStateDatabase } from './state-file.js';

export function loadOrCreateServerSecret(statePath: string, configured: string | null): string {
  if (configured) return configured;
  const db = openStateDatabase(statePath);
  try {
    db.exec('CREATE TABLE IF NOT EXISTS server_secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL)');
    db.prepare("INSERT OR IGNORE INTO server_secrets (name, value) VALUES ('page_tokens', ?)").run(crypto.randomBytes(32).toString('base64url'));
    return (db.prepare("SELECT value FROM server_secrets WHERE name = 'page_tokens'").get() as { value: string }).value;
  } finally {
    db.close();
  }
}
