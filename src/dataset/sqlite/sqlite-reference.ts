// ReferenceQueries over SQLite: the profile_sources and mics tables, each read whole.
import type { SqliteHandle } from './sqlite-handle.js';
import type { MicRow, ProfileSourceRow, ReferenceQueries } from '../queries/reference-queries.js';

export class SqliteReference implements ReferenceQueries {
  constructor(private readonly dataset: SqliteHandle) {}

  profileSources(): ProfileSourceRow[] {
    if (!this.dataset.hasTable('profile_sources')) return [];
    return this.dataset.prepare('SELECT symbol, sector, industry, country, employees, ipo_year, description FROM profile_sources').all() as ProfileSourceRow[];
  }

  mics(): MicRow[] {
    if (!this.dataset.hasTable('mics')) return [];
    return this.dataset.prepare('SELECT mic, name FROM mics').all() as MicRow[];
  }
}
