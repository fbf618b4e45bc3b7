// The read side of one dataset version in PostgreSQL (a `tenk_ds_…` schema, pg-dataset-versions.ts):
// the named queries of read-queries.ts implemented so far (records, splits) and the build's meta,
// over a pool with short timeouts; a connection failure is a DependencyUnavailableError (503).
// Invariant: every query of one handle reads the one schema it was opened on, so a response never
// mixes versions; a switch opens a new handle.
import pg from 'pg';
import { DependencyUnavailableError } from '../model/dependency-error.js';
import type { RecordQueries, RecordSeriesQuery } from './record-queries.js';
import type { SplitCalendarQuery, SplitQueries, SplitRow } from './split-queries.js';

// BIGINT (int8) as a JS number, as better-sqlite3 returns SQLite integers.
const types = { getTypeParser: ((oid: number, format?: string) => (oid === 20 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as 'text'))) as typeof pg.types.getTypeParser };

export function openDatasetPool(databaseUrl: string, max = 8): pg.Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max, connectionTimeoutMillis: 2000, query_timeout: 10_000, types });
  pool.on('error', () => { /* the next query reports it */ });
  return pool;
}

export class PgDataset {
  readonly records: RecordQueries;
  readonly splits: SplitQueries;

  constructor(readonly pool: pg.Pool, readonly schema: string) {
    if (!/^tenk_ds_[a-z0-9_]+$/.test(schema)) throw new Error(`not a dataset version schema: ${schema}`);
    this.records = new PgRecords(this);
    this.splits = new PgSplits(this);
  }

  /** The table name qualified with this version's schema. */
  t(table: string): string { return `"${this.schema}"."${table}"`; }

  async rows<R extends pg.QueryResultRow>(sql: string, params: readonly unknown[]): Promise<R[]> {
    try {
      return (await this.pool.query<R>({ text: sql, values: params as unknown[] })).rows;
    } catch (err) {
      const code = (err as { code?: string }).code ?? '';
      // SQL errors of a reachable server are bugs (500); connection failures are 503.
      if (/^[0-9A-Z]{5}$/.test(code) && !code.startsWith('08') && !code.startsWith('57P')) throw err;
      throw new DependencyUnavailableError('postgres', err);
    }
  }

  async meta(key: string): Promise<string | null> {
    return (await this.rows<{ value: string }>(`SELECT value FROM ${this.t('meta')} WHERE key = $1`, [key]))[0]?.value ?? null;
  }

  async hasTable(name: string): Promise<boolean> {
    return (await this.rows(`SELECT 1 FROM pg_tables WHERE schemaname = $1 AND tablename = $2`, [this.schema, name])).length > 0;
  }
}

class PgRecords implements RecordQueries {
  constructor(private readonly ds: PgDataset) {}

  async series(q: RecordSeriesQuery): Promise<string[]> {
    const order = q.order === 'ASC' ? 'ASC' : 'DESC';
    const rows = await this.ds.rows<{ body: string }>(
      `SELECT body FROM ${this.ds.t('records')} WHERE cik = $1 AND record_type = $2 AND period = $3 AND date >= $4 AND date <= $5
         AND fiscal_year >= $6 AND fiscal_year <= $7 ORDER BY date ${order} LIMIT $8`,
      [q.cik, q.recordType, q.period, q.dateStart ?? '0000-01-01', q.dateEnd ?? '9999-12-31', q.fiscalYearStart ?? -1, q.fiscalYearEnd ?? 999999, q.limit]);
    return rows.map((r) => r.body);
  }
}

const SPLIT_COLS = 'id, symbol, date, from_shares, to_shares, pre_split_shares, post_split_shares, pre_split_price, post_split_price';

function newestFirst(a: SplitRow, b: SplitRow): number {
  return a.date < b.date ? 1 : a.date > b.date ? -1 : a.symbol < b.symbol ? -1 : 1;
}

class PgSplits implements SplitQueries {
  private present: Promise<boolean> | undefined;
  constructor(private readonly ds: PgDataset) {}

  async forCompany(cik: string, symbols: readonly string[]): Promise<SplitRow[]> {
    if (!(await (this.present ??= this.ds.hasTable('splits')))) return [];
    const rows = await this.ds.rows<SplitRow>(`SELECT ${SPLIT_COLS} FROM ${this.ds.t('splits')} WHERE cik = $1 OR symbol = ANY($2::text[])`, [cik, [...symbols]]);
    const seen = new Map<string, SplitRow>();
    for (const r of rows) seen.set(r.id, r);
    return [...seen.values()].sort(newestFirst);
  }

  async calendar(q: SplitCalendarQuery): Promise<SplitRow[]> {
    if (!(await (this.present ??= this.ds.hasTable('splits')))) return [];
    const dir = q.order === 'ASC' ? 'ASC' : 'DESC';
    return this.ds.rows<SplitRow>(`SELECT ${SPLIT_COLS} FROM ${this.ds.t('splits')} WHERE date >= $1 AND date <= $2 ORDER BY date ${dir}, symbol ${dir} LIMIT $3`,
      [q.dateStart ?? '0000-01-01', q.dateEnd ?? '9999-12-31', q.limit]);
  }
}
