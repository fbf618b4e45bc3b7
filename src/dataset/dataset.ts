// Read side of a dataset build: one read-only SQLite handle. Query modules take a Dataset and
// prepare their statements once; nothing on the request path parses source files.
import fs from 'node:fs';
import Database from 'better-sqlite3';

export class DatasetMissingError extends Error {
  constructor(readonly datasetPath: string) {
    super('no dataset has been built yet: run `tenk ingest --source DIR` or set TENK_SOURCE');
  }
}

export class Dataset {
  private readonly statements = new Map<string, Database.Statement>();

  private constructor(readonly db: Database.Database, readonly path: string) {}

  static open(datasetPath: string): Dataset {
    if (!fs.existsSync(datasetPath)) throw new DatasetMissingError(datasetPath);
    const db = new Database(datasetPath, { readonly: true, fileMustExist: true });
    db.pragma('query_only = ON');
    db.pragma('cache_size = -65536');
    db.pragma('mmap_size = 268435456');
    return new Dataset(db, datasetPath);
  }

  /** A prepared statement, prepared once per dataset handle. */
  prepare(sql: string): Database.Statement {
    let st = this.statements.get(sql);
    if (!st) {
      st = this.db.prepare(sql);
      this.statements.set(sql, st);
    }
    return st;
  }

  meta(key: string): string | null {
    const row = this.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
    return row?.value ?? null;
  }

  hasTable(name: string): boolean {
    return this.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
  }

  close(): void {
    this.db.close();
  }
}
