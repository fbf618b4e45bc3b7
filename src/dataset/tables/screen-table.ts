// The screen tables, written at the end of a build (and so by every `tenk sync` rebuild) from the
// records table: screen_rows holds one row per (company, period kind, period end) with one REAL
// column per screen field (metrics/screen-fields.ts: a name several record types share is one
// column, read from the kind's first record type that has it) and `latest` = 1 on each company's
// newest row of a kind, indexed so "latest per company" is one indexed read; screen_companies
// holds each company's symbol, name and the profile's text fields (the reference catalog's
// classification, as the profile endpoint gives them).
import type { Database } from 'better-sqlite3';
import { SCREEN_COLUMNS, SCREEN_KINDS, SCREEN_NUMERIC_FIELDS, SCREEN_SOURCES, type ScreenKind } from '../../metrics/screen-fields.js';
import { mergeScreenRows } from '../../metrics/screen-merge.js';
import type { RecordType } from '../../model/record-types.js';
import { RECORD_FIELDS } from '../../model/record-fields.js';
import { createBatchInsert } from './records-table.js';
import { parseBody } from '../codecs/record-body-codec.js';
import { tableSql } from './carry-over.js';
import { Dataset } from '../sqlite/sqlite-dataset.js';
import { companyTickerOrder, referenceCatalog } from '../reference-catalog.js';

const q = (ident: string) => `"${ident}"`;

/** One REAL column per screen field (the value columns of every screen table). */
export const SCREEN_VALUE_COLUMNS_DDL = SCREEN_COLUMNS.map((c) => `${q(c)} REAL`).join(', ');

/** The columns of screen_rows, and of screen_latest which holds its latest rows again. */
const ROW_COLUMNS_DDL = `cik TEXT NOT NULL, kind TEXT NOT NULL, date TEXT NOT NULL, fiscal_year INTEGER NOT NULL, period_label TEXT NOT NULL,
     latest INTEGER NOT NULL, ${SCREEN_VALUE_COLUMNS_DDL}`;

export const SCREEN_DDL = [
  `CREATE TABLE screen_rows (${ROW_COLUMNS_DDL}, PRIMARY KEY (cik, kind, date)) WITHOUT ROWID`,
  // each company's latest row of each kind again, clustered by kind: a latest-period screen reads
  // them in one range instead of a seek per company into screen_rows (16× the corpus: p50 ~80 ->
  // ~6 ms for the SQL of a three-condition screen)
  `CREATE TABLE screen_latest (${ROW_COLUMNS_DDL}, PRIMARY KEY (kind, cik, date)) WITHOUT ROWID`,
  `CREATE TABLE screen_companies (
     cik TEXT PRIMARY KEY, symbol TEXT, name TEXT, exchange TEXT, sector TEXT, industry TEXT, country TEXT, currency TEXT) WITHOUT ROWID`,
];

/** Built after the rows are written: the latest rows of a kind, and a kind's rows by fiscal year and by date. */
export const SCREEN_LATE_DDL = [
  `CREATE INDEX screen_rows_latest ON screen_rows (kind, latest, cik)`,
  `CREATE INDEX screen_rows_year ON screen_rows (kind, fiscal_year, cik)`,
];

/** What writing the screen tables found: rows per kind, and shared fields whose record types disagree. */
export interface ScreenBuildSummary {
  rows: Record<ScreenKind, number>;
  companies: number;
  /** "field (record type): n rows" for a shared field whose other record type holds a different annual value (of the companies built). */
  disagreements: string[];
  /** Companies whose rows were copied from the previous dataset. */
  carried: number;
}

/** Same value in two record types: equal, or within a relative 1e-9 (a rounding of one computation). */
const agree = (a: number, b: number) => a === b || Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));

/** Per annual record type, the shared fields whose column another (earlier) record type fills: checked against it. */
function sharedChecks(): Map<string, Array<{ name: string; own: string }>> {
  const checks = new Map<string, Array<{ name: string; own: string }>>();
  for (const { recordType } of SCREEN_SOURCES.annual) {
    const list: Array<{ name: string; own: string }> = [];
    for (const name of RECORD_FIELDS[recordType]) {
      const own = SCREEN_NUMERIC_FIELDS.get(name)!.source.annual!;
      if (own !== recordType) list.push({ name, own });
    }
    checks.set(recordType, list);
  }
  return checks;
}

