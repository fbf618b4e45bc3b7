// The per-request part of CompanyQueries on PostgreSQL (the latest market cap; the company rows
// come with the catalog, pg-catalog-rows.ts), over one version schema (pg-version.ts).
import type { PgVersion } from './pg-version.js';

export class PgCompanies {
  constructor(private readonly v: PgVersion) {}

  /** The latest enterprise-value period's market cap (a JSON number in the stored body), or null. */
  async latestMarketCap(cik: string): Promise<number | null> {
    if (!this.v.has('records')) return null;
    const r = await this.v.rows<{ mc: number | null }>(
      `SELECT (body::jsonb ->> 'market_cap')::double precision AS mc FROM ${this.v.t('records')}
        WHERE cik = $1 AND record_type = 'enterprise_value' AND jsonb_typeof(body::jsonb -> 'market_cap') = 'number'
        ORDER BY date DESC, period ASC LIMIT 1`, [cik]);
    const mc = r[0]?.mc;
    return typeof mc === 'number' && Number.isFinite(mc) ? mc : null;
  }
}
