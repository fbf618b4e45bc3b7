// What a SQLite query class needs of its dataset handle (sqlite-dataset.ts implements it): the
// connection, statements prepared once per handle, and whether a table was built.
import type { Database, Statement } from 'better-sqlite3';

export interface SqliteHandle {
  readonly db: Database;
  /** A prepared statement, prepared once per dataset handle. */
  prepare(sql: string): Statement;
  hasTable(name: string): boolean;
}
