// Short keys for the fields of stored provenance (record_provenance.fields, record_versions.fields,
// records.known_fields): a field of the metric registry is written as `#` and its number in one
// list of every record type's fields (the body templates' fields, record types in registry order,
// each name once), any other field (an aux_* line) by its name. (Not a bare number: JSON.parse
// puts integer-like keys first, and the fields keep their order.) The names repeated on every stored
// version were more than half of its provenance's bytes. The list is a function of the body
// templates, so meta.record_columns (dataset-format.ts) also guards it: a build of other field
// lists is refused, never read with shifted numbers. Decoding takes either form.
import { RECORD_TYPES } from '../../model/record-types.js';
import { bodyTemplate } from './record-body-codec.js';

/** Every record type's registry fields, each once, in registry order: a field's key is its index here. */
export const PROVENANCE_FIELD_NAMES: readonly string[] = (() => {
  const seen = new Set<string>();
  for (const t of RECORD_TYPES) for (const f of bodyTemplate(t)?.fields ?? []) seen.add(f);
  return [...seen];
})();

const IDS = new Map<string, number>(PROVENANCE_FIELD_NAMES.map((f, i) => [f, i]));

/** The key a field's provenance is stored under: `#` and its number in PROVENANCE_FIELD_NAMES, else its name. */
export function provenanceFieldKey(field: string): string {
  const id = IDS.get(field);
  return id === undefined ? field : `#${id}`;
}

/** The field a stored provenance key names (`#` and a number of PROVENANCE_FIELD_NAMES, or the name itself). */
export function provenanceFieldName(key: string): string {
  if (key.charCodeAt(0) === 35) {
    const name = PROVENANCE_FIELD_NAMES[Number(key.slice(1))];
    if (name !== undefined) return name;
  }
  return key;
}
