// The screener's columns, from the metric registry: one numeric column per metric field name
// across every record type (a name two record types share is one column), and the profile's text
// fields. For each period kind a column is read from the first record type, in the kind's order,
// that has the field: `annual` and `quarterly` prefer the statements (a quarter's own values),
// `ttm` the derived records (whose quarterly records are trailing twelve months) and then the
// balance sheet; a field no record type of the kind has is not available in that kind.
import { DERIVED_TYPES, STATEMENT_TYPES, type RecordType } from '../model/record-types.js';
import { fieldEntries, type Unit } from './registry.js';

export const SCREEN_KINDS = ['annual', 'quarterly', 'ttm'] as const;
export type ScreenKind = (typeof SCREEN_KINDS)[number];

/** The text columns (from the profile: reference catalog and submissions). */
export const SCREEN_TEXT_FIELDS = ['sector', 'industry', 'exchange', 'country', 'currency'] as const;
export type ScreenTextField = (typeof SCREEN_TEXT_FIELDS)[number];

export interface ScreenSource {
  recordType: RecordType;
  /** The records table's period of the record read ('annual' or 'quarterly'). */
  period: 'annual' | 'quarterly';
}

/** Record types read for a kind, in precedence order. */
export const SCREEN_SOURCES: Readonly<Record<ScreenKind, readonly ScreenSource[]>> = {
  annual: [...STATEMENT_TYPES, ...DERIVED_TYPES].map((recordType) => ({ recordType, period: 'annual' as const })),
  quarterly: [...STATEMENT_TYPES, ...DERIVED_TYPES].map((recordType) => ({ recordType, period: 'quarterly' as const })),
  ttm: [...DERIVED_TYPES, 'balance_sheet' as const].map((recordType) => ({ recordType, period: 'quarterly' as const })),
};

export interface ScreenNumericField {
  name: string;
  unit: Unit;
  description: string;
  /** The record type a kind reads the field from (absent: not available in that kind). */
  source: Partial<Record<ScreenKind, RecordType>>;
}

function buildFields(): ReadonlyMap<string, ScreenNumericField> {
  const out = new Map<string, ScreenNumericField>();
  for (const kind of ['annual', 'ttm'] as const) {
    for (const { recordType } of SCREEN_SOURCES[kind]) {
      for (const e of fieldEntries(recordType)) {
        let f = out.get(e.name);
        if (!f) out.set(e.name, (f = { name: e.name, unit: e.unit, description: e.description, source: {} }));
        if (f.unit !== e.unit) throw new Error(`screen field ${e.name}: units differ between record types`);
        if (f.source[kind] === undefined) f.source[kind] = recordType;
      }
    }
  }
  for (const f of out.values()) if (f.source.annual !== undefined) f.source.quarterly = f.source.annual;
  return out;
}

/** Every numeric screen column by name, in registry order (statements first). */
export const SCREEN_NUMERIC_FIELDS: ReadonlyMap<string, ScreenNumericField> = buildFields();

/** The numeric column names, in table order. */
export const SCREEN_COLUMNS: readonly string[] = [...SCREEN_NUMERIC_FIELDS.keys()];

/** The numeric fields a kind reads from each record type: recordType -> field names. */
export function fieldsBySource(kind: ScreenKind): Map<RecordType, string[]> {
  const out = new Map<RecordType, string[]>();
  for (const f of SCREEN_NUMERIC_FIELDS.values()) {
    const rt = f.source[kind];
    if (rt === undefined) continue;
    const list = out.get(rt) ?? [];
    list.push(f.name);
    out.set(rt, list);
  }
  return out;
}
