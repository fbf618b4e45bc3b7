// FactStoreQueries over SQLite: one prepared statement per dataset handle; a dataset built
// without the fact store has no stored facts.
import type { Statement } from 'better-sqlite3';
import type { SqliteHandle } from './sqlite-handle.js';
import type { FactStoreQueries, FactStoreRow } from '../queries/fact-store-queries.js';

export class SqliteFactStore implements FactStoreQueries {
  private present: boolean | undefined;
  private byCik: Statement | undefined;

  constructor(private readonly dataset: SqliteHandle) {}

  forCik(cik: string): FactStoreRow | null {
    if (!(this.present ??= this.dataset.hasTable('company_facts'))) return null;
    this.byCik ??= this.dataset.prepare('SELECT cik, fiscal_year_end, blob FROM company_facts WHERE cik = ?');
    return (this.byCik.get(cik) as FactStoreRow | undefined) ?? null;
  }

  private newest: string | null | undefined;
  newestFiled(): string | null {
    if (this.newest !== undefined) return this.newest;
    if (!(this.present ??= this.dataset.hasTable('company_facts'))) return (this.newest = null);
    const row = this.dataset.prepare('SELECT max(newest_filed) AS d FROM company_facts').get() as { d: string | null } | undefined;
    return (this.newest = row?.d ?? null);
  }
}
