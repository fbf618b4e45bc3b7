// Selective reader of an SEC companyfacts JSON file: JSON.parse()s only the concepts the caller
// asks for and, for every other concept, checks its JSON syntax byte by byte and counts its facts
// per unit without building them. Invariant: the result is exactly what JSON.parse of the whole
// file would give for those parts, or null (invalid JSON, or a shape out of the ordinary: duplicate
// keys, escaped or numeric names, …), and then the caller parses the whole file.
import { isAscii } from 'node:buffer';

/** Facts per unit of one concept, in the order of its `units` object (non-array values left out). */
export type UnitCounts = Array<[unit: string, facts: number]>;

export interface ConceptInventory {
  taxonomy: string;
  concept: string;
  /** Null when the concept's value is not an object. */
  units: UnitCounts | null;
}

/** What is read of a companyfacts document. */
export interface CompanyFactsView {
  cik: unknown;
  entityName: unknown;
  /** taxonomy -> concept -> value: every concept when the file was parsed whole, else the wanted ones. */
  facts: Record<string, Record<string, unknown>>;
  /** Concepts per taxonomy (`Object.keys(value).length`, 0 for a falsy value). */
  conceptCounts: Map<string, number>;
  /** Every concept of every taxonomy whose value is an object, in document order. */
  inventory: ConceptInventory[];
}

/** Fact counts of one concept's value, as `Object.entries(value.units ?? {})` sees them. */
export function unitCountsOf(body: unknown): UnitCounts | null {
  if (!body || typeof body !== 'object') return null;
  const out: UnitCounts = [];
  for (const [unit, list] of Object.entries((body as { units?: unknown }).units ?? {})) {
    if (Array.isArray(list)) out.push([unit, list.length]);
  }
  return out;
}

/** The view of an already parsed document whose `facts` is an object. */
export function viewOfParsedFacts(doc: { cik?: unknown; entityName?: unknown; facts: object }): CompanyFactsView {
  const facts = doc.facts as Record<string, Record<string, unknown>>;
  const conceptCounts = new Map<string, number>();
  const inventory: ConceptInventory[] = [];
  for (const [taxonomy, concepts] of Object.entries(facts)) {
    conceptCounts.set(taxonomy, concepts ? Object.keys(concepts).length : 0);
    if (!concepts || typeof concepts !== 'object') continue;
    for (const [concept, body] of Object.entries(concepts)) inventory.push({ taxonomy, concept, units: unitCountsOf(body) });
  }
  return { cik: doc.cik, entityName: doc.entityName, facts, conceptCounts, inventory };
}

/**
 * Reads a companyfacts file's bytes (UTF-8), parsing only the values of the concepts in `wanted`
 * ("taxonomy:Concept"). Null when the file must be parsed whole instead.
 */
export function readCompanyFacts(bytes: Buffer, wanted: ReadonlySet<string>): CompanyFactsView | null {
  try {
    return new Reader(bytes, wanted).document();
  } catch {
    return null; // e.g. a RangeError on absurdly deep nesting: JSON.parse decides
  }
}

const QUOTE = 0x22, BACKSLASH = 0x5c, COMMA = 0x2c, COLON = 0x3a;
const LBRACE = 0x7b, RBRACE = 0x7d, LBRACKET = 0x5b, RBRACKET = 0x5d;

/** Inside a string: 0 plain ASCII byte, 1 quote, 2 backslash, 3 control character (invalid), 4 non-ASCII. */
const IN_STRING = new Uint8Array(256);
IN_STRING.fill(3, 0, 0x20);
IN_STRING.fill(4, 0x80, 0x100);
IN_STRING[QUOTE] = 1;
IN_STRING[BACKSLASH] = 2;
/** Single-character escapes JSON allows after a backslash (u is handled apart). */
const SIMPLE_ESCAPE = new Uint8Array(256);
for (const c of '"\\/bfnrt') SIMPLE_ESCAPE[c.charCodeAt(0)] = 1;
const HEX = new Uint8Array(256);
for (const c of '0123456789abcdefABCDEF') HEX[c.charCodeAt(0)] = 1;
const UNITS_KEY = [0x75, 0x6e, 0x69, 0x74, 0x73]; // "units"

