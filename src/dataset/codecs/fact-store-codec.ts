// The fact store's encoding: one company's companyfacts as standardization reads them (the facts of
// READ_CONCEPTS in columns, the taxonomies' concept counts and the concept inventory) in one
// deflated blob, so point-in-time records can be standardized again on request without the SEC
// files. Layout before deflate: u32 length of a JSON header (cik, entityName, concept counts,
// inventory, string table), then per concept and unit varint columns of string-table indices and
// values. Invariant: decode(encode(view)) reads, through FactIndex, exactly the facts of the view.
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { ConceptFacts, conceptFacts, FactColumns } from '../../sources/fact-columns.js';
import type { CompanyFactsView, ConceptInventory } from '../../sources/companyfacts-reader.js';

const VERSION = 1;
/** Inventory entry standing for every concept of a taxonomy whose facts are not stored (their unit counts summed). */
export const OTHER_CONCEPTS = '*';
/** Largest magnitude of an integer value written as a varint (beyond: a float64). */
const MAX_VARINT_INT = 2 ** 50;

class Writer {
  private buf = Buffer.allocUnsafe(1 << 16);
  len = 0;
  private room(n: number): void {
    if (this.len + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.len + n));
    this.buf.copy(next, 0, 0, this.len);
    this.buf = next;
  }
  /** An unsigned integer < 2^53, 7 bits per byte. */
  uint(v: number): void {
    this.room(8);
    while (v >= 0x80) {
      this.buf[this.len++] = (v % 0x80) | 0x80;
      v = Math.floor(v / 0x80);
    }
    this.buf[this.len++] = v;
  }
  float(v: number): void {
    this.room(8);
    this.buf.writeDoubleLE(v, this.len);
    this.len += 8;
  }
  bytes(): Buffer {
    return this.buf.subarray(0, this.len);
  }
}

class Reader {
  i = 0;
  constructor(private readonly b: Buffer) {}
  uint(): number {
    let v = 0, mul = 1, c: number;
    do {
      c = this.b[this.i++]!;
      if (c === undefined) throw new Error('fact store blob is truncated');
      v += (c & 0x7f) * mul;
      mul *= 0x80;
    } while (c & 0x80);
    return v;
  }
  float(): number {
    const v = this.b.readDoubleLE(this.i);
    this.i += 8;
    return v;
  }
  get done(): boolean {
    return this.i >= this.b.length;
  }
}

/** A value: an integer of moderate size as an even varint (zigzag), anything else as 1 then a float64. */
function writeVal(w: Writer, v: number): void {
  if (Number.isInteger(v) && Math.abs(v) < MAX_VARINT_INT && !Object.is(v, -0)) {
    w.uint((v >= 0 ? v * 2 : -v * 2 - 1) * 2);
  } else {
    w.uint(1);
    w.float(v);
  }
}

function readVal(r: Reader): number {
  const t = r.uint();
  if (t === 1) return r.float();
  const zz = t / 2;
  return zz % 2 === 0 ? zz / 2 : -(zz + 1) / 2;
}

interface Header {
  v: number;
  cik: unknown;
  entityName: unknown;
  conceptCounts: Array<[string, number]>;
  inventory: Array<[string, string, Array<[string, number]> | null]>;
  strings: string[];
}

/** The stored facts of a view: every (taxonomy, concept) of `concepts` ("taxonomy:Concept") it has. */
function storedConcepts(view: CompanyFactsView, concepts: ReadonlySet<string>): Array<[string, string, ConceptFacts]> {
  const out: Array<[string, string, ConceptFacts]> = [];
  const intern = new Map<string, string>();
  for (const [taxonomy, byName] of Object.entries(view.facts)) {
    if (byName === null || typeof byName !== 'object') continue;
    for (const [concept, value] of Object.entries(byName)) {
      if (!concepts.has(taxonomy + ':' + concept) || !value) continue;
      out.push([taxonomy, concept, value instanceof ConceptFacts ? value : conceptFacts(value, intern)]);
    }
  }
  return out;
}

/**
 * The inventory kept: the stored concepts' entries as they are, and per taxonomy one OTHER_CONCEPTS
 * entry with the unit counts of all its other concepts summed (what the reporting currency is
 * chosen from; the unmapped-concepts report is not reproduced from a stored view).
 */
function keptInventory(inventory: readonly ConceptInventory[], concepts: ReadonlySet<string>): Header['inventory'] {
  const out: Header['inventory'] = [];
  const others = new Map<string, Map<string, number>>();
  for (const c of inventory) {
    if (concepts.has(c.taxonomy + ':' + c.concept)) {
      out.push([c.taxonomy, c.concept, c.units ? c.units.map(([u, n]) => [u, n]) : null]);
      continue;
    }
    if (!c.units) continue;
    let sums = others.get(c.taxonomy);
    if (!sums) others.set(c.taxonomy, (sums = new Map()));
    for (const [u, n] of c.units) sums.set(u, (sums.get(u) ?? 0) + n);
  }
  for (const [taxonomy, sums] of others) out.push([taxonomy, OTHER_CONCEPTS, [...sums]]);
  return out;
}

