// The metric registry: one entry per output field of every record type (name, record, unit,
// description, definition, inputs). Column order of JSON and TSV, the docs and the computations
// all read it; field order comes from registry-fields.ts, formulas from registry-definitions.ts.
import { RECORD_TYPES, STATEMENT_TYPES, type RecordType } from '../model/record-types.js';
import { RECORD_FIELD_SEEDS, type FieldSeed, type Unit } from './registry-fields.js';
import { DEFINITIONS } from './registry-definitions.js';
import { fieldNames, metadataColumns, recordColumns } from '../model/record-fields.js';

export type { Unit };

export interface FieldDef extends FieldSeed {
  /** Record type the field belongs to. */
  record: RecordType;
  /** How the value is obtained: "reported" or the formula (METRICS.md, with the fixes in docs/metrics.md). */
  definition: string;
  /** Fields or concepts the definition reads. */
  inputs: readonly string[];
  /** True when tenk computes the value (false: reported by the filer through the XBRL concept map). */
  derived: boolean;
}

export { fieldNames, metadataColumns, recordColumns };

let cache: Map<RecordType, readonly FieldDef[]> | null = null;

function build(): Map<RecordType, readonly FieldDef[]> {
  const out = new Map<RecordType, readonly FieldDef[]>();
  const statement = new Set<RecordType>(STATEMENT_TYPES);
  for (const rt of RECORD_TYPES) {
    const defs = DEFINITIONS[rt] ?? {};
    const seeds = RECORD_FIELD_SEEDS[rt].map((f) => f.name).join(',');
    if (seeds !== fieldNames(rt).join(',')) throw new Error(`metric registry: ${rt} fields differ from model/record-fields.ts`);
    out.set(rt, RECORD_FIELD_SEEDS[rt].map((seed) => {
      const d = defs[seed.name];
      if (!d && !statement.has(rt)) throw new Error(`metric registry: ${rt}.${seed.name} has no definition`);
      return {
        ...seed,
        record: rt,
        description: seed.description || d?.description || seed.name,
        definition: d?.definition ?? 'reported (XBRL concept map; see docs/xbrl.md)',
        inputs: d?.inputs ?? [seed.name],
        derived: d !== undefined,
      };
    }));
  }
  return out;
}

/** Full registry entries of a record type, in output order. */
export function fieldDefs(recordType: RecordType): readonly FieldDef[] {
  cache ??= build();
  return cache.get(recordType)!;
}

/** Every registry entry of every record type. */
export function allFieldDefs(): FieldDef[] {
  return RECORD_TYPES.flatMap((rt) => [...fieldDefs(rt)]);
}

/** Registry entry of one field of one record type, or undefined. */
export function fieldDef(recordType: RecordType, name: string): FieldDef | undefined {
  return fieldDefs(recordType).find((f) => f.name === name);
}
