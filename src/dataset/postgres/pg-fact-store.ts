// FactStoreQueries on PostgreSQL: the SQLite statements of sqlite-fact-store.ts with numbered
// parameters, over one version schema (pg-version.ts). Invariant: same rows; a missing table is "none".
import type { PgVersion } from './pg-version.js';
import type { FactStoreQueries, FactStoreRow } from '../queries/fact-store-queries.js';

export class PgFactStore implements FactStoreQueries {
  constructor(private readonly v: PgVersion) {}

  async forCik(cik: string): Promise<FactStoreRow | null> {
    if (!this.v.has('company_facts')) return null;
    return (await this.v.rows<FactStoreRow>(`SELECT cik, fiscal_year_end, blob FROM ${this.v.t('company_facts')} WHERE cik = $1`, [cik]))[0] ?? null;
  }

  private newest: Promise<string | null> | undefined;
  newestFiled(): Promise<string | null> {
    if (!this.v.has('company_facts')) return Promise.resolve(null);
    return (this.newest ??= this.v.rows<{ d: string | null }>(`SELECT max(newest_filed) AS d FROM ${this.v.t('company_facts')}`).then((r) => r[0]?.d ?? null));
  }
}
