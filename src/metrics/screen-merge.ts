// The one rule that makes a company's screen rows of a period kind from its record bodies: a row
// per period end (for ttm only the derived records' quarters make rows; the balance sheet adds its
// values to them), each column read from the kind's first record type that has the field
// (screen-fields.ts), fiscal_year and period_label from the first record type, in the kind's
// order, that has a record of that date. Used by the screen table writer (today's records), the
// screen versions writer (each version known between two change dates) and the as_of reference
// path (the versions known on a day).
import { SCREEN_KINDS, SCREEN_SOURCES, fieldsBySource, type ScreenKind } from './screen-fields.js';
import { DERIVED_TYPES, type RecordType } from '../model/record-types.js';

export interface MergedRow { date: string; fiscal_year: number; period_label: string; values: Map<string, number | null> }

type Body = Record<string, unknown>;

const FIELDS_BY_SOURCE: ReadonlyMap<ScreenKind, Map<RecordType, string[]>> = new Map(SCREEN_KINDS.map((k) => [k, fieldsBySource(k)]));
const KEY_TYPES: ReadonlySet<RecordType> = new Set<RecordType>(DERIVED_TYPES);

/** Whether a record type's records make rows of the kind (otherwise they only add values to rows made by others). */
export function makesRows(kind: ScreenKind, recordType: RecordType): boolean {
  return kind !== 'ttm' || KEY_TYPES.has(recordType);
}

/** A company's screen rows of a kind from its record bodies by type (any dates; one row per date). */
export function mergeScreenRows(kind: ScreenKind, bodiesByType: ReadonlyMap<RecordType, readonly Body[]>): MergedRow[] {
  const rows = new Map<string, MergedRow>();
  const fields = FIELDS_BY_SOURCE.get(kind)!;
  for (const { recordType } of SCREEN_SOURCES[kind]) {
    const names = fields.get(recordType) ?? [];
    for (const b of bodiesByType.get(recordType) ?? []) {
      const date = String(b.date);
      let row = rows.get(date);
      if (!row) {
        if (!makesRows(kind, recordType)) continue;
        rows.set(date, (row = { date, fiscal_year: Number(b.fiscal_year), period_label: String(b.period_label), values: new Map() }));
      }
      for (const name of names) {
        const v = b[name];
        row.values.set(name, typeof v === 'number' && Number.isFinite(v) ? v : null);
      }
    }
  }
  return [...rows.values()];
}
