// The as_of screen. On a dataset built with record versions (issue 27), a latest-period screen is
// one SQL query over the stored screen versions (dataset.screens.screenAt: filter, stale rule,
// sort and page in the database); a fiscal_year or date_end one is one cross-company read of
// the versions known that day (dataset.screens.knownBodies: records.known_from <= as_of, and
// record_versions with known_from <= as_of < known_to), grouped by company in Node, merged into
// screen rows with the screen table's precedence (mergeScreenRows) and the period picked per
// company, kept per (as_of, kind, period) for the pages and other filters of that day. On a dataset
// without versions: per company through the point-in-time layer (point-in-time/series-at.ts: only
// facts filed by then, prices up to then). Either way the same stale rule, filter
// (evaluate-filter.ts, SQL's three-valued logic), order and page as the SQL screen.
import { SCREEN_NUMERIC_FIELDS, SCREEN_SOURCES, type ScreenKind } from '../../metrics/screen-fields.js';
import type { DatasetQueries } from '../../dataset/queries/read-queries.js';
import type { ScreenCompany, ScreenRequest, ScreenRow, ScreenSortKey } from '../../dataset/queries/screen-queries.js';
import type { RecordType } from '../../model/record-types.js';
import { mergeScreenRows, type MergedRow } from '../../metrics/screen-merge.js';
import { seriesAt } from '../../point-in-time/series-at.js';
import { BoundedLru } from '../../model/bounded-lru.js';
import { evaluateFilter, passes } from './evaluate-filter.js';
import type { ScreenFilter } from '../../model/screen-filter.js';

/** Periods read per company and record type (more than any company has). */
const SERIES_LIMIT = 1000;

type Body = Record<string, unknown>;

/** The row a screen reads of a company: its latest, or its latest of a fiscal year or up to a date. */
function pick(rows: readonly MergedRow[], req: ScreenRequest): MergedRow | null {
  let best: MergedRow | null = null;
  for (const r of rows) {
    if (req.period.at === 'fiscal_year' && r.fiscal_year !== req.period.fiscalYear) continue;
    if (req.period.at === 'date_end' && r.date > req.period.dateEnd) continue;
    if (best === null || r.date > best.date) best = r;
  }
  return best;
}

const ROW_KEYS = new Set(['symbol', 'name', 'date', 'fiscal_year', 'cik']);

/** The SQL screen's order: each key nulls last (either direction), then symbol (nulls last), then CIK. */
export function compareScreenRows(sort: readonly ScreenSortKey[], valueOf: (row: ScreenRow, field: string) => number | string | null) {
  const keys = [...sort.map((k) => ({ ...k })), { field: 'symbol', desc: false }, { field: 'cik', desc: false }];
  return (a: ScreenRow, b: ScreenRow): number => {
    for (const k of keys) {
      const x = valueOf(a, k.field);
      const y = valueOf(b, k.field);
      if (x === null && y === null) continue;
      if (x === null) return 1;
      if (y === null) return -1;
      if (x === y) continue;
      const c = x < y ? -1 : 1;
      return k.desc ? -c : c;
    }
    return 0;
  };
}

/** A screen row's value of a field or row key (text fields from the company). */
export function screenValue(row: ScreenRow, field: string): number | string | null {
  if (ROW_KEYS.has(field) || field in row && !SCREEN_NUMERIC_FIELDS.has(field)) {
    const v = (row as unknown as Record<string, unknown>)[field];
    return v === undefined || v === null ? null : (v as number | string);
  }
  return row.values[field] ?? null;
}

/** The row a screen reads of a company per (CIK, as_of, kind, period choice), per dataset handle:
 *  the pages of one as_of screen, and other filters and sorts of the same day, reuse it (a few
 *  kB each: ~10 screens of every company). */
const ROW_CACHE_ENTRIES = 4_000;
const rowCaches = new WeakMap<object, BoundedLru<Promise<MergedRow | null>>>();

function pickedRow(dataset: DatasetQueries, c: ScreenCompany, req: ScreenRequest, asOf: string): Promise<MergedRow | null> {
  let cache = rowCaches.get(dataset);
  if (!cache) rowCaches.set(dataset, (cache = new BoundedLru(ROW_CACHE_ENTRIES)));
  const key = `${c.cik}|${asOf}|${req.kind}|${JSON.stringify(req.period)}`;
  let row = cache.get(key);
  if (!row) {
    const made = computeKindRows(dataset, c, req.kind, asOf).then((rows) => pick(rows, req));
    cache.set(key, made, 1);
    made.catch(() => cache.delete(key));
    row = made;
  }
  return row;
}

