// Compact provenance of one company's records: each distinct text (concept, derivation) and each
// distinct filing (accn, filed, form) is stored once per company under a small integer id, and a
// field's provenance is `[concept id, filing id, derivation id, unit id, period id, [input, ...]]`
// (trailing nulls left out). Units ("USD") and fact periods ("2022-09-25/2023-09-30", or the end
// date alone for an instant) are texts too: a company has a few units and one period per fiscal
// quarter and year, so they cost an id per field. An input (a derived quarter's subtracted
// year-to-date fact) is encoded the same way, nested.
// Invariant: ids are dense from 0 in first-use order, so a company's rows are a pure function of
// its records; the `provenance` view joins them back to exactly the texts they stand for.
import type { Provenance } from '../../model/record-types.js';

/** Flat rows of provenance_texts (cik, id, text) and provenance_filings (cik, id, accn, filed, form). */
export interface ProvenanceDictionaries {
  texts: Array<string | number>;
  filings: Array<string | number | null>;
}
export const TEXT_COLS = 3;
export const FILING_COLS = 5;

interface Filing { filed: string | null; form: string | null; id: number }

export class ProvenanceEncoder {
  readonly rows: ProvenanceDictionaries = { texts: [], filings: [] };
  private readonly textIds = new Map<string, number>();
  /** accn -> the filings with that accession number (nearly always one). */
  private readonly filingsByAccn = new Map<string | null, Filing[]>();
  private filingCount = 0;

  constructor(private readonly cik: string) {}

  /**
   * Continues a company's dictionaries already stored (e.g. the records' ones, for its record
   * versions): their texts and filings keep their ids and new ones get the next ids; only the new
   * ones are in `rows`.
   */
  seed(texts: ReadonlyArray<{ id: number; text: string }>, filings: ReadonlyArray<{ id: number; accn: string | null; filed: string | null; form: string | null }>): void {
    for (const t of texts) this.textIds.set(t.text, t.id);
    let n = 0;
    for (const f of filings) {
      let list = this.filingsByAccn.get(f.accn);
      if (list === undefined) this.filingsByAccn.set(f.accn, (list = []));
      list.push({ filed: f.filed, form: f.form, id: f.id });
      n = Math.max(n, f.id + 1);
    }
    this.filingCount = n;
    this.nextText = texts.reduce((m, t) => Math.max(m, t.id + 1), 0);
  }
  private nextText = 0;

  /** The JSON array text of one field's provenance, e.g. `[3,0,null,1,2]` or `[null,null,7]`. */
  encode(p: Provenance): string {
    const parts = [
      this.optionalText(p.concept),
      this.filingId(p.accn ?? null, p.filed ?? null, p.form ?? null),
      this.optionalText(p.derivation),
      this.optionalText(p.unit),
      this.optionalText(p.end === undefined ? undefined : p.start ? `${p.start}/${p.end}` : p.end),
      p.inputs && p.inputs.length > 0 ? `[${p.inputs.map((i) => this.encode(i)).join(',')}]` : 'null',
    ];
    let n = parts.length;
    while (n > 2 && parts[n - 1] === 'null') n--;
    return `[${parts.slice(0, n).join(',')}]`;
  }

  private optionalText(text: string | undefined): string {
    return text === undefined ? 'null' : String(this.textId(text));
  }

  private textId(text: string): number {
    let id = this.textIds.get(text);
    if (id === undefined) {
      id = this.nextText++;
      this.textIds.set(text, id);
      this.rows.texts.push(this.cik, id, text);
    }
    return id;
  }

  private filingId(accn: string | null, filed: string | null, form: string | null): string {
    if (accn === null && filed === null && form === null) return 'null';
    let list = this.filingsByAccn.get(accn);
    if (list === undefined) {
      list = [];
      this.filingsByAccn.set(accn, list);
    }
    for (const f of list) if (f.filed === filed && f.form === form) return String(f.id);
    const id = this.filingCount++;
    list.push({ filed, form, id });
    this.rows.filings.push(this.cik, id, accn, filed, form);
    return String(id);
  }
}
