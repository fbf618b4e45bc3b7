// IdentifierQueries over SQLite: whole-table reads of records, companies, tickers, cusips and
// cusip_issuers, each adapted to the columns the dataset has (older builds lack some).
import type { SqliteHandle } from './sqlite-handle.js';
import { bodyValueSql } from '../codecs/record-body-codec.js';
import type { CompanyTickers, CompanyWithFacts, CusipLink, IdentifierQueries, IssuerLink, TickerLink } from '../queries/identifier-queries.js';

export class SqliteIdentifiers implements IdentifierQueries {
  constructor(private readonly dataset: SqliteHandle) {}

  companiesWithFacts(): CompanyWithFacts[] {
    if (!this.dataset.hasTable('records')) return [];
    // With a companies table the tickers come from there; reading one body per company is the
    // fallback for datasets without it.
    const sql = this.dataset.hasTable('companies')
      ? 'SELECT DISTINCT cik, NULL AS ticker FROM records'
      : `SELECT cik, ${bodyValueSql('sqlite', null, 'ticker')} AS ticker FROM records GROUP BY cik`;
    return this.dataset.db.prepare(sql).all() as CompanyWithFacts[];
  }

  companyTickers(): CompanyTickers[] {
    if (!this.dataset.hasTable('companies')) return [];
    const sql = `SELECT cik, ticker${this.hasColumn('companies', 'tickers') ? ', tickers' : ''} FROM companies`;
    return this.dataset.db.prepare(sql).all() as CompanyTickers[];
  }

  tickerLinks(): TickerLink[] {
    if (!this.dataset.hasTable('tickers')) return [];
    const sql = `SELECT symbol, cik${this.hasColumn('tickers', 'isin') ? ', isin' : ''} FROM tickers WHERE cik IS NOT NULL`;
    return this.dataset.db.prepare(sql).all() as TickerLink[];
  }

  cusipLinks(): CusipLink[] {
    if (!this.dataset.hasTable('cusips')) return [];
    return this.dataset.db.prepare(this.hasColumn('cusips', 'rank')
      ? 'SELECT cusip, cik, MIN(rank) AS rank, COUNT(*) AS n FROM cusips GROUP BY cusip, cik'
      : 'SELECT cusip, cik, NULL AS rank, COUNT(*) AS n FROM cusips WHERE cusip IS NOT NULL AND cik IS NOT NULL GROUP BY cusip, cik').all() as CusipLink[];
  }

  issuerLinks(): IssuerLink[] {
    if (!this.dataset.hasTable('cusip_issuers')) return [];
    return this.dataset.db.prepare('SELECT cusip6, cik, rank FROM cusip_issuers').all() as IssuerLink[];
  }

  private hasColumn(table: string, column: string): boolean {
    return (this.dataset.db.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string }>).some((r) => r.name === column);
  }
}
