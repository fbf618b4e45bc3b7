// The page-token secret shared by every node through PostgreSQL (TENK_DATABASE_URL): TENK_SECRET
// when set, else a random 256-bit value inserted once (the first node wins, the others read it),
// so a page token made on one node is valid on another. Never logged or returned.
import crypto from 'node:crypto';
import type { ControlDatabase } from './pg-control.js';

export async function loadOrCreatePgServerSecret(db: ControlDatabase, configured: string | null): Promise<string> {
  if (configured) return configured;
  await db.pool.query(`INSERT INTO ${db.schema}.server_secrets (name, value) VALUES ('page_tokens', $1) ON CONFLICT (name) DO NOTHING`,
    [crypto.randomBytes(32).toString('base64url')]);
  return (await db.pool.query<{ value: string }>(`SELECT value FROM ${db.schema}.server_secrets WHERE name = 'page_tokens'`)).rows[0]!.value;
}
