// One dataset version schema in PostgreSQL: its tables and columns, and the SQL helpers every
// pg-<subject>.ts query uses (a schema-qualified table name, rows with connection failures as 503).
import type pg from 'pg';
import { DependencyUnavailableError } from '../../model/dependency-error.js';

/** One version schema: its tables and their columns, and the queries' SQL helpers. */
export class PgVersion {
  constructor(readonly pool: pg.Pool, readonly schema: string, private readonly columns: ReadonlyMap<string, ReadonlySet<string>>) {}

  /** The table name qualified with this version's schema. */
  t(table: string): string { return `"${this.schema}"."${table}"`; }
  has(table: string): boolean { return this.columns.has(table); }
  hasColumn(table: string, column: string): boolean { return this.columns.get(table)?.has(column) ?? false; }

  async rows<R extends pg.QueryResultRow>(sql: string, params: readonly unknown[] = []): Promise<R[]> {
    try {
      return (await this.pool.query<R>({ text: sql, values: params as unknown[] })).rows;
    } catch (err) {
      const code = (err as { code?: string }).code ?? '';
      // SQL errors of a reachable server are bugs (500); connection failures are 503.
      if (/^[0-9A-Z]{5}$/.test(code) && !code.startsWith('08') && !code.startsWith('57P')) throw err;
      throw new DependencyUnavailableError('postgres', err);
    }
  }
}
