// The screener's query compiled to SQL for SQLite and PostgreSQL alike: the filter tree becomes a
// WHERE clause whose every value is a bound parameter (never text in the statement); column names
// come only from the screen columns (metrics/screen-fields.ts), checked here again. Nulls sort
// last in both directions and ties are broken by symbol then CIK, so both backends give the same
// rows in the same order.
import { asciiLower, type ScreenFilter } from '../model/screen-filter.js';
import { SCREEN_NUMERIC_FIELDS, SCREEN_TEXT_FIELDS } from '../metrics/screen-fields.js';
import { SCREEN_ROW_SORT_KEYS, type KnownBodiesQuery, type ScreenRequest, type ScreenRow } from './queries/screen-queries.js';

const TEXT = new Set<string>(SCREEN_TEXT_FIELDS);
const ROW_KEYS: Readonly<Record<string, string>> = { symbol: 'c.symbol', name: 'c.name', date: 'r.date', fiscal_year: 'r.fiscal_year', cik: 'r.cik' };

/** The column expression of a field name; throws on a name that is no screen column (a caller bug: names are validated before). */
function column(name: string): string {
  if (SCREEN_NUMERIC_FIELDS.has(name)) return `r."${name}"`;
  if (TEXT.has(name)) return `c."${name}"`;
  throw new Error(`not a screen column: ${name}`);
}

function isText(name: string): boolean { return TEXT.has(name); }

export interface CompiledScreen { sql: string; params: Array<string | number> }

/**
 * `table(name)` qualifies a table (PostgreSQL's version schema); `ph(i)` is the i-th placeholder
 * (1-based). `source.latest`: the dataset has `screen_latest` (built since it was added), which a
 * latest-period screen reads instead of `screen_rows`. With `source.asOf`, the latest rows known
 * that day: the screen_versions span valid on it (known_from <= as_of < known_to: at most one per
 * company and kind) instead, found per company from screen_companies (CROSS JOIN: SQLite keeps
 * that order) by its primary key (cik, kind, known_from), the span starting last on or before the
 * day; a range over known_from would read every earlier span's row (~15-35 ms on the corpus
 * against ~1-2 ms). Only a latest-period screen reads them (a fiscal year or date_end as of a day
 * is not stored).
 */
export function compileScreen(req: ScreenRequest, table: (name: string) => string, ph: (i: number) => string, source: { latest?: boolean; asOf?: string | null } = {}): CompiledScreen {
  const asOf = source.asOf ?? null;
  const params: Array<string | number> = [];
  const bind = (v: string | number) => { params.push(v); return ph(params.length); };

  const filter = (f: ScreenFilter): string => {
    switch (f.op) {
      case 'and': case 'or': return `(${f.args.map(filter).join(f.op === 'and' ? ' AND ' : ' OR ')})`;
      case 'not': return `(NOT ${filter(f.arg)})`;
      case 'is_null': return `(${column(f.field)} IS NULL)`;
      case 'cmp': {
        if (isText(f.field)) return `(lower(${column(f.field)}) ${f.cmp === '=' ? '=' : '<>'} ${bind(asciiLower(String(f.value)))})`;
        return `(${column(f.field)} ${f.cmp === '!=' ? '<>' : f.cmp} ${bind(Number(f.value))})`;
      }
      case 'cmp_field': return `(${column(f.field)} ${f.cmp === '!=' ? '<>' : f.cmp} ${column(f.other)})`;
      case 'between': return `(${column(f.field)} BETWEEN ${bind(f.low)} AND ${bind(f.high)})`;
      case 'in': {
        if (isText(f.field)) return `(lower(${column(f.field)}) IN (${f.values.map((v) => bind(asciiLower(String(v)))).join(', ')}))`;
        return `(${column(f.field)} IN (${f.values.map((v) => bind(Number(v))).join(', ')}))`;
      }
    }
  };

  const rows = table(asOf !== null ? 'screen_versions' : req.period.at === 'latest' && source.latest ? 'screen_latest' : 'screen_rows');
  const where: string[] = [`r.kind = ${bind(req.kind)}`];
  const p = req.period;
  if (asOf !== null) {
    if (p.at !== 'latest') throw new Error('an as_of screen in SQL reads the latest period only');
    // per company, its span starting last on or before the day (a primary key search), if it has not ended by then
    where.push('r.cik = c.cik', `r.known_from = (SELECT MAX(s.known_from) FROM ${rows} s WHERE s.cik = c.cik AND s.kind = ${bind(req.kind)} AND s.known_from <= ${bind(asOf)})`,
      `r.known_to > ${bind(asOf)}`);
  } else if (p.at === 'latest') where.push('r.latest = 1');
  else if (p.at === 'fiscal_year') {
    where.push(`r.fiscal_year = ${bind(p.fiscalYear)}`);
    where.push(`r.date = (SELECT MAX(s.date) FROM ${rows} s WHERE s.cik = r.cik AND s.kind = r.kind AND s.fiscal_year = ${bind(p.fiscalYear)})`);
  } else {
    where.push(`r.date <= ${bind(p.dateEnd)}`);
    where.push(`r.date = (SELECT MAX(s.date) FROM ${rows} s WHERE s.cik = r.cik AND s.kind = r.kind AND s.date <= ${bind(p.dateEnd)})`);
  }
  if (req.minDate !== null) where.push(`r.date >= ${bind(req.minDate)}`);
  if (req.filter !== null) where.push(filter(req.filter));

  const order: string[] = [];
  for (const k of req.sort) {
    const expr = (SCREEN_ROW_SORT_KEYS as readonly string[]).includes(k.field) ? ROW_KEYS[k.field]! : column(k.field);
    order.push(`(${expr} IS NULL)`, `${expr}${k.desc ? ' DESC' : ''}`);
  }
  order.push('(c.symbol IS NULL)', 'c.symbol', 'r.cik');

  const cols = req.columns.map(column);
  const sql = `SELECT r.cik, c.symbol, c.name, c.exchange, c.sector, c.industry, c.country, c.currency, r.date, r.fiscal_year, r.period_label${cols.map((c) => `, ${c}`).join('')}
    FROM ${asOf === null ? `${rows} r JOIN ${table('screen_companies')} c ON c.cik = r.cik` : `${table('screen_companies')} c CROSS JOIN ${rows} r`}
    WHERE ${where.join(' AND ')}
    ORDER BY ${order.join(', ')}
    LIMIT ${bind(req.limit)} OFFSET ${bind(req.offset)}`;
  return { sql, params };
}