/** Encodes the facts of `concepts` ("taxonomy:Concept") of a view, with its concept counts and a summarized inventory. */
export function encodeCompanyFacts(view: CompanyFactsView, concepts: ReadonlySet<string>): Buffer {
  const strings: string[] = [];
  const index = new Map<string, number>();
  const id = (s: string): number => {
    let k = index.get(s);
    if (k === undefined) {
      k = strings.length;
      strings.push(s);
      index.set(s, k);
    }
    return k;
  };
  const w = new Writer();
  const stored = storedConcepts(view, concepts);
  w.uint(stored.length);
  for (const [taxonomy, concept, facts] of stored) {
    w.uint(id(taxonomy));
    w.uint(id(concept));
    w.uint(facts.units.size);
    for (const [unit, cols] of facts.units) {
      w.uint(id(unit));
      const n = cols.length;
      w.uint(n);
      for (let i = 0; i < n; i++) {
        const start = cols.start[i];
        w.uint(start === null || start === undefined ? 0 : id(start) + 1);
      }
      for (let i = 0; i < n; i++) w.uint(id(cols.end[i]!));
      for (let i = 0; i < n; i++) writeVal(w, cols.val[i]!);
      for (let i = 0; i < n; i++) w.uint(id(cols.accn[i]!));
      for (let i = 0; i < n; i++) w.uint(id(cols.form[i]!));
      for (let i = 0; i < n; i++) w.uint(id(cols.filed[i]!));
      for (let i = 0; i < n; i++) {
        const fy = cols.fy[i];
        w.uint(fy === null || fy === undefined || !Number.isInteger(fy) || fy < 0 ? 0 : fy + 1);
      }
    }
  }
  const header: Header = {
    v: VERSION,
    cik: view.cik,
    entityName: view.entityName,
    conceptCounts: [...view.conceptCounts],
    inventory: keptInventory(view.inventory, concepts),
    strings,
  };
  const head = Buffer.from(JSON.stringify(header), 'utf8');
  const len = Buffer.allocUnsafe(4);
  len.writeUInt32LE(head.length, 0);
  return deflateRawSync(Buffer.concat([len, head, w.bytes()]), { level: 6 });
}

/** The view a blob of encodeCompanyFacts stands for (facts in columns, as readCompanyFacts gives them). */
export function decodeCompanyFacts(blob: Uint8Array): CompanyFactsView {
  const raw = inflateRawSync(blob);
  const headLen = raw.readUInt32LE(0);
  const header = JSON.parse(raw.toString('utf8', 4, 4 + headLen)) as Header;
  if (header.v !== VERSION) throw new Error(`fact store blob version ${String(header.v)} is not supported`);
  const s = header.strings;
  const r = new Reader(raw.subarray(4 + headLen));
  const facts: Record<string, Record<string, unknown>> = {};
  for (const [taxonomy] of header.conceptCounts) facts[taxonomy] = {};
  const nConcepts = r.uint();
  for (let c = 0; c < nConcepts; c++) {
    const taxonomy = s[r.uint()]!;
    const concept = s[r.uint()]!;
    const nUnits = r.uint();
    const units = new Map<string, FactColumns>();
    for (let u = 0; u < nUnits; u++) {
      const unit = s[r.uint()]!;
      const n = r.uint();
      const cols = new FactColumns();
      for (let i = 0; i < n; i++) {
        const k = r.uint();
        cols.start.push(k === 0 ? null : s[k - 1]!);
      }
      for (let i = 0; i < n; i++) cols.end.push(s[r.uint()]!);
      for (let i = 0; i < n; i++) cols.val.push(readVal(r));
      for (let i = 0; i < n; i++) cols.accn.push(s[r.uint()]!);
      for (let i = 0; i < n; i++) cols.form.push(s[r.uint()]!);
      for (let i = 0; i < n; i++) cols.filed.push(s[r.uint()]!);
      for (let i = 0; i < n; i++) {
        const fy = r.uint();
        cols.fy.push(fy === 0 ? null : fy - 1);
      }
      cols.length = n;
      units.set(unit, cols);
    }
    (facts[taxonomy] ??= {})[concept] = new ConceptFacts(units);
  }
  if (!r.done) throw new Error('fact store blob has trailing bytes');
  return {
    cik: header.cik,
    entityName: header.entityName,
    facts,
    conceptCounts: new Map(header.conceptCounts),
    inventory: header.inventory.map(([taxonomy, concept, units]) => ({ taxonomy, concept, units })),
  };
}
