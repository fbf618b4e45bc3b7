// The screen versions table (issue 28, as_of screens in SQL), written by the screen step of a build
// whose dataset has record versions (issue 27): for each company and period kind, the row an
// as_of screen of the company's latest period reads, as it was over each span of days:
// screen_versions(cik, kind, known_from, known_to, date, fiscal_year, period_label, <columns>)
// holds the company's newest row of the kind made (metrics/screen-merge.ts, the rule of
// screen_rows) from the record versions known on a day, for every day in [known_from, known_to).
// A span starts at a change date (a known_from or known_to of one of the company's versions of the
// kind's record types) where that row differs from the day before's, and the open span of the
// current row ends at OPEN_END; a company has no span before its first known record. So "the
// latest rows as of a day" is one primary key search per company: its span starting last on or
// before the day, if known_to is after it. Records without a
// known_from (a company whose versions could not be computed) have no span: before the dataset's
// newest filing date an as_of read has none of their versions either, and from that date on an
// as_of screen is today's screen (screen_rows). Derived from the finished records and
// record_versions at every build, so an incremental build's carried companies (whose versions
// are copied) get the same spans as a full build's.
import type { Database } from 'better-sqlite3';
import { SCREEN_COLUMNS, SCREEN_KINDS, SCREEN_SOURCES, type ScreenKind } from '../../metrics/screen-fields.js';
import { makesRows, mergeScreenRows, type MergedRow } from '../../metrics/screen-merge.js';
import type { RecordType } from '../../model/record-types.js';
import { createBatchInsert } from './records-table.js';
import { parseBody } from '../codecs/record-body-codec.js';
import { SCREEN_VALUE_COLUMNS_DDL } from './screen-table.js';

const q = (ident: string) => `"${ident}"`;

/** known_to of a company's current row (after every date). */
export const OPEN_END = '9999-12-31';

export const SCREEN_VERSIONS_DDL = [
  `CREATE TABLE screen_versions (
     cik TEXT NOT NULL, kind TEXT NOT NULL, known_from TEXT NOT NULL, known_to TEXT NOT NULL,
     date TEXT NOT NULL, fiscal_year INTEGER NOT NULL, period_label TEXT NOT NULL, ${SCREEN_VALUE_COLUMNS_DDL},
     PRIMARY KEY (cik, kind, known_from)) WITHOUT ROWID`,
];

/** A stored version of one record as the writer reads it; body as stored (record-body-codec.ts; parseBody reads either form). */
export interface ScreenVersionInput { recordType: RecordType; period: string; date: string; from: string; to: string | null; body: string; parsed?: Record<string, unknown> }

/** A span of a company's row of a kind. */
export interface ScreenSpan { from: string; to: string; row: MergedRow }

const sameRow = (a: MergedRow, b: MergedRow): boolean => {
  if (a.date !== b.date || a.fiscal_year !== b.fiscal_year || a.period_label !== b.period_label) return false;
  for (const c of SCREEN_COLUMNS) if ((a.values.get(c) ?? null) !== (b.values.get(c) ?? null)) return false;
  return true;
};

/**
 * The spans of a company's newest row of `kind` from its record versions (every version of the
 * kind's record types: current ones with known_to null). Between two consecutive change dates the
 * versions known are the same, so the row is made once per change date, from the versions of the
 * newest period end known then only (a row depends on its own date's records).
 */
export function screenSpans(kind: ScreenKind, all: readonly ScreenVersionInput[]): ScreenSpan[] {
  const types = new Map<string, RecordType>(SCREEN_SOURCES[kind].map((s) => [`${s.recordType}|${s.period}`, s.recordType]));
  const versions = all.filter((v) => types.has(`${v.recordType}|${v.period}`)).sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  const changes = [...new Set(versions.flatMap((v) => (v.to === null ? [v.from] : [v.from, v.to])))].sort();
  const spans: ScreenSpan[] = [];
  let open: { from: string; row: MergedRow } | null = null;
  for (const day of changes) {
    const known = (v: ScreenVersionInput) => v.from <= day && (v.to === null || day < v.to);
    // the newest period end of a row-making version known that day, then every version of it known then
    let newest: string | null = null;
    for (const v of versions) {
      if (newest !== null && v.date < newest) break;
      if (known(v) && makesRows(kind, v.recordType)) newest ??= v.date;
    }
    const byType = new Map<RecordType, Array<Record<string, unknown>>>();
    for (const v of versions) {
      if (newest === null || v.date < newest) break;
      if (v.date !== newest || !known(v)) continue;
      v.parsed ??= parseBody(v.recordType, v.body);
      byType.set(v.recordType, [...(byType.get(v.recordType) ?? []), v.parsed]);
    }
    const row = newest === null ? null : mergeScreenRows(kind, byType).find((r) => r.date === newest) ?? null;
    if (open !== null && (row === null || !sameRow(open.row, row))) {
      spans.push({ from: open.from, to: day, row: open.row });
      open = null;
    }
    if (row !== null && open === null) open = { from: day, row };
  }
  if (open !== null) spans.push({ from: open.from, to: OPEN_END, row: open.row });
  return spans;
}

/** Writes screen_versions from the dataset's records and record_versions; returns the spans written per kind. */
export function writeScreenVersions(db: Database): Record<ScreenKind, number> {
  const counts = { annual: 0, quarterly: 0, ttm: 0 };
  const cols = ['cik', 'kind', 'known_from', 'known_to', 'date', 'fiscal_year', 'period_label', ...SCREEN_COLUMNS];
  const put = createBatchInsert(db, `INSERT INTO screen_versions (${cols.map(q).join(', ')})`, cols.length, 8);
  const companies = db.prepare('SELECT DISTINCT cik FROM records WHERE known_from IS NOT NULL ORDER BY cik').pluck().all() as string[];
  const read = db.prepare(`SELECT record_type, period, date, known_from, NULL AS known_to, body FROM records WHERE cik = ? AND known_from IS NOT NULL
    UNION ALL SELECT record_type, period, date, known_from, known_to, body FROM record_versions WHERE cik = ?`).raw(true);
  db.transaction(() => {
    for (const cik of companies) {
      const versions = (read.all(cik, cik) as Array<[RecordType, string, string, string, string | null, string]>).map(([recordType, period, date, from, to, body]) =>
        ({ recordType, period, date, from, to, body }));
      const flat: unknown[] = [];
      for (const kind of SCREEN_KINDS) {
        for (const s of screenSpans(kind, versions)) {
          flat.push(cik, kind, s.from, s.to, s.row.date, s.row.fiscal_year, s.row.period_label, ...SCREEN_COLUMNS.map((c) => s.row.values.get(c) ?? null));
          counts[kind] += 1;
        }
      }
      put(flat);
    }
  })();
  return counts;
}

/**
 * Creates and writes screen_versions when the dataset has record versions; null
 * (no table) otherwise. A step of its own so a test can run it on a copy of a finished dataset.
 */
export function writeScreenVersionsTable(db: Database): Record<ScreenKind, number> | null {
  if (db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'record_versions'").get() === undefined) return null;
  db.exec('DROP TABLE IF EXISTS screen_versions');
  for (const ddl of SCREEN_VERSIONS_DDL) db.exec(ddl);
  return writeScreenVersions(db);
}