/** Each company's picked row as of a day from the stored versions, per (as_of, kind, period, min date), per dataset handle
 *  (~3 MB a day: one picked row of ~366 companies; measured on the corpus, annual). */
const KNOWN_CACHE_ENTRIES = 16;
const knownCaches = new WeakMap<object, BoundedLru<Promise<Map<string, MergedRow | null>>>>();

/** Every company's row a screen reads as of `asOf`, from one read of the stored versions (a company without any: absent). */
export function knownRows(dataset: DatasetQueries, req: Pick<ScreenRequest, 'kind' | 'period' | 'minDate'>, asOf: string | null): Promise<Map<string, MergedRow | null>> {
  let cache = knownCaches.get(dataset);
  if (!cache) knownCaches.set(dataset, (cache = new BoundedLru(KNOWN_CACHE_ENTRIES)));
  const key = `${asOf ?? ''}|${req.kind}|${JSON.stringify(req.period)}|${req.minDate ?? ''}`;
  let made = cache.get(key);
  if (!made) {
    made = readKnownRows(dataset, req, asOf);
    cache.set(key, made, 1);
    made.catch(() => cache.delete(key));
  }
  return made;
}

async function readKnownRows(dataset: DatasetQueries, req: Pick<ScreenRequest, 'kind' | 'period' | 'minDate'>, asOf: string | null): Promise<Map<string, MergedRow | null>> {
  const sources = SCREEN_SOURCES[req.kind];
  // an as_of on or after the newest filing is today's records (as seriesAt answers it)
  const newest = asOf === null ? null : await dataset.factStore.newestFiled();
  const at = asOf !== null && newest !== null && asOf >= newest ? null : asOf;
  // only the periods the pick can choose: none before the stale limit, none after date_end; one
  // read per record type with a turn of the event loop between (SQLite reads block the server's
  // other requests while they run: ~100-200 ms each instead of 1-2 s for all at once)
  const byCompany = new Map<string, Map<RecordType, Body[]>>();
  let lastYield = performance.now();
  for (const { recordType, period } of sources) {
    const bodies = await dataset.screens.knownBodies({
      recordTypes: [recordType], period, asOf: at,
      dateFrom: req.minDate, dateTo: req.period.at === 'date_end' ? req.period.dateEnd : null, fiscalYear: null,
    });
    await new Promise<void>((resolve) => setImmediate(resolve));
    lastYield = performance.now();
    for (const b of bodies) {
      let types = byCompany.get(b.cik);
      if (!types) byCompany.set(b.cik, (types = new Map()));
      const list = types.get(recordType);
      const body = JSON.parse(b.body) as Body;
      if (list) list.push(body);
      else types.set(recordType, [body]);
      if (performance.now() - lastYield > 20) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        lastYield = performance.now();
      }
    }
  }
  const out = new Map<string, MergedRow | null>();
  for (const [cik, types] of byCompany) out.set(cik, pick(mergeScreenRows(req.kind, types), req as ScreenRequest));
  return out;
}

async function computeKindRows(dataset: DatasetQueries, c: ScreenCompany, kind: ScreenKind, asOf: string): Promise<MergedRow[]> {
  const period = SCREEN_SOURCES[kind][0]!.period;
  const bodies = new Map<RecordType, Body[]>();
  for (const { recordType } of SCREEN_SOURCES[kind]) {
    // every source type (its rows are keys of the kind, as in the table); the company's records are computed once and cached
    const { rows } = await seriesAt(dataset, { cik: c.cik, ticker: c.symbol }, { cik: c.cik, recordType, period, order: 'DESC', limit: SERIES_LIMIT }, { asOf, firstFiled: false });
    bodies.set(recordType, rows.map((r) => JSON.parse(r) as Body));
  }
  return mergeScreenRows(kind, bodies);
}

function companyRow(c: ScreenCompany, req: ScreenRequest, row: MergedRow | null, needed: ReadonlySet<string>): ScreenRow | null {
  if (row === null || (req.minDate !== null && row.date < req.minDate)) return null;
  const values: Record<string, number | null> = {};
  for (const f of needed) values[f] = row.values.get(f) ?? null;
  return { ...c, date: row.date, fiscal_year: row.fiscal_year, period_label: row.period_label, values };
}

type Outcome = 'T' | 'F' | 'U';

