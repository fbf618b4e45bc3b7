// LogoQueries over SQLite: one prepared statement per dataset handle; a dataset built without a
// logos table (before logos were ingested) has no logos.
import type { Statement } from 'better-sqlite3';
import type { SqliteHandle } from './sqlite-handle.js';
import type { LogoQueries, LogoRow } from '../queries/logo-queries.js';

export class SqliteLogos implements LogoQueries {
  private present: boolean | undefined;
  private byCik: Statement | undefined;

  constructor(private readonly dataset: SqliteHandle) {}

  forCik(cik: string): LogoRow | null {
    if (!(this.present ??= this.dataset.hasTable('logos'))) return null;
    this.byCik ??= this.dataset.prepare('SELECT cik, symbol, sha256, bytes FROM logos WHERE cik = ?');
    return (this.byCik.get(cik) as LogoRow | undefined) ?? null;
  }
}
