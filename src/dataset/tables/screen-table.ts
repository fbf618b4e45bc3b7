// The screen tables, written at the end of a build (and so by every `tenk sync` rebuild) from the
// records table: screen_rows holds one row per (company, period kind, period end) with one REAL
// column per screen field (metrics/screen-fields.ts: a name several record types share is one
// column, read from the kind's first record type that has it) and `latest` = 1 on each company's
// newest row of a kind, indexed so "latest per company" is one indexed read; screen_companies
// holds each company's symbol, name and the profile's text fields (the reference catalog's
// classification, as the profile endpoint gives them).
import type { Database } from 'better-sqlite3';
import { SCREEN_COLUMNS, SCREEN_KINDS, SCREEN_NUMERIC_FIELDS, SCREEN_SOURCES, fieldsBySource, type ScreenKind } from '../../metrics/screen-fields.js';
import { DERIVED_TYPES } from '../../model/record-types.js';
import { RECORD_FIELDS } from '../../model/record-fields.js';
import { createBatchInsert } from './records-table.js';
import { Dataset } from '../sqlite/sqlite-dataset.js';
import { companyTickerOrder, referenceCatalog } from '../reference-catalog.js';

const q = (ident: string) => `"${ident}"`;

export const SCREEN_DDL = [
  `CREATE TABLE screen_rows (
     cik TEXT NOT NULL, kind TEXT NOT NULL, date TEXT NOT NULL, fiscal_year INTEGER NOT NULL, period_label TEXT NOT NULL,
     latest INTEGER NOT NULL, ${SCREEN_COLUMNS.map((c) => `${q(c)} REAL`).join(', ')},
     PRIMARY KEY (cik, kind, date)) WITHOUT ROWID`,
  // each company's latest row of each kind again, clustered by kind: a latest-period screen reads
  // them in one range instead of a seek per company into screen_rows (16× the corpus: p50 ~80 ->
  // ~6 ms for the SQL of a three-condition screen)
  `CREATE TABLE screen_latest (
     cik TEXT NOT NULL, kind TEXT NOT NULL, date TEXT NOT NULL, fiscal_year INTEGER NOT NULL, period_label TEXT NOT NULL,
     latest INTEGER NOT NULL, ${SCREEN_COLUMNS.map((c) => `${q(c)} REAL`).join(', ')},
     PRIMARY KEY (kind, cik, date)) WITHOUT ROWID`,
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

const COLUMN_INDEX = new Map(SCREEN_COLUMNS.map((c, i) => [c, i]));
const ANNUAL_ORDER = new Map<string, number>(SCREEN_SOURCES.annual.map((s, i) => [s.recordType, i]));
/** Same value in two record types: equal, or within a relative 1e-9 (a rounding of one computation). */
const agree = (a: number, b: number) => a === b || Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));

/** What a record of (record type, period) writes: per kind, its fields' column indexes; and the shared fields to check (annual). */
interface RecordPlan { writes: Array<{ kind: ScreenKind; names: string[]; idx: number[]; keys: boolean }>; checks: Array<{ name: string; idx: number; own: string }> }

function recordPlans(): Map<string, RecordPlan> {
  const plans = new Map<string, RecordPlan>();
  const plan = (rt: string, period: string) => {
    const k = `${rt}|${period}`;
    let p = plans.get(k);
    if (!p) plans.set(k, (p = { writes: [], checks: [] }));
    return p;
  };
  for (const kind of SCREEN_KINDS) {
    const bySource = fieldsBySource(kind);
    for (const { recordType, period } of SCREEN_SOURCES[kind]) {
      const names = bySource.get(recordType) ?? [];
      // ttm rows are the derived records' (trailing) quarters; a balance sheet adds its values to them.
      const keys = kind !== 'ttm' || (DERIVED_TYPES as readonly string[]).includes(recordType);
      plan(recordType, period).writes.push({ kind, names, idx: names.map((n) => COLUMN_INDEX.get(n)!), keys });
    }
  }
  for (const { recordType } of SCREEN_SOURCES.annual) {
    for (const name of RECORD_FIELDS[recordType]) {
      const own = SCREEN_NUMERIC_FIELDS.get(name)!.source.annual!;
      if (own !== recordType) plan(recordType, 'annual').checks.push({ name, idx: COLUMN_INDEX.get(name)!, own });
    }
  }
  return plans;
}

interface Row { kind: ScreenKind; date: string; fiscalYear: number; periodLabel: string; values: Array<number | null>; precedence: number }

/**
 * One pass over the records table in key order (company by company): each body is parsed once
 * and its fields set into the rows of every kind that reads them (a column from the kind's first
 * source that has the field: sources are applied in reverse precedence, so the first one wins).
 */
