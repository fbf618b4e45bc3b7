// ScreenQueries on PostgreSQL: the statement of screen-sql.ts with numbered parameters over one
// version schema. Invariant: same rows in the same order as SQLite (text in the "C" collation,
// nulls placed explicitly).
import type { PgVersion } from './pg-version.js';
import { decodeBody } from '../codecs/record-body-codec.js';
import { compileKnownBodies, compileScreen, screenRowOf } from '../screen-sql.js';
import type { KnownBodiesQuery, KnownBody, ScreenCompany, ScreenQueries, ScreenRequest, ScreenRow } from '../queries/screen-queries.js';
import { SCREEN_COMPANIES_SQL } from '../screen-sql.js';

export class PgScreen implements ScreenQueries {
  constructor(private readonly v: PgVersion) {}

  async screen(req: ScreenRequest): Promise<ScreenRow[]> {
    if (!this.v.has('screen_rows')) return [];
    const { sql, params } = compileScreen(req, (t) => this.v.t(t), (i) => `$${i}`, { latest: this.v.has('screen_latest') });
    const rows = await this.v.rows<Record<string, unknown>>(sql, params);
    return rows.map((r) => screenRowOf(r, req.columns));
  }

  hasVersions(): boolean {
    return this.v.has('screen_versions');
  }

  async screenAt(req: ScreenRequest, asOf: string): Promise<ScreenRow[]> {
    if (!this.hasVersions()) return [];
    const { sql, params } = compileScreen(req, (t) => this.v.t(t), (i) => `$${i}`, { asOf });
    const rows = await this.v.rows<Record<string, unknown>>(sql, params);
    return rows.map((r) => screenRowOf(r, req.columns));
  }

  async companies(): Promise<ScreenCompany[]> {
    if (!this.v.has('screen_companies')) return [];
    return this.v.rows<ScreenCompany>(SCREEN_COMPANIES_SQL(this.v.t('screen_companies')));
  }

  async knownBodies(q: KnownBodiesQuery): Promise<KnownBody[]> {
    if (!this.v.has('record_versions')) return [];
    const { sql, params } = compileKnownBodies(q, (t) => this.v.t(t), (i) => `$${i}`);
    const rows = await this.v.rows<KnownBody>(sql, params);
    for (const r of rows) r.body = decodeBody(r.record_type, r.body);
    return rows;
  }
}
