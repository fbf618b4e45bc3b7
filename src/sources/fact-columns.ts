// The facts of a companyfacts concept held as columns: one array per fact property instead of one
// object per fact. A large company files ~100,000 facts for the concepts standardization reads;
// as parsed JSON they are some 300,000 small objects that live as long as the company is being
// standardized, and the garbage collector copies them from one young-generation space to the
// next. Converted right after parsing, the parsed objects die young and a unit's facts are a
// dozen arrays. Invariant: a unit's columns hold exactly its usable facts (isUsableFact), in
// the order of the file; everything else standardization would skip anyway.
/** One fact of a companyfacts unit list, as the SEC writes it. */
export interface RawFact {
  start?: string;
  end: string;
  val: number;
  accn: string;
  fy?: number | null;
  fp?: string | null;
  form: string;
  filed: string;
  frame?: string;
}

/** A fact with a finite value, ISO dates and filing metadata; anything else is skipped. */
export function isUsableFact(r: RawFact | null | undefined): r is RawFact {
  return !!r && typeof r === 'object' && typeof r.val === 'number' && Number.isFinite(r.val)
    && isIsoDate(r.end) && (r.start === undefined || isIsoDate(r.start))
    && typeof r.form === 'string' && typeof r.filed === 'string' && typeof r.accn === 'string';
}

function isIsoDate(s: unknown): s is string {
  return typeof s === 'string' && s.length === 10 && s.charCodeAt(4) === 45 && s.charCodeAt(7) === 45;
}

/** The usable facts of one (concept, unit); row i of every column is the i-th usable fact. */
export class FactColumns {
  length = 0;
  /** null for instants. */
  readonly start: Array<string | null> = [];
  readonly end: string[] = [];
  readonly val: number[] = [];
  readonly accn: string[] = [];
  readonly form: string[] = [];
  readonly filed: string[] = [];
  /** The fact's fy when it is a number, else null. */
  readonly fy: Array<number | null> = [];

  /** Appends a fact when it is usable. `intern` shares one string per accession number. */
  add(r: unknown, intern: Map<string, string>): void {
    if (!isUsableFact(r as RawFact)) return;
    const f = r as RawFact;
    const start = f.start ?? null;
    this.start.push(start);
    this.end.push(f.end);
    this.val.push(f.val);
    let accn = intern.get(f.accn);
    if (accn === undefined) intern.set(f.accn, (accn = f.accn));
    this.accn.push(accn);
    this.form.push(f.form);
    this.filed.push(f.filed);
    this.fy.push(typeof f.fy === 'number' ? f.fy : null);
    this.length++;
  }
}

/** A concept's facts by unit: the unit lists of its value's `units` object that are arrays. */
export class ConceptFacts {
  constructor(readonly units: ReadonlyMap<string, FactColumns>) {}
}

/**
 * The facts of a parsed concept value (`{ label, description, units: { USD: [ … ] } }`), as
 * `value.units?.[unit]` would give them for every unit whose list is an array.
 */
export function conceptFacts(body: unknown, intern: Map<string, string>): ConceptFacts {
  const units = new Map<string, FactColumns>();
  const lists = body !== null && typeof body === 'object' ? (body as { units?: unknown }).units : undefined;
  if (lists !== null && typeof lists === 'object') {
    for (const unit of Object.keys(lists)) {
      const list = (lists as Record<string, unknown>)[unit];
      if (!Array.isArray(list)) continue;
      const cols = new FactColumns();
      for (const r of list) cols.add(r, intern);
      units.set(unit, cols);
    }
  }
  return new ConceptFacts(units);
}
