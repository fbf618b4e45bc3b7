// Fact index of one company: every (concept, unit) reduced to one fact per period, built once.
// Invariant: a period is (start, end) for durations and end for instants — never fy/fp — and
// the kept fact is the periodic-form fact filed last (restated history wins over the original).
import { dayNumber, isoDate } from '../model/dates.js';
import { ConceptFacts, conceptFacts, FactColumns } from '../sources/fact-columns.js';
import { toFact, type Fact, type FactPolicy, type UnitFacts } from './fact.js';
import { preferPlausibleShareCounts } from './share-scale-versions.js';

export { isUsableFact, type RawFact } from '../sources/fact-columns.js';

const PERIODIC_FORMS = new Set(['10-K', '10-Q', '20-F', '40-F', '10-KT', '10-QT', '20-F/A', '40-F/A', '10-K/A', '10-Q/A', '10-KT/A', '10-QT/A']);
export const ANNUAL_FORMS = new Set(['10-K', '10-K/A', '20-F', '20-F/A', '40-F', '40-F/A', '10-KT', '10-KT/A']);

const QUARTERLY_FORMS = new Set(['10-Q', '10-Q/A', '10-QT', '10-QT/A']);
const STALE_QUARTERLY_DAYS = 400;

export function isPeriodicForm(form: string): boolean {
  return PERIODIC_FORMS.has(form);
}

/** Reduce the facts of one (concept, unit) to one fact per period. */
export function indexUnitFacts(cols: FactColumns, policy: FactPolicy = 'latest'): UnitFacts {
  const original = policy === 'original';
  const { start, end, accn, form, val } = cols;
  const n = cols.length;
  // Facts are rows of the columns. Durations are grouped by end date and deduplicated by start
  // inside the (tiny) group, which avoids building a key string per fact; Fact objects are made
  // only for the kept facts.
  const byEnd = new Map<string, number[]>();
  // Versions of restated periods: kept row -> every row of its period (only when a second value
  // shows up).
  let restated: Map<number, number[]> | null = null;
  const instantsRaw = new Map<string, number>();
  // Every filing's value of an instant reported by more than one filing (which filing reported
  // a balance matters: see period-values/balance-sheet-version.ts).
  let instantVersions: Map<string, number[]> | null = null;
  // A quarterly report states its quarter, its year to date and the same periods a year
  // earlier; a 10-Q fact ending more than 400 days before the report's latest period is a
  // mis-dated context, not a statement of that period (Mettler-Toledo's 10-Q of July 2022 tags
  // NetIncomeLoss = 149.7M on the fourth quarter of 2020, whose net income was 216.3M).
  let staleBefore: Map<string, string> | null = null; // 10-Q accession -> earliest end kept (ISO)
  for (let i = 0; i < n; i++) {
    if (!QUARTERLY_FORMS.has(form[i]!)) continue;
    staleBefore ??= new Map();
    const e = staleBefore.get(accn[i]!);
    if (!e || end[i]! > e) staleBefore.set(accn[i]!, end[i]!);
  }
  // (forEach: a for-of over a Map's entries allocates an array per entry)
  staleBefore?.forEach(setStaleCutoff);
  // End dates of byEnd and instantsRaw in insertion order (iterated below without closures).
  const durationEnds: string[] = [];
  const instantEnds: string[] = [];
  for (let r = 0; r < n; r++) {
    const rEnd = end[r]!;
    if (staleBefore && QUARTERLY_FORMS.has(form[r]!) && rEnd < staleBefore.get(accn[r]!)!) continue;
    const rStart = start[r];
    if (rStart) {
      const list = byEnd.get(rEnd);
      if (!list) { byEnd.set(rEnd, [r]); durationEnds.push(rEnd); continue; }
      let i = 0;
      while (i < list.length && start[list[i]!] !== rStart) i++;
      if (i === list.length) { list.push(r); continue; }
      const kept = list[i]!;
      if (val[kept] !== val[r] || restated?.has(kept)) {
        restated ??= new Map();
        const all = restated.get(kept) ?? [kept];
        all.push(r);
        restated.delete(kept);
        if (preferredRow(cols, r, kept, original)) list[i] = r;
        restated.set(list[i]!, all);
      } else if (preferredRow(cols, r, kept, original)) list[i] = r;
    } else {
      const kept = instantsRaw.get(rEnd);
      if (kept === undefined) { instantsRaw.set(rEnd, r); instantEnds.push(rEnd); continue; }
      instantVersions ??= new Map();
      const all = instantVersions.get(rEnd) ?? [kept];
      all.push(r);
      instantVersions.set(rEnd, all);
      if (preferredRow(cols, r, kept, original)) instantsRaw.set(rEnd, r);
    }
  }
  // Plain loops and module-level helpers, not closures: V8 drops the optimized code of a closure
  // made per call at every major GC, and this runs for every (concept, unit) of every company.
  const durationsByEnd = new Map<number, Fact[]>();
  for (let k = 0; k < durationEnds.length; k++) {
    const e = durationEnds[k]!;
    const list = byEnd.get(e)!;
    const endDay = dayNumber(e);
    const facts: Fact[] = new Array(list.length);
    for (let j = 0; j < list.length; j++) {
      const r = list[j]!;
      const f = toFact(cols, r, endDay);
      const all = restated?.get(r);
      if (all) f.versions = periodicVersions(cols, all, endDay);
      facts[j] = f;
    }
    durationsByEnd.set(endDay, facts);
  }
  const instants = new Map<number, Fact>();
  for (let k = 0; k < instantEnds.length; k++) {
    const e = instantEnds[k]!;
    const endDay = dayNumber(e);
    const f = toFact(cols, instantsRaw.get(e)!, endDay);
    const all = instantVersions?.get(e);
    if (all) f.reports = all;
    instants.set(endDay, f);
  }
  return { cols, durationsByEnd, instants, policy };
}