function writeRows(db: Database, counts: Record<ScreenKind, number>, differ: Map<string, number>, skip: ReadonlySet<string>): void {
  const plans = recordPlans();
  const precedence = new Map<string, number>();
  for (const kind of SCREEN_KINDS) SCREEN_SOURCES[kind].forEach((s, i) => precedence.set(`${kind}|${s.recordType}`, i));
  const cols = ['cik', 'kind', 'date', 'fiscal_year', 'period_label', 'latest', ...SCREEN_COLUMNS];
  const put = createBatchInsert(db, `INSERT INTO screen_rows (${cols.map(q).join(', ')})`, cols.length, 8);
  let cik = '';
  let rows = new Map<string, Row>();
  // Values read per (kind, date) row, with the precedence of the source that set each one.
  let setBy = new Map<string, Int16Array>();
  const flush = () => {
    const newest = new Map<ScreenKind, string>();
    for (const r of rows.values()) if ((newest.get(r.kind) ?? '') < r.date) newest.set(r.kind, r.date);
    const flat: unknown[] = [];
    for (const r of rows.values()) {
      flat.push(cik, r.kind, r.date, r.fiscalYear, r.periodLabel, newest.get(r.kind) === r.date ? 1 : 0, ...r.values);
      counts[r.kind] += 1;
    }
    put(flat);
    rows = new Map();
    setBy = new Map();
  };
  // A company at a time (better-sqlite3 cannot write while a read is being iterated).
  const companies = (db.prepare('SELECT DISTINCT cik FROM records ORDER BY cik').pluck().all() as string[]).filter((c) => !skip.has(c));
  const read = db.prepare('SELECT record_type, period, date, fiscal_year, period_label, body FROM records WHERE cik = ? ORDER BY record_type, period, date');
  for (const company of companies) {
  if (cik !== '') flush();
  cik = company;
  const recs = read.all(company) as Array<{ record_type: string; period: string; date: string; fiscal_year: number; period_label: string; body: string }>;
  // records that only add values to a kind's rows (the balance sheet of ttm) after the ones that make
  // the rows; otherwise in annual precedence, so a shared field is compared once its column is set
  const adds = (r: { record_type: string; period: string }) => (plans.get(`${r.record_type}|${r.period}`)?.writes.some((w) => !w.keys) ? 1 : 0);
  const order = (r: { record_type: string }) => ANNUAL_ORDER.get(r.record_type) ?? 99;
  recs.sort((a, b) => adds(a) - adds(b) || order(a) - order(b));
  for (const rec of recs) {
    const p = plans.get(`${rec.record_type}|${rec.period}`);
    if (!p) continue;
    const body = JSON.parse(rec.body) as Record<string, unknown>;
    for (const w of p.writes) {
      const key = `${w.kind}|${rec.date}`;
      const rank = precedence.get(`${w.kind}|${rec.record_type}`)!;
      let row = rows.get(key);
      if (!row) {
        if (!w.keys) continue;
        row = { kind: w.kind, date: rec.date, fiscalYear: rec.fiscal_year, periodLabel: rec.period_label, values: new Array<number | null>(SCREEN_COLUMNS.length).fill(null), precedence: rank };
        rows.set(key, row);
        setBy.set(key, new Int16Array(SCREEN_COLUMNS.length).fill(0x7fff));
      } else if (rank < row.precedence) {
        row.precedence = rank;
        row.fiscalYear = rec.fiscal_year;
        row.periodLabel = rec.period_label;
      }
      const by = setBy.get(key)!;
      for (let i = 0; i < w.names.length; i += 1) {
        const col = w.idx[i]!;
        if (by[col]! < rank) continue;
        const v = body[w.names[i]!];
        row.values[col] = typeof v === 'number' && Number.isFinite(v) ? v : null;
        by[col] = rank;
      }
    }
    for (const c of p.checks) {
      const v = body[c.name];
      const own = rows.get(`annual|${rec.date}`)?.values[c.idx];
      // the column's own record type sorts before this one only when it is a statement; compare at flush otherwise
      if (typeof v === 'number' && typeof own === 'number' && setBy.get(`annual|${rec.date}`)![c.idx]! < precedence.get(`annual|${rec.record_type}`)! && !agree(v, own)) {
        const k = `${c.name} (${rec.record_type} vs ${c.own})`;
        differ.set(k, (differ.get(k) ?? 0) + 1);
      }
    }
  }
  }
  if (cik !== '') flush();
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
    const tableSql = (schema: string) => (db.prepare(`SELECT sql FROM ${schema}.sqlite_master WHERE type = 'table' AND name = 'screen_rows'`).get() as { sql: string } | undefined)?.sql;
    if (tableSql('prev_screen') === undefined || tableSql('prev_screen') !== tableSql('main')) return new Set();
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
