// The screener's parameters as a ScreenRequest (dataset/queries/screen-queries.ts): the `where`
// filter, `sort` keys and `fields` resolved for the period kind (unknown names: 400 with the
// closest known ones), which period of each company is read, and the oldest period end kept (the
// stale rule: 18 months before today, as_of or date_end, unless include_stale; the plan's history).
import { filterFields, type ScreenFilter } from '../../model/screen-filter.js';
import type { ScreenKind } from '../../metrics/screen-fields.js';
import { SCREEN_ROW_SORT_KEYS, type ScreenPeriod, type ScreenSortKey } from '../../dataset/queries/screen-queries.js';
import { ApiError } from '../errors.js';
import { compileWhere } from './resolve-where.js';
import { resolveField } from './screen-fields.js';

export const STALE_MONTHS = 18;
export const SCREEN_MAX_SORT_KEYS = 5;
export const SCREEN_MAX_FIELDS = 250;

/** YYYY-MM-DD `months` months before a day (the 29th-31st clipped to the month's last day). */
export function monthsBefore(day: string, months: number): string {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7)) - 1 - months;
  const yy = y + Math.floor(m / 12);
  const mm = ((m % 12) + 12) % 12;
  const dim = new Date(Date.UTC(yy, mm + 1, 0)).getUTCDate();
  const d = Math.min(Number(day.slice(8, 10)), dim);
  return `${String(yy).padStart(4, '0')}-${String(mm + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const ROW_KEY_ALIASES: Readonly<Record<string, string>> = { ticker: 'symbol' };
/** A row's own columns (screen-rows.ts): named in `fields`, they are there anyway. */
const ROW_COLUMNS = new Set(['symbol', 'ticker', 'name', 'cik', 'date', 'fiscal_year', 'period_label']);

/** `sort`: comma-separated names, `-` for descending (`-market_cap,symbol`). */
export function parseSort(raw: string | undefined, kind: ScreenKind): ScreenSortKey[] {
  if (raw === undefined || raw.trim() === '') return [];
  const parts = raw.split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (parts.length > SCREEN_MAX_SORT_KEYS) throw new ApiError('parameter_invalid', `sort takes at most ${SCREEN_MAX_SORT_KEYS} keys`, 'sort');
  return parts.map((p) => {
    const desc = p.startsWith('-');
    const name = p.replace(/^[-+]/, '').toLowerCase();
    const rowKey = ROW_KEY_ALIASES[name] ?? name;
    if ((SCREEN_ROW_SORT_KEYS as readonly string[]).includes(rowKey)) return { field: rowKey, desc };
    const r = resolveField(name, kind);
    if (typeof r === 'string') throw new ApiError('parameter_invalid', `sort: ${r}`, 'sort');
    return { field: r.name, desc };
  });
}

/** `fields`: the columns returned after the row's own (comma-separated names); default: the fields of where and sort. */
export function parseFields(raw: string | undefined, kind: ScreenKind, filter: ScreenFilter | null, sort: readonly ScreenSortKey[]): string[] {
  const names = raw !== undefined && raw.trim() !== ''
    ? raw.split(',').map((s) => s.trim().toLowerCase()).filter((s) => s !== '')
    : [...(filter ? filterFields(filter) : []), ...sort.map((k) => k.field).filter((f) => !(SCREEN_ROW_SORT_KEYS as readonly string[]).includes(f))];
  if (names.length > SCREEN_MAX_FIELDS) throw new ApiError('parameter_invalid', `fields takes at most ${SCREEN_MAX_FIELDS} names`, 'fields');
  const out: string[] = [];
  for (const n of names) {
    if (ROW_COLUMNS.has(n)) continue; // every row has them
    const r = resolveField(n, kind);
    if (typeof r === 'string') throw new ApiError('parameter_invalid', `fields: ${r}`, 'fields');
    if (!out.includes(r.name)) out.push(r.name);
  }
  return out;
}

export interface ScreenParams {
  where?: string | undefined; period: ScreenKind; fiscal_year?: number | undefined; date_end?: string | undefined; as_of?: string | undefined;
  fields?: string | undefined; sort?: string | undefined; include_stale: boolean;
}

export interface ParsedScreen {
  kind: ScreenKind;
  filter: ScreenFilter | null;
  sort: ScreenSortKey[];
  /** Every field returned (numeric and text), in order. */
  fields: string[];
  period: ScreenPeriod;
  minDate: string | null;
  /** The day the screen runs as of (null: today's data). */
  asOf: string | null;
}

/** The screen a request asks for, with `today` (YYYY-MM-DD, the clock's) and the plan's history cutoff. */
export function parseScreen(p: ScreenParams, today: string, historyCutoff: string | null): ParsedScreen {
  const kind = p.period;
  const filter = p.where !== undefined && p.where.trim() !== '' ? compileWhere(p.where, kind) : null;
  const sort = parseSort(p.sort, kind);
  const fields = parseFields(p.fields, kind, filter, sort);
  const asOf = p.as_of ?? null;
  const period: ScreenPeriod = p.fiscal_year !== undefined ? { at: 'fiscal_year', fiscalYear: p.fiscal_year }
    : p.date_end !== undefined ? { at: 'date_end', dateEnd: p.date_end } : { at: 'latest' };
  // The stale rule: the latest period (up to date_end) must end within 18 months of the day the screen is as of.
  const reference = period.at === 'date_end' ? period.dateEnd : asOf ?? today;
  const stale = period.at === 'fiscal_year' || p.include_stale ? null : monthsBefore(reference, STALE_MONTHS);
  const minDate = [stale, historyCutoff].filter((d): d is string => d !== null).sort().at(-1) ?? null;
  return { kind, filter, sort, fields, period, minDate, asOf };
}
