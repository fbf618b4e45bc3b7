// RecordQueries over SQLite: a keyed range read on the records table, one statement per sort
// order, each prepared once per dataset handle (on first use). Bodies are decoded from their stored
// form here (record-body-codec.ts): callers get the object text the API serves.
import type { Statement } from 'better-sqlite3';
import type { SqliteHandle } from './sqlite-handle.js';
import { decodeBody } from '../codecs/record-body-codec.js';
import { STATEMENT_TYPES, type RecordType } from '../../model/record-types.js';
import type { ProvenanceDictionaryRows, RecordQueries, RecordSeriesQuery, StoredProvenance, VersionRow } from '../queries/record-queries.js';

const SQL = (order: 'ASC' | 'DESC') =>
  `SELECT body FROM records WHERE cik = ? AND record_type = ? AND period = ? AND date >= ? AND date <= ?
     AND fiscal_year >= ? AND fiscal_year <= ? ORDER BY date ${order} LIMIT ?`;

/** One seek of the primary key (cik, record_type, ...) per statement type at most. */
const HAS_STATEMENTS_SQL = `SELECT 1 FROM records WHERE cik = ? AND record_type IN (${STATEMENT_TYPES.map((t) => `'${t}'`).join(', ')}) LIMIT 1`;

/**
 * A series' versions known by ?4 (records: the current ones, record_versions: the superseded
 * ones), each row's provenance beside it. Without first_filed those known on ?4 only; with it
 * each date's first (the earliest known_from). Then the series' bounds, order and limit.
 */
export const VERSIONS_SQL = (order: 'ASC' | 'DESC', firstFiled: boolean, withProvenance: boolean, p: (n: number) => string) => {
  const current = withProvenance
    ? `SELECT r.date, r.fiscal_year, r.body, COALESCE(r.known_fields, v.fields) AS fields, r.known_from FROM records r
      LEFT JOIN record_provenance v ON v.cik = r.cik AND v.record_type = r.record_type AND v.period = r.period AND v.date = r.date
      WHERE r.cik = ${p(1)} AND r.record_type = ${p(2)} AND r.period = ${p(3)} AND r.known_from <= ${p(4)}`
    : `SELECT date, fiscal_year, body, NULL AS fields, known_from FROM records
      WHERE cik = ${p(1)} AND record_type = ${p(2)} AND period = ${p(3)} AND known_from <= ${p(4)}`;
  const past = `SELECT date, fiscal_year, body, ${withProvenance ? 'fields' : 'NULL AS fields'}, known_from FROM record_versions
      WHERE cik = ${p(1)} AND record_type = ${p(2)} AND period = ${p(3)} AND known_from <= ${p(4)}${firstFiled ? '' : ` AND known_to > ${p(4)}`}`;
  const known = firstFiled
    ? `SELECT * FROM (SELECT date, fiscal_year, body, fields, known_from, ROW_NUMBER() OVER (PARTITION BY date ORDER BY known_from) AS n
        FROM (${current} UNION ALL ${past}) u) w WHERE n = 1`
    : `${current} UNION ALL ${past}`;
  return `SELECT date, body, fields, known_from FROM (${known}) k
    WHERE date >= ${p(5)} AND date <= ${p(6)} AND fiscal_year >= ${p(7)} AND fiscal_year <= ${p(8)} ORDER BY date ${order} LIMIT ${p(9)}`;
};

/** The parameters of VERSIONS_SQL for a query. */
export function versionsParams(q: RecordSeriesQuery, asOf: string | null): Array<string | number> {
  return [q.cik, q.recordType, q.period, asOf ?? '9999-12-31', q.dateStart ?? '0000-01-01', q.dateEnd ?? '9999-12-31', q.fiscalYearStart ?? -1, q.fiscalYearEnd ?? 999999, q.limit];
}