/** The 10-Q cutoff of a quarterly filing from its latest period's end (see indexUnitFacts). */
function setStaleCutoff(latest: string, accn: string, m: Map<string, string>): void {
  m.set(accn, isoDate(dayNumber(latest) - STALE_QUARTERLY_DAYS));
}

/** The periodic filings' versions of a restated period, oldest first; null when fewer than two. */
function periodicVersions(cols: FactColumns, rows: readonly number[], endDay: number): Fact[] | null {
  const versions: Fact[] = [];
  for (let j = 0; j < rows.length; j++) {
    const x = rows[j]!;
    if (isPeriodicForm(cols.form[x]!)) versions.push(toFact(cols, x, endDay));
  }
  if (versions.length < 2) return null;
  return versions.sort(byFiledThenAccn);
}

function byFiledThenAccn(a: Fact, b: Fact): number {
  return a.filed < b.filed ? -1 : a.filed > b.filed ? 1 : a.accn < b.accn ? -1 : 1;
}

/** True when row a should replace the kept row b for the same period. */
function preferredRow(cols: FactColumns, a: number, b: number, original: boolean): boolean {
  const pa = isPeriodicForm(cols.form[a]!);
  const pb = isPeriodicForm(cols.form[b]!);
  if (pa !== pb) return pa;
  const fa = cols.filed[a]!, fb = cols.filed[b]!;
  if (fa !== fb) return original ? fa < fb : fa > fb;
  return original ? cols.accn[a]! < cols.accn[b]! : cols.accn[a]! > cols.accn[b]!;
}

/**
 * Lazy per-(concept, unit) index over the company's facts. Concepts are named with their
 * taxonomy prefix ("us-gaap:Revenues"). Only the concepts a mapping asks for are reduced. A
 * concept's value is its facts in columns when the reader converted it (readCompanyFacts), else
 * its parsed JSON, converted here when first asked for.
 */
export class FactIndex {
  private readonly cache = new Map<string, Map<string, UnitFacts | null>>();
  private readonly concepts = new Map<string, ConceptFacts | null>();
  private readonly intern = new Map<string, string>();
  constructor(private readonly taxonomies: Record<string, Record<string, unknown>>) {}

  unitFacts(concept: string, unit: string, policy: FactPolicy = 'latest'): UnitFacts | null {
    const cacheKey = policy === 'latest' ? unit : unit + '#original';
    let byConcept = this.cache.get(cacheKey);
    if (!byConcept) this.cache.set(cacheKey, (byConcept = new Map()));
    const hit = byConcept.get(concept);
    if (hit !== undefined) return hit;
    const cols = this.columns(concept, unit);
    const indexed = cols ? indexUnitFacts(cols, policy) : null;
    if (indexed && unit === 'shares') preferPlausibleShareCounts(indexed);
    byConcept.set(concept, indexed);
    return indexed;
  }

  /** The usable facts of one concept in one unit, null when it has no list for the unit. */
  columns(concept: string, unit: string): FactColumns | null {
    let facts = this.concepts.get(concept);
    if (facts === undefined) {
      const [tax, name] = splitConcept(concept);
      const concepts = this.taxonomies[tax];
      const value = concepts !== null && typeof concepts === 'object' ? concepts[name] : undefined;
      facts = value instanceof ConceptFacts ? value : value ? conceptFacts(value, this.intern) : null;
      this.concepts.set(concept, facts);
    }
    return facts?.units.get(unit) ?? null;
  }
}

export function splitConcept(concept: string): [string, string] {
  const i = concept.indexOf(':');
  return [concept.slice(0, i), concept.slice(i + 1)];
}