/**
 * Company by company (in CIK order): its records parsed once, merged into the rows of each kind
 * by the shared rule (metrics/screen-merge.ts), `latest` on the newest row of each kind; a shared
 * annual field whose other record type holds a different value than its column's is counted.
 */
function writeRows(db: Database, counts: Record<ScreenKind, number>, differ: Map<string, number>, skip: ReadonlySet<string>): void {
  const checks = sharedChecks();
  const cols = ['cik', 'kind', 'date', 'fiscal_year', 'period_label', 'latest', ...SCREEN_COLUMNS];
  const put = createBatchInsert(db, `INSERT INTO screen_rows (${cols.map(q).join(', ')})`, cols.length, 8);
  const sources = new Set(SCREEN_KINDS.flatMap((k) => SCREEN_SOURCES[k].map((s) => `${s.recordType}|${s.period}`)));
  // A company at a time (better-sqlite3 cannot write while a read is being iterated).
  const companies = (db.prepare('SELECT DISTINCT cik FROM records ORDER BY cik').pluck().all() as string[]).filter((c) => !skip.has(c));
  const read = db.prepare('SELECT record_type, period, body FROM records WHERE cik = ? ORDER BY record_type, period, date');
  for (const cik of companies) {
    const byPeriod = new Map<string, Map<RecordType, Array<Record<string, unknown>>>>();
    for (const rec of read.all(cik) as Array<{ record_type: RecordType; period: string; body: string }>) {
      if (!sources.has(`${rec.record_type}|${rec.period}`)) continue;
      let types = byPeriod.get(rec.period);
      if (!types) byPeriod.set(rec.period, (types = new Map()));
      const list = types.get(rec.record_type);
      const body = parseBody(rec.record_type, rec.body);
      if (list) list.push(body);
      else types.set(rec.record_type, [body]);
    }
    const flat: unknown[] = [];
    for (const kind of SCREEN_KINDS) {
      const rows = mergeScreenRows(kind, byPeriod.get(SCREEN_SOURCES[kind][0]!.period) ?? new Map());
      const newest = rows.reduce((d, r) => (r.date > d ? r.date : d), '');
      for (const r of rows) flat.push(cik, kind, r.date, r.fiscal_year, r.period_label, r.date === newest ? 1 : 0, ...SCREEN_COLUMNS.map((c) => r.values.get(c) ?? null));
      counts[kind] += rows.length;
      if (kind !== 'annual') continue;
      const byDate = new Map(rows.map((r) => [r.date, r]));
      for (const [recordType, bodies] of byPeriod.get('annual') ?? []) {
        for (const body of bodies) {
          for (const c of checks.get(recordType) ?? []) {
            const v = body[c.name];
            const own = byDate.get(String(body.date))?.values.get(c.name);
            if (typeof v === 'number' && typeof own === 'number' && !agree(v, own)) {
              const k = `${c.name} (${recordType} vs ${c.own})`;
              differ.set(k, (differ.get(k) ?? 0) + 1);
            }
          }
        }
      }
    }
    put(flat);
  }
}

/**
 * Copies the screen_rows of `ciks` from the dataset at `fromPath` (an incremental build: their
 * records were carried over from it, so their rows are the ones they would be written as), adding
 * them to `counts`; the companies copied, or none when that dataset's screen_rows table is not
 * this build's (another column list).
 */
