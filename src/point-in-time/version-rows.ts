// A company's computed versions (record-versions.ts) as the rows the dataset stores: the current
// record of each key (the records table's, written by the build) gets the `known_from` of the
// open version whose body it is (and, in `known_fields`, that version's provenance when it is not
// the stored one: a later filing that repeated the values is named by the stored provenance); a superseded version is a record_versions row. The open version
// of a key whose stored record differs from it (the stored records use every price and split
// the dataset has; an `as_of` before the dataset's newest filing date uses those up to the
// company's last filing) is superseded on the dataset's newest filing date, the day from which
// `as_of` answers with the stored records. Pure (it runs in the ingest's workers).
import { ProvenanceEncoder } from '../dataset/codecs/provenance-encoder.js';
import { encodedFields, renderStoredBody, renderVersionRows, type VersionToRender } from '../dataset/codecs/record-render.js';
import type { CompanyVersionRows } from '../dataset/tables/record-versions-table.js';
import type { CompanyVersions } from './record-versions.js';

export interface VersionRowsInput {
  cik: string;
  ticker: string;
  currency: string;
  /** The dataset's newest filing date (max over companies): from it on, `as_of` is the stored records. */
  newest: string;
  /** The company's stored records: record_type, period, date, body (its stored form: compared with renderStoredBody's), provenance fields (or null), flat. */
  current: ReadonlyArray<string | null>;
  /** The company's stored provenance dictionaries (their ids are kept; new entries get the next ids). */
  texts: ReadonlyArray<{ id: number; text: string }>;
  filings: ReadonlyArray<{ id: number; accn: string | null; filed: string | null; form: string | null }>;
}

export function versionRows(computed: CompanyVersions, input: VersionRowsInput): CompanyVersionRows {
  const { cik, ticker, currency, newest } = input;
  const current = new Map<string, { body: string; fields: string | null }>();
  const c = input.current;
  for (let i = 0; i < c.length; i += 5) current.set(`${c[i]}|${c[i + 1]}|${c[i + 2]}`, { body: c[i + 3]!, fields: c[i + 4] ?? null });
  const encoder = new ProvenanceEncoder(cik);
  encoder.seed(input.texts, input.filings);
  const superseded: VersionToRender[] = [];
  const knownFrom: Array<string | null> = [];
  const matched = new Set<string>();
  for (const [key, list] of computed.versions) {
    for (const v of list) {
      if (v.knownFrom >= newest) continue; // never served: from `newest` on the stored record answers
      if (v.knownTo !== null) { superseded.push({ record: v.record, knownFrom: v.knownFrom, knownTo: v.knownTo <= newest ? v.knownTo : newest }); continue; }
      const stored = current.get(key);
      if (stored !== undefined && stored.body === renderStoredBody(v.record, ticker, currency)) {
        // the provenance as of known_from, kept when a later filing repeating the values changed the stored one
        const fields = encodedFields(v.record, encoder);
        knownFrom.push(v.record.recordType, v.record.period, v.record.date, v.knownFrom, fields === stored.fields ? null : (fields ?? '{}'));
        matched.add(key);
      } else {
        superseded.push({ record: v.record, knownFrom: v.knownFrom, knownTo: newest });
      }
    }
  }
  for (const key of current.keys()) {
    if (matched.has(key)) continue;
    const [recordType, period, date] = key.split('|') as [string, string, string];
    knownFrom.push(recordType, period, date, newest, null);
  }
  const versions = renderVersionRows(cik, ticker, currency, superseded, encoder);
  return { versions, texts: encoder.rows.texts, filings: encoder.rows.filings, knownFrom };
}
