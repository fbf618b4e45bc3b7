// The per-request part of CompanyQueries on PostgreSQL (the latest market cap; the company rows
// come with the catalog, pg-catalog-rows.ts), over one version schema (pg-version.ts).
import type { PgVersion } from './pg-version.js';
import { bodyValueSql } from '../codecs/record-body-codec.js';

const MARKET_CAP = bodyValueSql('pg', 'enterprise_value', 'market_cap');

export class PgCompanies {
  constructor(private readonly v: PgVersion) {}

  /** The latest enterprise-value period's market cap (a JSON number in the stored body), or null. */
  async latestMarketCap(cik: string): Promise<number | null> {
    if (!this.v.has('records')) return null;
    const r = await this.v.rows<{ mc: number | null }>(
      `SELECT (${MARKET_CAP} #>> '{}')::double precision AS mc FROM ${this.v.t('records')}
        WHERE cik = $1 AND record_type = 'enterprise_value' AND jsonb_typeof(${MARKET_CAP}) = 'number'
        ORDER BY date DESC, period ASC LIMIT 1`, [cik]);
    const mc = r[0]?.mc;
    return typeof mc === 'number' && Number.isFinite(mc) ? mc : null;
  }
}
