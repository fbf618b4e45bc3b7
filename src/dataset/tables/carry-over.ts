// Carries companies over from the previous dataset into a new build (an incremental rebuild, `tenk
// sync`): their records, provenance, unmapped concepts and split share counts are copied as they
// were instead of being standardized again, with the splits found in their share counts. Only valid for companies none of whose inputs changed
// (the caller's fingerprints decide); the rows copied are exactly the rows that build wrote.
import Database from 'better-sqlite3';
import type { Database as Db } from 'better-sqlite3';
import { SHARE_COUNT_SOURCE } from '../../model/record-types.js';
import { datasetFormatProblem } from '../dataset-format.js';

/** What the companies table keeps of a company's facts outcome, as the previous build wrote it. */
export interface CarriedCompany {
  cik: string;
  name: string | null;
  currency: string | null;
  taxonomy: string | null;
  shares: { date: string; value: number } | null;
  hasFacts: boolean;
  skipReason: string | null;
}

const PER_COMPANY_TABLES = ['records', 'record_provenance', 'provenance_texts', 'provenance_filings', 'unmapped_concepts', 'company_facts', 'record_versions'] as const;

/** Whether the attached schema (`main`, or a previous dataset's) has the table. */
export function hasTable(db: Db, schema: string, table: string): boolean {
  return db.prepare(`SELECT 1 FROM ${schema}.sqlite_master WHERE type = 'table' AND name = ?`).get(table) !== undefined;
}

/** The CREATE statement of a table in the attached schema, or undefined: two equal texts are one column list (a whole-row copy is safe). */
export function tableSql(db: Db, schema: string, table: string): string | undefined {
  return (db.prepare(`SELECT sql FROM ${schema}.sqlite_master WHERE type = 'table' AND name = ?`).get(table) as { sql: string } | undefined)?.sql;
}

/**
 * Copies the rows of `ciks` from the dataset at `fromPath` into `db` (which has the same tables,
 * written so far without these companies) and returns each carried company's facts outcome;
 * companies the previous dataset does not have are left out of the result (to be built).
 */
export function carryOverCompanies(db: Db, fromPath: string, ciks: ReadonlySet<string>): { companies: CarriedCompany[]; records: number } {
  db.prepare('ATTACH DATABASE ? AS prev').run(fromPath);
  try {
    if (!hasTable(db, 'prev', 'companies') || !hasTable(db, 'prev', 'records')) return { companies: [], records: 0 };
    db.exec('CREATE TEMP TABLE carried (cik TEXT PRIMARY KEY) WITHOUT ROWID');
    const put = db.prepare('INSERT OR IGNORE INTO temp.carried (cik) SELECT cik FROM prev.companies WHERE cik = ?');
    let records = 0;
    const rows = db.transaction(() => {
      for (const cik of ciks) put.run(cik);
      for (const table of PER_COMPANY_TABLES) {
        if (!hasTable(db, 'prev', table)) continue;
        if (!hasTable(db, 'main', table)) continue;
        // the columns both have (a previous dataset without versions has no records.known_from: left NULL, computed again)
        const prevCols = new Set((db.prepare(`SELECT name FROM pragma_table_info('${table}', 'prev')`).all() as Array<{ name: string }>).map((c) => c.name));
        const cols = (db.prepare(`SELECT name FROM pragma_table_info('${table}')`).all() as Array<{ name: string }>).map((c) => c.name).filter((c) => prevCols.has(c)).join(', ');
        const n = db.prepare(`INSERT INTO main.${table} (${cols}) SELECT ${cols} FROM prev.${table} WHERE cik IN (SELECT cik FROM temp.carried)`).run().changes;
        if (table === 'records') records = n;
      }
      if (hasTable(db, 'prev', 'splits') && hasTable(db, 'main', 'splits')) {
        db.exec(`UPDATE main.splits SET (cik, pre_split_shares, post_split_shares) =
          (SELECT p.cik, p.pre_split_shares, p.post_split_shares FROM prev.splits p WHERE p.symbol = splits.symbol AND p.date = splits.date)
          WHERE cik IS NULL AND EXISTS (SELECT 1 FROM prev.splits p WHERE p.symbol = splits.symbol AND p.date = splits.date AND p.cik IN (SELECT cik FROM temp.carried))`);
        // the splits found in a carried company's share counts (the records step writes them only
        // for the companies it builds: market/found-splits.ts)
        const prevCols = new Set((db.prepare("SELECT name FROM pragma_table_info('splits', 'prev')").all() as Array<{ name: string }>).map((c) => c.name));
        const cols = (db.prepare("SELECT name FROM pragma_table_info('splits')").all() as Array<{ name: string }>).map((c) => c.name).filter((c) => prevCols.has(c)).join(', ');
        db.prepare(`INSERT OR IGNORE INTO main.splits (${cols}) SELECT ${cols} FROM prev.splits
          WHERE cik IN (SELECT cik FROM temp.carried) AND source LIKE ?`).run(`${SHARE_COUNT_SOURCE}%`);
      }
      return db.prepare(`SELECT cik, name, currency, taxonomy, shares_outstanding, shares_outstanding_date, has_facts, facts_skip_reason
        FROM prev.companies WHERE cik IN (SELECT cik FROM temp.carried) ORDER BY cik`).all() as Array<{
        cik: string; name: string | null; currency: string | null; taxonomy: string | null; shares_outstanding: number | null;
        shares_outstanding_date: string | null; has_facts: number; facts_skip_reason: string | null;
      }>;
    })();
    db.exec('DROP TABLE temp.carried');
    const companies = rows.map((r) => ({
      cik: r.cik, name: r.name, currency: r.currency, taxonomy: r.taxonomy,
      shares: r.shares_outstanding !== null && r.shares_outstanding_date !== null ? { date: r.shares_outstanding_date, value: r.shares_outstanding } : null,
      hasFacts: r.has_facts === 1, skipReason: r.facts_skip_reason,
    }));
    return { companies, records };
  } finally {
    db.exec('DETACH DATABASE prev');
  }
}

/**
 * The CIKs among `ciks` the dataset at `fromPath` has a companies row for (all of them can be carried
 * over); none from a dataset of another form (dataset-format.ts: another schema, e.g. schema 1's
 * object record bodies, or other record columns: a build holds one form). The code identity in the fingerprints already
 * refuses a build of other code; this holds even when the caller's fingerprints match.
 */
export function carriableCiks(fromPath: string, ciks: ReadonlySet<string>): Set<string> {
  const prev = new Database(fromPath, { readonly: true, fileMustExist: true });
  try {
    if (!hasTable(prev, 'main', 'companies') || !hasTable(prev, 'main', 'records') || !hasTable(prev, 'main', 'meta')) return new Set();
    const metaOf = prev.prepare('SELECT value FROM meta WHERE key = ?').pluck();
    if (datasetFormatProblem((k) => metaOf.get(k) as string | undefined) !== null) return new Set();
    const has = prev.prepare('SELECT 1 FROM companies WHERE cik = ?');
    return new Set([...ciks].filter((cik) => has.get(cik) !== undefined));
  } finally {
    prev.close();
  }
}