// Fast paths, run by the regexp engine on the file's bytes as Latin-1 text (one character per
// byte, so offsets agree): a fact list whose objects hold only plain strings without "{",
// numbers and literals (every fact then starts with the list's only "{" bytes), and the string
// values of a concept. When a pattern does not match, the byte-by-byte scanner decides.
const W = '[ \\t\\n\\r]*';
const STR = '"[^"\\\\\\x00-\\x1f]*(?:\\\\(?:["\\\\/bfnrt]|u[0-9a-fA-F]{4})[^"\\\\\\x00-\\x1f]*)*"';
const FACT_STR = '"[^"\\\\\\x00-\\x1f{]*"';
const NUM = '-?(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?';
const FACT_MEMBER = `${FACT_STR}${W}:${W}(?:${FACT_STR}|${NUM}|true|false|null)`;
const FACT = `\\{${W}(?:${FACT_MEMBER}(?:${W},${W}${FACT_MEMBER})*${W})?\\}`;
const FACT_LIST = new RegExp(`\\[${W}(?:${FACT}(?:${W},${W}${FACT})*${W})?\\]`, 'y');
const STRING = new RegExp(STR, 'y');

class Invalid extends Error {}
const invalid = new Invalid();

class Reader {
  private i = 0;
  /** Set by string(): the last string held an escape or a non-ASCII byte. */
  private special = false;
  /** The bytes as Latin-1 text, for the regexp fast paths. */
  private readonly text: string;

  constructor(private readonly b: Buffer, private readonly wanted: ReadonlySet<string>) {
    this.text = b.toString('latin1');
  }

  document(): CompanyFactsView | null {
    const b = this.b;
    let cik: unknown, entityName: unknown, facts: CompanyFactsView | null = null;
    const seen = new Set<string>();
    this.ws();
    this.expect(LBRACE);
    this.ws();
    if (b[this.i] !== RBRACE) {
      for (;;) {
        const key = this.key();
        this.ws();
        if (key === 'facts' || key === 'cik' || key === 'entityName') {
          if (seen.has(key)) return null;
          seen.add(key);
          if (key === 'facts') {
            facts = this.facts();
          } else {
            const start = this.i;
            this.value();
            const v: unknown = JSON.parse(b.toString('utf8', start, this.i));
            if (key === 'cik') cik = v; else entityName = v;
          }
        } else {
          this.value();
        }
        if (this.next(RBRACE)) break;
      }
    }
    this.i++;
    this.ws();
    if (this.i !== b.length || !facts) return null;
    facts.cik = cik;
    facts.entityName = entityName;
    return facts;
  }

  /** The "facts" object: taxonomy -> concept -> value. */
  private facts(): CompanyFactsView {
    const b = this.b;
    const facts: Record<string, Record<string, unknown>> = {};
    const conceptCounts = new Map<string, number>();
    const inventory: ConceptInventory[] = [];
    this.expect(LBRACE);
    this.ws();
    if (b[this.i] !== RBRACE) {
      for (;;) {
        const taxonomy = this.name();
        if (conceptCounts.has(taxonomy)) throw invalid;
        this.ws();
        this.expect(LBRACE);
        const concepts: Record<string, unknown> = {};
        facts[taxonomy] = concepts;
        const names = new Set<string>();
        this.ws();
        if (b[this.i] !== RBRACE) {
          for (;;) {
            const concept = this.name();
            if (names.has(concept)) throw invalid;
            names.add(concept);
            this.ws();
            let units: UnitCounts;
            if (this.wanted.has(taxonomy + ':' + concept)) {
              const body = this.wantedObject();
              concepts[concept] = body;
              units = unitCountsOf(body)!;
            } else {
              units = this.conceptUnits();
            }
            inventory.push({ taxonomy, concept, units });
            if (this.next(RBRACE)) break;
          }
        }
        this.i++;
        conceptCounts.set(taxonomy, names.size);
        if (this.next(RBRACE)) break;
      }
    }
    this.i++;
    return { cik: undefined, entityName: undefined, facts, conceptCounts, inventory };
  }

