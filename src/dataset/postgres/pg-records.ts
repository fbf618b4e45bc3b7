// RecordQueries on PostgreSQL: the SQLite statements of sqlite-records.ts with numbered parameters,
// over one version schema (pg-version.ts). Invariant: same rows in the same order as SQLite. The
// tables hold the same stored bodies as SQLite's (`tenk dataset load` copies them), decoded here.
import type { PgVersion } from './pg-version.js';
import { decodeBody } from '../codecs/record-body-codec.js';
import { STATEMENT_TYPES, type RecordType } from '../../model/record-types.js';
import type { ProvenanceDictionaryRows, RecordQueries, RecordSeriesQuery, StoredProvenance, VersionRow } from '../queries/record-queries.js';
import { VERSIONS_SQL, versionsParams } from '../sqlite/sqlite-records.js';

export class PgRecords implements RecordQueries {
  constructor(private readonly v: PgVersion) {}

  async series(q: RecordSeriesQuery): Promise<string[]> {
    const order = q.order === 'ASC' ? 'ASC' : 'DESC';
    const rows = await this.v.rows<{ body: string }>(
      `SELECT body FROM ${this.v.t('records')} WHERE cik = $1 AND record_type = $2 AND period = $3 AND date >= $4 AND date <= $5
         AND fiscal_year >= $6 AND fiscal_year <= $7 ORDER BY date ${order} LIMIT $8`,
      [q.cik, q.recordType, q.period, q.dateStart ?? '0000-01-01', q.dateEnd ?? '9999-12-31', q.fiscalYearStart ?? -1, q.fiscalYearEnd ?? 999999, q.limit]);
    return rows.map((r) => decodeBody(q.recordType, r.body));
  }

  async provenance(cik: string, recordType: RecordType, period: string, dates: readonly string[], dictionaries = true): Promise<StoredProvenance> {
    if (!this.v.has('record_provenance')) return { rows: [], texts: [], filings: [] };
    const rows = await this.v.rows<{ date: string; fields: string }>(
      `SELECT date, fields FROM ${this.v.t('record_provenance')} WHERE cik = $1 AND record_type = $2 AND period = $3 AND date = ANY($4::text[]) ORDER BY date`,
      [cik, recordType, period, [...dates]]);
    if (rows.length === 0 || !dictionaries) return { rows, texts: [], filings: [] };
    const [texts, filings] = await Promise.all([
      this.v.rows<{ id: number; text: string }>(`SELECT id, text FROM ${this.v.t('provenance_texts')} WHERE cik = $1 ORDER BY id`, [cik]),
      this.v.rows<{ id: number; accn: string | null; filed: string | null; form: string | null }>(
        `SELECT id, accn, filed, form FROM ${this.v.t('provenance_filings')} WHERE cik = $1 ORDER BY id`, [cik]),
    ]);
    return { rows, texts, filings };
  }

  hasVersions(): boolean {
    return this.v.has('record_versions');
  }

  async versionsAt(q: RecordSeriesQuery, asOf: string | null, firstFiled: boolean, withProvenance = false): Promise<VersionRow[]> {
    if (!this.hasVersions()) return [];
    // the SQLite statement with the version schema's tables and numbered parameters
    const sql = VERSIONS_SQL(q.order === 'ASC' ? 'ASC' : 'DESC', firstFiled, withProvenance, (n) => `$${n}`)
      .replace(/\b(FROM|JOIN) (records|record_provenance|record_versions)\b/g, (_m, kw: string, t: string) => `${kw} ${this.v.t(t)}`);
    const rows = await this.v.rows<VersionRow>(sql, versionsParams(q, asOf));
    for (const r of rows) r.body = decodeBody(q.recordType, r.body);
    return rows;
  }

  async provenanceDictionaries(cik: string): Promise<ProvenanceDictionaryRows> {
    const [texts, filings] = await Promise.all([
      this.v.rows<{ id: number; text: string }>(`SELECT id, text FROM ${this.v.t('provenance_texts')} WHERE cik = $1 ORDER BY id`, [cik]),
      this.v.rows<{ id: number; accn: string | null; filed: string | null; form: string | null }>(
        `SELECT id, accn, filed, form FROM ${this.v.t('provenance_filings')} WHERE cik = $1 ORDER BY id`, [cik]),
    ]);
    return { texts, filings };
  }

  async hasStatements(cik: string): Promise<boolean> {
    if (!this.v.has('records')) return false;
    const rows = await this.v.rows(`SELECT 1 FROM ${this.v.t('records')} WHERE cik = $1 AND record_type = ANY($2::text[]) LIMIT 1`, [cik, [...STATEMENT_TYPES]]);
    return rows.length > 0;
  }
}