export class SqliteRecords implements RecordQueries {
  private versionStatements = new Map<string, Statement>();
  private dictionaries: { texts: Statement; filings: Statement } | undefined;
  private versioned: boolean | undefined;
  private asc: Statement | undefined;
  private desc: Statement | undefined;
  private prov: { rows: Statement; texts: Statement; filings: Statement } | undefined;
  private statements: Statement | undefined;

  constructor(private readonly dataset: SqliteHandle) {}

  series(q: RecordSeriesQuery): string[] {
    const st = q.order === 'ASC' ? (this.asc ??= this.statement('ASC')) : (this.desc ??= this.statement('DESC'));
    const bodies = st.all(
      q.cik, q.recordType, q.period, q.dateStart ?? '0000-01-01', q.dateEnd ?? '9999-12-31',
      q.fiscalYearStart ?? -1, q.fiscalYearEnd ?? 999999, q.limit,
    ) as string[];
    for (let i = 0; i < bodies.length; i++) bodies[i] = decodeBody(q.recordType, bodies[i]!);
    return bodies;
  }

  provenance(cik: string, recordType: RecordType, period: string, dates: readonly string[], dictionaries = true): StoredProvenance {
    const st = (this.prov ??= {
      rows: this.dataset.prepare(`SELECT date, fields FROM record_provenance
        WHERE cik = ? AND record_type = ? AND period = ? AND date IN (SELECT value FROM json_each(?)) ORDER BY date`),
      texts: this.dataset.prepare('SELECT id, text FROM provenance_texts WHERE cik = ? ORDER BY id'),
      filings: this.dataset.prepare('SELECT id, accn, filed, form FROM provenance_filings WHERE cik = ? ORDER BY id'),
    });
    const rows = st.rows.all(cik, recordType, period, JSON.stringify(dates)) as StoredProvenance['rows'];
    if (rows.length === 0 || !dictionaries) return { rows, texts: [], filings: [] };
    return { rows, texts: st.texts.all(cik) as StoredProvenance['texts'], filings: st.filings.all(cik) as StoredProvenance['filings'] };
  }

  hasStatements(cik: string): boolean {
    if (!this.dataset.hasTable('records')) return false;
    return (this.statements ??= this.dataset.prepare(HAS_STATEMENTS_SQL)).get(cik) !== undefined;
  }

  hasVersions(): boolean {
    return (this.versioned ??= this.dataset.hasTable('record_versions'));
  }

  versionsAt(q: RecordSeriesQuery, asOf: string | null, firstFiled: boolean, withProvenance = false): VersionRow[] {
    if (!this.hasVersions()) return [];
    const key = `${q.order}|${firstFiled}|${withProvenance}`;
    let st = this.versionStatements.get(key);
    if (!st) this.versionStatements.set(key, (st = this.dataset.prepare(VERSIONS_SQL(q.order === 'ASC' ? 'ASC' : 'DESC', firstFiled, withProvenance, (n) => `@p${n}`))));
    const params: Record<string, string | number> = {};
    versionsParams(q, asOf).forEach((v, i) => { params[`p${i + 1}`] = v; });
    const rows = st.all(params) as VersionRow[];
    for (const r of rows) r.body = decodeBody(q.recordType, r.body);
    return rows;
  }

  provenanceDictionaries(cik: string): ProvenanceDictionaryRows {
    const st = (this.dictionaries ??= {
      texts: this.dataset.prepare('SELECT id, text FROM provenance_texts WHERE cik = ? ORDER BY id'),
      filings: this.dataset.prepare('SELECT id, accn, filed, form FROM provenance_filings WHERE cik = ? ORDER BY id'),
    });
    return { texts: st.texts.all(cik) as StoredProvenance['texts'], filings: st.filings.all(cik) as StoredProvenance['filings'] };
  }

  private statement(order: 'ASC' | 'DESC'): Statement {
    return this.dataset.prepare(SQL(order)).pluck(true);
  }
}