/** A result row of the compiled statement (columns by name) as a ScreenRow. */
export function screenRowOf(raw: Record<string, unknown>, columns: readonly string[]): ScreenRow {
  const values: Record<string, number | null> = {};
  for (const c of columns) {
    const v = raw[c];
    values[c] = v === null || v === undefined ? null : Number(v);
  }
  const s = (k: string) => (raw[k] === null || raw[k] === undefined ? null : String(raw[k]));
  return {
    cik: String(raw.cik), symbol: s('symbol'), name: s('name'), exchange: s('exchange'), sector: s('sector'), industry: s('industry'),
    country: s('country'), currency: s('currency'), date: String(raw.date), fiscal_year: Number(raw.fiscal_year), period_label: String(raw.period_label), values,
  };
}

/** Every company of the screen tables, by CIK. */
export const SCREEN_COMPANIES_SQL = (table: string) =>
  `SELECT cik, symbol, name, exchange, sector, industry, country, currency FROM ${table} ORDER BY cik`;

/**
 * Every company's record bodies of `recordTypes` (one period) that were the latest known on
 * `asOf`: the current records known by then (records.known_from <= as_of) and the superseded
 * versions valid that day (record_versions: known_from <= as_of < known_to), within the bounds.
 * Rows: cik, record_type, body. The same versions the per-company read (VERSIONS_SQL) gives.
 */
export function compileKnownBodies(q: KnownBodiesQuery, table: (name: string) => string, ph: (i: number) => string): CompiledScreen {
  const params: Array<string | number> = [];
  const bind = (v: string | number) => { params.push(v); return ph(params.length); };
  const bounds = (): string => {
    const w = [`period = ${bind(q.period)}`, `record_type IN (${q.recordTypes.map((t) => bind(t)).join(', ')})`];
    if (q.dateFrom !== null) w.push(`date >= ${bind(q.dateFrom)}`);
    if (q.dateTo !== null) w.push(`date <= ${bind(q.dateTo)}`);
    if (q.fiscalYear !== null) w.push(`fiscal_year = ${bind(q.fiscalYear)}`);
    return w.join(' AND ');
  };
  if (q.asOf === null) return { sql: `SELECT cik, record_type, body FROM ${table('records')} WHERE ${bounds()}`, params };
  const current = `SELECT cik, record_type, body FROM ${table('records')} WHERE ${bounds()} AND known_from <= ${bind(q.asOf)}`;
  const past = `SELECT cik, record_type, body FROM ${table('record_versions')} WHERE ${bounds()} AND known_from <= ${bind(q.asOf)} AND known_to > ${bind(q.asOf)}`;
  return { sql: `${current} UNION ALL ${past}`, params };
}