  /** A concept's value that is not wanted: `{ …, "units": { "USD": [ … ], … }, … }`, facts counted. */
  private conceptUnits(): UnitCounts {
    const b = this.b;
    this.expect(LBRACE);
    let units: UnitCounts | null = null;
    this.ws();
    if (b[this.i] !== RBRACE) {
      for (;;) {
        const start = this.i;
        this.string();
        if (this.special) throw invalid;
        const isUnits = this.i - start === UNITS_KEY.length + 2 && UNITS_KEY.every((c, k) => b[start + 1 + k] === c);
        this.ws();
        this.expect(COLON);
        this.ws();
        if (isUnits) {
          if (units) throw invalid;
          units = this.unitLists();
        } else if (b[this.i] === QUOTE && this.matches(STRING)) {
          // a label or description, checked by the regexp
        } else {
          this.value();
        }
        if (this.next(RBRACE)) break;
      }
    }
    this.i++;
    return units ?? [];
  }

  /** `{ "unit": [ … ], … }`: each unit's number of elements. */
  private unitLists(): UnitCounts {
    const b = this.b;
    const out: UnitCounts = [];
    this.expect(LBRACE);
    this.ws();
    if (b[this.i] !== RBRACE) {
      for (;;) {
        const unit = this.key();
        if (out.some((u) => u[0] === unit)) throw invalid;
        this.ws();
        out.push([unit, this.factCount()]);
        if (this.next(RBRACE)) break;
      }
    }
    this.i++;
    return out;
  }

  /**
   * A wanted concept's value, parsed. Its end is first guessed as the next "]}}" (how the SEC
   * writes the end of a concept): when JSON.parse accepts the text up to there, it is the whole
   * value, since an object ends where its text first closes. Otherwise the scanner finds the end.
   */
  private wantedObject(): unknown {
    const start = this.i;
    if (this.b[start] !== LBRACE) throw invalid;
    const guess = this.text.indexOf(']}}', start);
    if (guess !== -1) {
      try {
        const body: unknown = JSON.parse(this.textOf(start, guess + 3));
        this.i = guess + 3;
        return body;
      } catch {
        // not the end: scan
      }
    }
    this.conceptUnits();
    return JSON.parse(this.textOf(start, this.i));
  }

  /** The bytes from start to end as text (Latin-1 is UTF-8 when they are all ASCII, and then costs no copy). */
  private textOf(start: number, end: number): string {
    return isAscii(this.b.subarray(start, end)) ? this.text.slice(start, end) : this.b.toString('utf8', start, end);
  }

  /** Skips a list of facts and returns its number of elements. */
  private factCount(): number {
    const b = this.b;
    const start = this.i;
    let n = 0;
    if (b[start] === LBRACKET && this.matches(FACT_LIST)) {
      const end = this.i;
      for (let p = this.text.indexOf('{', start); p !== -1 && p < end; p = this.text.indexOf('{', p + 1)) n++;
      return n;
    }
    this.expect(LBRACKET);
    this.ws();
    if (b[this.i] !== RBRACKET) {
      for (;;) {
        this.value();
        n++;
        if (this.next(RBRACKET)) break;
      }
    }
    this.i++;
    return n;
  }

  /** Whether the sticky pattern matches at the current offset (then skipped). */
  private matches(re: RegExp): boolean {
    re.lastIndex = this.i;
    if (!re.test(this.text)) return false;
    this.i = re.lastIndex;
    return true;
  }