/**
 * The outcomes a filter can still have for a company whose text fields are known and whose numeric
 * fields are not computed yet (each numeric comparison may be true, false or unknown). A company
 * whose outcomes exclude true is left out without computing its records (a sector screen as of a
 * day computes only that sector's companies).
 */
export function possibleOutcomes(f: ScreenFilter, textOf: (field: string) => string | null): Set<Outcome> {
  const ALL = new Set<Outcome>(['T', 'F', 'U']);
  const textLeaf = (field: string): boolean => !SCREEN_NUMERIC_FIELDS.has(field);
  switch (f.op) {
    case 'and': case 'or': {
      let acc = new Set<Outcome>([f.op === 'and' ? 'T' : 'F']);
      for (const a of f.args) {
        const next = new Set<Outcome>();
        for (const x of acc) for (const y of possibleOutcomes(a, textOf)) next.add(combine(f.op, x, y));
        acc = next;
      }
      return acc;
    }
    case 'not': return new Set([...possibleOutcomes(f.arg, textOf)].map((o) => (o === 'U' ? 'U' : o === 'T' ? 'F' : 'T')));
    case 'is_null': return textLeaf(f.field) ? new Set([textOf(f.field) === null ? 'T' : 'F']) : new Set(['T', 'F']);
    case 'cmp': case 'in': {
      if (!textLeaf(f.field)) return ALL;
      const t = evaluateFilter(f, textOf);
      return new Set([t === null ? 'U' : t ? 'T' : 'F']);
    }
    default: return ALL;
  }
}

function combine(op: 'and' | 'or', x: Outcome, y: Outcome): Outcome {
  if (op === 'and') return x === 'F' || y === 'F' ? 'F' : x === 'U' || y === 'U' ? 'U' : 'T';
  return x === 'T' || y === 'T' ? 'T' : x === 'U' || y === 'U' ? 'U' : 'F';
}

/**
 * How an as_of screen reads its rows: 'sql' (one query over the stored screen versions: a
 * latest-period screen on a dataset built with versions), 'versions' (one read of the stored record
 * versions, merged here: a fiscal_year or date_end screen on such a dataset, and the reference the
 * SQL path is tested against), 'companies' (per company through the point-in-time layer: a dataset
 * without versions).
 */
export type AsOfPath = 'sql' | 'versions' | 'companies';

/** The path an as_of screen takes by default on this dataset. */
export async function asOfPath(dataset: DatasetQueries, req: Pick<ScreenRequest, 'period'>): Promise<AsOfPath> {
  if (req.period.at === 'latest' && (await dataset.screens.hasVersions())) return 'sql';
  return (await dataset.records.hasVersions()) ? 'versions' : 'companies';
}

/** The page of the screen as of a day, by the dataset's default path (or the one `path` names). */
export async function screenAsOf(dataset: DatasetQueries, req: ScreenRequest, asOf: string, fieldsRead: readonly string[], path?: AsOfPath): Promise<ScreenRow[]> {
  const chosen = path ?? (await asOfPath(dataset, req));
  if (chosen === 'sql') {
    // an as_of on or after the newest filing is today's screen (as the record versions answer it)
    const newest = await dataset.factStore.newestFiled();
    return newest !== null && asOf >= newest ? dataset.screens.screen(req) : dataset.screens.screenAt(req, asOf);
  }
  const known = chosen === 'versions' ? await knownRows(dataset, req, asOf) : null;
  const needed = new Set<string>([...req.columns, ...fieldsRead].filter((f) => SCREEN_NUMERIC_FIELDS.has(f)));
  const kept: ScreenRow[] = [];
  let lastYield = performance.now();
  for (const c of await dataset.screens.companies()) {
    if (req.filter && !possibleOutcomes(req.filter, (f) => (c as unknown as Record<string, string | null>)[f] ?? null).has('T')) continue;
    // a turn of the event loop every 20 ms of work: a cold screen computes for tens of seconds, and
    // the server's other requests are answered meanwhile (a warm one rarely yields)
    if (performance.now() - lastYield > 20) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      lastYield = performance.now();
    }
    const picked = known !== null ? known.get(c.cik) ?? null : await pickedRow(dataset, c, req, asOf);
    const row = companyRow(c, req, picked, needed);
    if (row && passes(req.filter, (f) => screenValue(row, f))) kept.push(row);
  }
  kept.sort(compareScreenRows(req.sort, screenValue));
  return kept.slice(req.offset, req.offset + req.limit).map((r) => ({ ...r, values: Object.fromEntries(req.columns.map((f) => [f, r.values[f] ?? null])) }));
}
