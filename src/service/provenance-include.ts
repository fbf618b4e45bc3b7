// `include=provenance` on the record time series (statements and the derived record types): each
// record gains a `provenance` object keyed by its non-null fields (and the null ones whose reason is stored), built at request time from the
// stored per-field provenance (dataset/provenance-decoder.ts) and, for fields computed by a
// formula of a derived record type (not stored per field), the metric registry's definition.
// Shape and rules: docs/api.md, Provenance. A plain request never reaches this module.
import type { Provenance, RecordType } from '../model/record-types.js';
import { fieldEntries, type FieldEntry } from '../metrics/registry.js';
import { decodeProvenance } from '../dataset/codecs/provenance-decoder.js';
import { ApiError } from './errors.js';
import { param, type ApiDeps } from './endpoint-types.js';

export const includeParam = param({
  name: 'include', in: 'query', type: 'enum', values: ['provenance'],
  description: 'provenance: each record gains a `provenance` object keyed by field (XBRL concept, unit, filing, fact period, EDGAR folder URL, derivation). JSON only.',
  brief: 'provenance: each value\'s XBRL source and filing.',
});

/** include=provenance is JSON only: with format=excel it is refused (422 on v2). */
export function validateInclude(p: { readonly include?: string | undefined; readonly format?: string | undefined }): ApiError | null {
  if (p.include === 'provenance' && p.format === 'excel') {
    return new ApiError('parameter_invalid', 'include=provenance is available with format=json only', 'include');
  }
  return null;
}

/** One field's provenance as served. */
export interface ServedProvenance {
  concepts?: string[];
  unit?: string;
  accession?: string;
  form?: string;
  filed?: string;
  start?: string | null;
  end?: string;
  url?: string;
  derivation?: string;
  /** Facts the value was computed from besides its own (a derived quarter: the subtracted year-to-date fact). */
  inputs?: ServedProvenance[];
  /** Fields the formula or composition reads; those of this record have their provenance beside it. */
  input_fields?: string[];
  /** With currency=: the rate the value was converted at (service/currency-conversion.ts). */
  conversion?: string;
}

/** The EDGAR folder of a filing: built from the CIK and accession number, never fetched. */
export function edgarFolderUrl(cik: string, accn: string): string {
  return `https://www.sec.gov/Archives/edgar/data/${Number(cik)}/${accn.replace(/-/g, '')}/`;
}

const FIELD_TOKEN = /[a-z][a-z0-9_]*/g;

export function servedProvenance(p: Provenance, cik: string): ServedProvenance {
  const s: ServedProvenance = {};
  if (p.concept !== undefined) s.concepts = [p.concept];
  if (p.unit !== undefined) s.unit = p.unit;
  if (p.accn !== undefined) s.accession = p.accn;
  if (p.form !== undefined) s.form = p.form;
  if (p.filed !== undefined) s.filed = p.filed;
  if (p.start !== undefined) s.start = p.start;
  if (p.end !== undefined) s.end = p.end;
  if (p.accn !== undefined) s.url = edgarFolderUrl(cik, p.accn);
  if (p.derivation !== undefined) s.derivation = p.derivation;
  if (p.inputs) s.inputs = p.inputs.map((i) => servedProvenance(i, cik));
  return s;
}

/** The fields a value without a fact of its own was computed from: the registry entry's inputs
 *  for a formula, else the field names its derivation text mentions. */
export function inputFields(entry: FieldEntry, derivation: string, names: ReadonlySet<string>): string[] {
  if (entry.kind === 'derived') return [...entry.inputs];
  const found = new Set<string>();
  for (const m of derivation.matchAll(FIELD_TOKEN)) if (m[0] !== entry.name && names.has(m[0])) found.add(m[0]);
  return [...found];
}

/** The bodies of `rows` with each record's provenance added (same order): `computed`'s by date for
 *  records computed on request (point in time), else the stored provenance of the records. */
export async function withProvenance(deps: ApiDeps, rows: readonly string[], cik: string, recordType: RecordType, period: string,
  computed: ReadonlyMap<string, Record<string, Provenance>> | null = null): Promise<string[]> {
  if (rows.length === 0) return [];
  const bodies = rows.map((r) => JSON.parse(r) as Record<string, unknown>);
  const stored = computed ?? decodeProvenance(await deps.dataset.records.provenance(cik, recordType, period, bodies.map((b) => String(b.date))));
  const entries = fieldEntries(recordType);
  const names = new Set(entries.map((e) => e.name));
  return bodies.map((body, i) => {
    const byField = stored.get(String(body.date)) ?? {};
    const provenance: Record<string, ServedProvenance> = {};
    for (const entry of entries) {
      const v = body[entry.name];
      const p = byField[entry.name];
      if (v === null || v === undefined) {
        // a null value has provenance only when it says why it is null (Provenance.nullReason)
        if (p?.derivation !== undefined) provenance[entry.name] = { derivation: p.derivation };
        continue;
      }
      if (p) {
        const s = servedProvenance(p, cik);
        if (p.concept === undefined && p.derivation !== undefined) {
          const fields = inputFields(entry, p.derivation, names);
          if (fields.length > 0) s.input_fields = fields;
        }
        provenance[entry.name] = s;
      } else if (entry.kind === 'derived') {
        provenance[entry.name] = { derivation: `${entry.name} = ${entry.definition}`, input_fields: [...entry.inputs] };
      } else if (entry.kind === 'copied') {
        provenance[entry.name] = { derivation: `${entry.name}: the balance sheet's value at the record date`, input_fields: [...entry.inputs] };
      }
    }
    // the stored body's own text (numbers as stored), with the object appended
    const row = rows[i]!;
    return `${row.slice(0, row.lastIndexOf('}'))},"provenance":${JSON.stringify(provenance)}}`;
  });
}