  /** Skips one JSON value, checking its syntax. */
  private value(): void {
    const b = this.b;
    const c = b[this.i];
    if (c === QUOTE) this.string();
    else if (c === LBRACE) this.object();
    else if (c === LBRACKET) this.array();
    else if (c === 0x74) this.literal('true');
    else if (c === 0x66) this.literal('false');
    else if (c === 0x6e) this.literal('null');
    else this.number();
  }

  private object(): void {
    const b = this.b;
    this.i++;
    this.ws();
    if (b[this.i] !== RBRACE) {
      for (;;) {
        this.string();
        this.ws();
        this.expect(COLON);
        this.ws();
        this.value();
        if (this.next(RBRACE)) break;
      }
    }
    this.i++;
  }

  private array(): void {
    const b = this.b;
    this.i++;
    this.ws();
    if (b[this.i] !== RBRACKET) {
      for (;;) {
        this.value();
        if (this.next(RBRACKET)) break;
      }
    }
    this.i++;
  }

  /**
   * After a member or element: skips whitespace and a comma (then whitespace up to the next one),
   * or stops on the closing byte and returns true (the caller steps over it).
   */
  private next(close: number): boolean {
    this.ws();
    const c = this.b[this.i];
    if (c === close) return true;
    if (c !== COMMA) throw invalid;
    this.i++;
    this.ws();
    return false;
  }

  private string(): void {
    const b = this.b;
    const n = b.length;
    let i = this.i;
    if (b[i] !== QUOTE) throw invalid;
    i++;
    let special = false;
    for (;;) {
      let t = 0;
      while (i < n && (t = IN_STRING[b[i]!]!) === 0) i++;
      if (i >= n || t === 3) throw invalid;
      if (t === 1) break;
      special = true;
      if (t === 4) { i++; continue; }
      const e = b[i + 1]!;
      if (SIMPLE_ESCAPE[e] === 1) i += 2;
      else if (e === 0x75 && HEX[b[i + 2]!] === 1 && HEX[b[i + 3]!] === 1 && HEX[b[i + 4]!] === 1 && HEX[b[i + 5]!] === 1) i += 6;
      else throw invalid;
    }
    this.i = i + 1;
    this.special = special;
  }

  /** A member's key and the colon after it. */
  private key(): string {
    const start = this.i;
    this.string();
    const key = this.special ? (JSON.parse(this.b.toString('utf8', start, this.i)) as string) : this.b.toString('latin1', start + 1, this.i - 1);
    this.ws();
    this.expect(COLON);
    return key;
  }

  /** A taxonomy or concept name: a key that keeps its place among an object's keys and cannot touch the prototype. */
  private name(): string {
    const key = this.key();
    const c = key.charCodeAt(0);
    if (key === '' || (c >= 0x30 && c <= 0x39) || key === '__proto__') throw invalid;
    return key;
  }

  private literal(word: string): void {
    for (let k = 0; k < word.length; k++) if (this.b[this.i + k] !== word.charCodeAt(k)) throw invalid;
    this.i += word.length;
  }

  private number(): void {
    const b = this.b;
    let i = this.i;
    if (b[i] === 0x2d) i++;
    if (b[i] === 0x30) i++;
    else if (isDigit(b[i])) while (isDigit(b[i])) i++;
    else throw invalid;
    if (b[i] === 0x2e) {
      i++;
      if (!isDigit(b[i])) throw invalid;
      while (isDigit(b[i])) i++;
    }
    if (b[i] === 0x65 || b[i] === 0x45) {
      i++;
      if (b[i] === 0x2b || b[i] === 0x2d) i++;
      if (!isDigit(b[i])) throw invalid;
      while (isDigit(b[i])) i++;
    }
    this.i = i;
  }

  private ws(): void {
    const b = this.b;
    let i = this.i;
    let c = b[i];
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = b[++i];
    this.i = i;
  }

  private expect(c: number): void {
    if (this.b[this.i] !== c) throw invalid;
    this.i++;
  }
}

function isDigit(c: number | undefined): boolean {
  return c !== undefined && c >= 0x30 && c <= 0x39;
}
