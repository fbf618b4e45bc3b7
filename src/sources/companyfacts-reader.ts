// Selective reader of an SEC companyfacts JSON file: JSON.parse()s only the concepts the caller
// asks for, keeping their facts in columns (fact-columns.ts), and, for every other concept,
// checks its JSON syntax (json-scan.ts) and counts its facts per unit without building them.
// Invariant: the result is exactly what JSON.parse of the whole file would give for those parts
// (the wanted concepts as conceptFacts() of their parsed value), or null (invalid JSON, or a
// shape out of the ordinary: duplicate keys, escaped or numeric names, …), and then the caller
// parses the whole file.
import { COLON, invalid, JsonScanner, LBRACE, LBRACKET, NUMBER, QUOTE, RBRACE, RBRACKET, STRING, WS } from './json-scan.js';
import { conceptFacts } from './fact-columns.js';

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
  /** taxonomy -> concept -> value: every concept's parsed value when the file was parsed whole,
   *  else the wanted ones' facts in columns (a ConceptFacts). */
  facts: Record<string, Record<string, unknown>>;
  /** Concepts per taxonomy (`Object.keys(value).length`, 0 for a falsy value). */
  conceptCounts: Map<string, number>;
  /** Every concept of every taxonomy whose value is an object, in document order. */
  inventory: ConceptInventory[];
}

/** Fact counts of one concept's value, as `Object.entries(value.units ?? {})` sees them. */
function unitCountsOf(body: unknown): UnitCounts | null {
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

const UNITS_KEY = [0x75, 0x6e, 0x69, 0x74, 0x73]; // "units"

// Fast path, run by the regexp engine: a fact list whose objects hold only plain strings without
// "{", numbers and literals (every fact then starts with one of the list's "{" bytes).
const FACT_STR = '"[^"\\\\\\x00-\\x1f{]*"';
const FACT_MEMBER = `${FACT_STR}${WS}:${WS}(?:${FACT_STR}|${NUMBER}|true|false|null)`;
const FACT = `\\{${WS}(?:${FACT_MEMBER}(?:${WS},${WS}${FACT_MEMBER})*${WS})?\\}`;
const FACT_LIST = new RegExp(`\\[${WS}(?:${FACT}(?:${WS},${WS}${FACT})*${WS})?\\]`, 'y');

class Reader extends JsonScanner {
  /** One string per accession number of the document (see FactColumns.add). */
  private readonly accns = new Map<string, string>();
  constructor(bytes: Buffer, private readonly wanted: ReadonlySet<string>) {
    super(bytes);
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
              concepts[concept] = conceptFacts(body, this.accns);
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

  /** A taxonomy or concept name: a key that keeps its place among an object's keys and cannot touch the prototype. */
  private name(): string {
    const key = this.key();
    const c = key.charCodeAt(0);
    if (key === '' || (c >= 0x30 && c <= 0x39) || key === '__proto__') throw invalid;
    return key;
  }

}
