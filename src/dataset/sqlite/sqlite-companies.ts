// CompanyQueries over SQLite: the companies table, and one indexed read of the records table for
// the latest market cap (prepared once per dataset handle).
import type { Statement } from 'better-sqlite3';
import type { CompanyQueries, CompanyRow } from '../queries/company-queries.js';
import type { SqliteHandle } from './sqlite-handle.js';
import { bodyValueSql } from '../codecs/record-body-codec.js';

const MARKET_CAP = bodyValueSql('sqlite', 'enterprise_value', 'market_cap');

export class SqliteCompanies implements CompanyQueries {
  private hasRecords: boolean | undefined;
  private marketCap: Statement | undefined;

  constructor(private readonly dataset: SqliteHandle) {}

  all(): CompanyRow[] {
    if (!this.dataset.hasTable('companies')) return [];
    return this.dataset.prepare(`SELECT cik, name, ticker, exchange, sic, sic_description, website, investor_website, description, business_address,
        currency, shares_outstanding, former_names FROM companies`).all() as CompanyRow[];
  }

  latestMarketCap(cik: string): number | null {
    if (!(this.hasRecords ??= this.dataset.hasTable('records'))) return null;
    this.marketCap ??= this.dataset.prepare(
      `SELECT ${MARKET_CAP} AS mc FROM records WHERE cik = ? AND record_type = 'enterprise_value'
         AND ${MARKET_CAP} IS NOT NULL ORDER BY date DESC, period ASC LIMIT 1`,
    );
    const row = this.marketCap.get(cik) as { mc: unknown } | undefined;
    if (row && typeof row.mc === 'number' && Number.isFinite(row.mc)) return row.mc;
    return null;
  }
}
