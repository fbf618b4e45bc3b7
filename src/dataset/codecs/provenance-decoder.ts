// The inverse of provenance-encoder.ts: a company's stored provenance rows, with its text and
// filing dictionaries, back to Provenance objects, per record date and field. Invariant:
// decode(encode(p)) has the fields of p that were set (dictionary ids resolve to the same texts).
import type { Provenance } from '../../model/record-types.js';
import type { StoredProvenance } from '../queries/record-queries.js';
import { provenanceFieldName } from './provenance-field-ids.js';

type Entry = Array<number | null | Entry[]>;

/** Field provenance by record date, for the rows of `stored`. */
export function decodeProvenance(stored: StoredProvenance): Map<string, Record<string, Provenance>> {
  const texts = new Map<number, string>();
  for (const t of stored.texts) texts.set(Number(t.id), t.text);
  const filings = new Map<number, StoredProvenance['filings'][number]>();
  for (const f of stored.filings) filings.set(Number(f.id), f);
  const decodeEntry = (e: Entry): Provenance => {
    const p: Provenance = {};
    const text = (i: number): string | undefined => {
      const id = e[i];
      return typeof id === 'number' ? texts.get(id) : undefined;
    };
    const concept = text(0);
    if (concept !== undefined) p.concept = concept;
    const fid = e[1];
    const filing = typeof fid === 'number' ? filings.get(fid) : undefined;
    if (filing) {
      if (filing.accn !== null) p.accn = filing.accn;
      if (filing.filed !== null) p.filed = filing.filed;
      if (filing.form !== null) p.form = filing.form;
    }
    const derivation = text(2);
    if (derivation !== undefined) p.derivation = derivation;
    const unit = text(3);
    if (unit !== undefined) p.unit = unit;
    const period = text(4);
    if (period !== undefined) {
      const slash = period.indexOf('/');
      p.start = slash < 0 ? null : period.slice(0, slash);
      p.end = slash < 0 ? period : period.slice(slash + 1);
    }
    const inputs = e[5];
    if (Array.isArray(inputs)) p.inputs = inputs.map((i) => decodeEntry(i as Entry));
    return p;
  };
  const out = new Map<string, Record<string, Provenance>>();
  for (const row of stored.rows) {
    const fields = JSON.parse(row.fields) as Record<string, Entry>;
    const byField: Record<string, Provenance> = {};
    for (const [key, entry] of Object.entries(fields)) byField[provenanceFieldName(key)] = decodeEntry(entry);
    out.set(row.date, byField);
  }
  return out;
}
