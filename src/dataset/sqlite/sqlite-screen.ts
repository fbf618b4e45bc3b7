// ScreenQueries over SQLite: the compiled screen (screen-sql.ts) run on the screen tables. A
// statement is prepared per request (its text depends on the filter's shape; preparing is a small
// part of a screen) and never cached, so arbitrary filters cannot grow the statement cache.
import type { SqliteHandle } from './sqlite-handle.js';
import { decodeBody } from '../codecs/record-body-codec.js';
import { compileKnownBodies, compileScreen, screenRowOf } from '../screen-sql.js';
import type { KnownBodiesQuery, KnownBody, ScreenCompany, ScreenQueries, ScreenRequest, ScreenRow } from '../queries/screen-queries.js';
import { SCREEN_COMPANIES_SQL } from '../screen-sql.js';

export class SqliteScreen implements ScreenQueries {
  constructor(private readonly dataset: SqliteHandle) {}

  screen(req: ScreenRequest): ScreenRow[] {
    if (!this.dataset.hasTable('screen_rows')) return [];
    const { sql, params } = compileScreen(req, (t) => t, () => '?', { latest: this.dataset.hasTable('screen_latest') });
    const rows = this.dataset.db.prepare(sql).all(...params) as Array<Record<string, unknown>>;
    return rows.map((r) => screenRowOf(r, req.columns));
  }

  hasVersions(): boolean {
    return this.dataset.hasTable('screen_versions');
  }

  screenAt(req: ScreenRequest, asOf: string): ScreenRow[] {
    if (!this.hasVersions()) return [];
    const { sql, params } = compileScreen(req, (t) => t, () => '?', { asOf });
    const rows = this.dataset.db.prepare(sql).all(...params) as Array<Record<string, unknown>>;
    return rows.map((r) => screenRowOf(r, req.columns));
  }

  companies(): ScreenCompany[] {
    if (!this.dataset.hasTable('screen_companies')) return [];
    return this.dataset.prepare(SCREEN_COMPANIES_SQL('screen_companies')).all() as ScreenCompany[];
  }

  knownBodies(q: KnownBodiesQuery): KnownBody[] {
    if (!this.dataset.hasTable('record_versions')) return [];
    const { sql, params } = compileKnownBodies(q, (t) => t, () => '?');
    const rows = this.dataset.db.prepare(sql).all(...params) as KnownBody[];
    for (const r of rows) r.body = decodeBody(r.record_type, r.body);
    return rows;
  }
}
