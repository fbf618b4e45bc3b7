// The stored vintages of records (issue 27): `records` holds each record's current version and, in
// `known_from`, the filing date from which it has been the latest known (NULL: no versions
// computed, e.g. a company without stored facts); `record_versions` holds every superseded
// version with the span [known_from, known_to) of filing dates during which it was the latest,
// its body as the records table stores one and its provenance encoded as record_provenance's
// (ids of the company's provenance_texts and provenance_filings). Written by the versions step.
import type { Database } from 'better-sqlite3';
import { createBatchInsert } from './records-table.js';
import { FILING_COLS, TEXT_COLS, VERSION_COLS } from '../codecs/record-render.js';

export const RECORD_VERSIONS_DDL = [
  `CREATE TABLE record_versions (
     cik TEXT NOT NULL, record_type TEXT NOT NULL, period TEXT NOT NULL, date TEXT NOT NULL,
     known_from TEXT NOT NULL, known_to TEXT NOT NULL, fiscal_year INTEGER NOT NULL, period_label TEXT NOT NULL,
     body TEXT NOT NULL, fields TEXT,
     PRIMARY KEY (cik, record_type, period, date, known_from))`,
];

/**
 * Cross-company reads at a past date (a screen as of a day: issue 28) by record type, period and
 * known_from; known_to and date in the index too, so the versions not valid that day (most of those
 * known by then) are passed over in the index without reading their rows (the annual versions
 * valid on a day of 2016-2019: 550-940 ms -> see docs/benchmarks.md).
 */
export const RECORD_VERSIONS_LATE_DDL = [
  'CREATE INDEX record_versions_known ON record_versions (record_type, period, known_from, known_to, date)',
];

/** One company's versions as the versions step hands them over (flat rows, see renderVersionRows). */
export interface CompanyVersionRows {
  /** VERSION_COLS values per superseded version. */
  versions: Array<string | number | null>;
  /** The company's dictionary entries new with its versions (TEXT_COLS / FILING_COLS per row). */
  texts: Array<string | number>;
  filings: Array<string | number | null>;
  /** Per current record: record_type, period, date, known_from, known_fields (null: its record_provenance). */
  knownFrom: Array<string | null>;
}

export interface RecordVersionsWriter {
  write(cik: string, rows: CompanyVersionRows): void;
}

/** Compares two record_versions keys' columns after cik (record_type, period, date, known_from) as SQLite's BINARY collation does for ASCII text. */
function byKey(a: ReadonlyArray<string | number | null>, b: ReadonlyArray<string | number | null>): number {
  for (let i = 1; i <= 4; i++) {
    const x = a[i] as string, y = b[i] as string;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/**
 * A company's flat version rows (VERSION_COLS values each) in key order. Inserted in that order, a
 * series' versions get consecutive rowids, so they sit on a few neighbouring pages of the table
 * instead of being spread over all the company's pages (computed in filing date order, the
 * versions of one series were interleaved with every other series'): `as_of` reads of series
 * whose pages are not in memory read fewer bytes (the income statement and multiples of every
 * company as of a day: 50.9 MB instead of 137.6 MB; docs/benchmarks.md).
 */
export function versionRowsInKeyOrder(flat: ReadonlyArray<string | number | null>): Array<string | number | null> {
  const rows: Array<ReadonlyArray<string | number | null>> = [];
  for (let i = 0; i < flat.length; i += VERSION_COLS) rows.push(flat.slice(i, i + VERSION_COLS));
  return rows.sort(byKey).flat();
}

export function createRecordVersionsWriter(db: Database): RecordVersionsWriter {
  const putVersions = createBatchInsert(db, 'INSERT OR REPLACE INTO record_versions (cik, record_type, period, date, known_from, known_to, fiscal_year, period_label, body, fields)', VERSION_COLS);
  const putTexts = createBatchInsert(db, 'INSERT INTO provenance_texts (cik, id, text)', TEXT_COLS);
  const putFilings = createBatchInsert(db, 'INSERT INTO provenance_filings (cik, id, accn, filed, form)', FILING_COLS);
  const setKnownFrom = db.prepare('UPDATE records SET known_from = ?, known_fields = ? WHERE cik = ? AND record_type = ? AND period = ? AND date = ?');
  const write = db.transaction((cik: string, rows: CompanyVersionRows) => {
    putVersions(versionRowsInKeyOrder(rows.versions));
    putTexts(rows.texts);
    putFilings(rows.filings);
    const k = rows.knownFrom;
    for (let i = 0; i < k.length; i += 5) setKnownFrom.run(k[i + 3], k[i + 4], cik, k[i], k[i + 1], k[i + 2]);
  });
  return { write: (cik, rows) => write(cik, rows) };
}

/** A company the versions step computes: its stored facts' fiscal year end and its reporting currency. */
export interface VersionCompany { cik: string; fiscal_year_end: string | null; currency: string | null }

/** What the versions step reads of the build: the fact store, the records just written and their dictionaries. */
export interface VersionInputsReader {
  /** The dataset's newest filing date (null: no stored facts, nothing to version). */
  newest(): string | null;
  /** Companies with stored facts whose records have no known_from yet (a carried-over company has its own), in CIK order. */
  companies(): VersionCompany[];
  blob(cik: string): Uint8Array<ArrayBuffer>;
  /** The company's records: record_type, period, date, body, provenance fields (or null), flat, in key order. */
  current(cik: string): Array<string | null>;
  texts(cik: string): Array<{ id: number; text: string }>;
  filings(cik: string): Array<{ id: number; accn: string | null; filed: string | null; form: string | null }>;
}

export function createVersionInputsReader(db: Database): VersionInputsReader | null {
  const has = (t: string) => db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(t) !== undefined;
  if (!has('company_facts') || !has('records') || !has('companies')) return null;
  const blobOf = db.prepare('SELECT blob FROM company_facts WHERE cik = ?').pluck();
  const currentOf = db.prepare(`SELECT r.record_type, r.period, r.date, r.body, p.fields FROM records r
    LEFT JOIN record_provenance p ON p.cik = r.cik AND p.record_type = r.record_type AND p.period = r.period AND p.date = r.date
    WHERE r.cik = ? ORDER BY r.record_type, r.period, r.date`).raw(true);
  const textsOf = db.prepare('SELECT id, text FROM provenance_texts WHERE cik = ? ORDER BY id');
  const filingsOf = db.prepare('SELECT id, accn, filed, form FROM provenance_filings WHERE cik = ? ORDER BY id');
  return {
    newest: () => db.prepare('SELECT max(newest_filed) FROM company_facts').pluck().get() as string | null,
    companies: () => db.prepare(`SELECT f.cik, f.fiscal_year_end, c.currency FROM company_facts f JOIN companies c ON c.cik = f.cik
      WHERE NOT EXISTS (SELECT 1 FROM records r WHERE r.cik = f.cik AND r.known_from IS NOT NULL) ORDER BY f.cik`).all() as VersionCompany[],
    blob: (cik): Uint8Array<ArrayBuffer> => {
      const b = blobOf.get(cik) as Buffer;
      const bytes = new Uint8Array(b.byteLength); // a copy of its own, to transfer to a worker
      bytes.set(b);
      return bytes;
    },
    current: (cik) => (currentOf.all(cik) as Array<Array<string | null>>).flat(),
    texts: (cik) => textsOf.all(cik) as Array<{ id: number; text: string }>,
    filings: (cik) => filingsOf.all(cik) as Array<{ id: number; accn: string | null; filed: string | null; form: string | null }>,
  };
}
