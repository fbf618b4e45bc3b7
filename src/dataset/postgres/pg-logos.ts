// LogoQueries on PostgreSQL: the SQLite statement of sqlite-logos.ts with numbered parameters, over
// one version schema (pg-version.ts). Invariant: same rows as SQLite; a missing table is "none".
import type { PgVersion } from './pg-version.js';
import type { LogoQueries, LogoRow } from '../queries/logo-queries.js';

export class PgLogos implements LogoQueries {
  constructor(private readonly v: PgVersion) {}

  async forCik(cik: string): Promise<LogoRow | null> {
    if (!this.v.has('logos')) return null;
    return (await this.v.rows<LogoRow>(`SELECT cik, symbol, sha256, bytes FROM ${this.v.t('logos')} WHERE cik = $1`, [cik]))[0] ?? null;
  }
}