function carryRows(db: Database, carry: ScreenCarryOver, counts: Record<ScreenKind, number>): Set<string> {
  db.prepare('ATTACH DATABASE ? AS prev_screen').run(carry.fromPath);
  try {
    const prev = tableSql(db, 'prev_screen', 'screen_rows');
    if (prev === undefined || prev !== tableSql(db, 'main', 'screen_rows')) return new Set();
    db.exec('CREATE TEMP TABLE screen_carried (cik TEXT PRIMARY KEY) WITHOUT ROWID');
    try {
      const put = db.prepare('INSERT INTO temp.screen_carried (cik) VALUES (?)');
      for (const cik of carry.ciks) put.run(cik);
      db.exec('INSERT INTO main.screen_rows SELECT * FROM prev_screen.screen_rows WHERE cik IN (SELECT cik FROM temp.screen_carried)');
      const byKind = db.prepare('SELECT kind, COUNT(*) AS n FROM prev_screen.screen_rows WHERE cik IN (SELECT cik FROM temp.screen_carried) GROUP BY kind').all() as Array<{ kind: ScreenKind; n: number }>;
      for (const { kind, n } of byKind) counts[kind] += n;
      return new Set(carry.ciks);
    } finally {
      db.exec('DROP TABLE temp.screen_carried');
    }
  } finally {
    db.exec('DETACH DATABASE prev_screen');
  }
}

/** Writes screen_latest from the latest rows of screen_rows (once screen_rows is complete). */
export function fillScreenLatest(db: Database): void {
  db.exec('INSERT INTO screen_latest SELECT * FROM screen_rows WHERE latest = 1 ORDER BY kind, cik, date');
}

/** An incremental build's companies carried over, and the dataset they were carried from. */
export interface ScreenCarryOver { fromPath: string; ciks: ReadonlySet<string> }

/**
 * Writes screen_rows and screen_companies from the build's records and reference tables; with
 * `carry`, the rows of the carried companies are copied from the previous dataset instead.
 */
export function writeScreenTables(db: Database, carry: ScreenCarryOver | null = null): ScreenBuildSummary {
  const counts = { annual: 0, quarterly: 0, ttm: 0 };
  const differ = new Map<string, number>();
  // (ATTACH cannot run inside a transaction: the copy is a statement of its own)
  const carried = carry ? carryRows(db, carry, counts) : new Set<string>();
  db.transaction(() => {
    writeRows(db, counts, differ, carried);
    fillScreenLatest(db);
  })();
  const ciks = db.prepare('SELECT DISTINCT cik FROM screen_rows ORDER BY cik').pluck().all() as string[];
  const catalog = referenceCatalog(Dataset.ofHandle(db, ''));
  const hasClasses = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'share_classes'").get() !== undefined;
  const classOf = hasClasses ? db.prepare('SELECT reporting_class FROM share_classes WHERE symbol = ? AND listing_per_reporting != 1 AND reporting_class != symbol').pluck() : null;
  const reportingClassOf = (symbol: string): string | null => (classOf?.get(symbol) as string | undefined) ?? null;
  const putCompany = db.prepare('INSERT INTO screen_companies (cik, symbol, name, exchange, sector, industry, country, currency) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  db.transaction(() => {
    for (const cik of ciks) {
      const company = catalog.companies.get(cik);
      const primary = company?.ticker ? catalog.bySymbol.get(company.ticker) : undefined;
      const listed = primary ?? [...(catalog.byCik.get(cik) ?? [])].sort(companyTickerOrder)[0];
      // A class listing on another basis than the records (BRK-B: 1/1,500 of the class A share the
      // filer reports per-share figures in) gives way to the reporting class's listing, whose basis
      // the stored values are on (the per-company endpoints rebase a class listing at serve time).
      const reporting = listed ? reportingClassOf(listed.symbol) : null;
      const ticker = (reporting ? catalog.bySymbol.get(reporting) : undefined) ?? listed;
      const cls = ticker ? catalog.classify(ticker) : { sector: null, industry: null, country: null };
      putCompany.run(cik, ticker?.symbol ?? company?.ticker ?? null, company?.name ?? ticker?.sec_name ?? ticker?.issuer_name ?? null,
        ticker?.exchange ?? null, cls.sector, cls.industry, cls.country, company?.currency ?? null);
    }
  })();
  return { rows: counts, companies: ciks.length, disagreements: [...differ].map(([k, n]) => `${k}: ${n} rows`), carried: carried.size };
}
