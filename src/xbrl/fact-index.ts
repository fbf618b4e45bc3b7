// Fact index of one company: every (concept, unit) reduced to one fact per period, built once.
// Invariant: a period is (start, end) for durations and end for instants — never fy/fp — and
// the kept fact is the periodic-form fact filed last (restated history wins over the original).
import { dayNumber, isoDate } from './dates.js';

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

/** One kept fact, with its period parsed to day numbers. */
export interface Fact {
  start: string | null;
  end: string;
  startDay: number | null;
  endDay: number;
  val: number;
  accn: string;
  filed: string;
  form: string;
  fy: number | null;
  fp: string | null;
  /** Durations: every periodic filing's version of this period, oldest first — only when
   *  filings disagree on the value (a restatement); used to pair year-to-date values of one
   *  vintage. */
  versions?: Fact[];
  /** Instants reported by several filings: every raw report, in no order (to take a balance from
   *  the filing whose balance sheet is dated that day; see PeriodResolver.balanceSheetVersion). */
  reports?: readonly RawFact[];
}

/** Facts of one concept in one unit: durations by end date, instants by date. */
export interface UnitFacts {
  /** Keyed by the end's day number. */
  durationsByEnd: Map<number, Fact[]>;
  /** Keyed by the date's day number. */
  instants: Map<number, Fact>;
}

const PERIODIC_FORMS = new Set(['10-K', '10-Q', '20-F', '40-F', '10-KT', '10-QT', '20-F/A', '40-F/A', '10-K/A', '10-Q/A', '10-KT/A', '10-QT/A']);
export const ANNUAL_FORMS = new Set(['10-K', '10-K/A', '20-F', '20-F/A', '40-F', '40-F/A', '10-KT', '10-KT/A']);

const QUARTERLY_FORMS = new Set(['10-Q', '10-Q/A', '10-QT', '10-QT/A']);
const STALE_QUARTERLY_DAYS = 400;

export function isPeriodicForm(form: string): boolean {
  return PERIODIC_FORMS.has(form);
}

export function toFact(r: RawFact): Fact {
  return {
    start: r.start ?? null,
    end: r.end,
    startDay: r.start ? dayNumber(r.start) : null,
    endDay: dayNumber(r.end),
    val: r.val,
    accn: r.accn,
    filed: r.filed,
    form: r.form,
    fy: typeof r.fy === 'number' ? r.fy : null,
    fp: r.fp ?? null,
  };
}

/**
 * Which fact to keep when several filings report the same period: 'latest' (restated history
 * wins: amounts) or 'original' (the first periodic filing: share counts and per-share values as
 * reported at the time, before later filings restate them for splits).
 */
export type FactPolicy = 'latest' | 'original';

/** Reduce the raw facts of one (concept, unit) to one fact per period. */
export function indexUnitFacts(raw: readonly RawFact[], policy: FactPolicy = 'latest'): UnitFacts {
  const original = policy === 'original';
  // Durations are grouped by end date and deduplicated by start inside the (tiny) group, which
  // avoids building a key string per fact; Fact objects are made only for the kept facts.
  const byEnd = new Map<string, RawFact[]>();
  // Versions of restated periods: kept fact -> every raw fact of its period (only when a second
  // value shows up).
  let restated: Map<RawFact, RawFact[]> | null = null;
  const instantsRaw = new Map<string, RawFact>();
  // Every filing's value of an instant reported by more than one filing (which filing reported
  // a balance matters: see PeriodResolver.balanceSheetVersion).
  let instantVersions: Map<string, RawFact[]> | null = null;
  // A quarterly report states its quarter, its year to date and the same periods a year
  // earlier; a 10-Q fact ending more than 400 days before the report's latest period is a
  // mis-dated context, not a statement of that period (Mettler-Toledo's 10-Q of July 2022 tags
  // NetIncomeLoss = 149.7M on the fourth quarter of 2020, whose net income was 216.3M).
  let staleBefore: Map<string, string> | null = null; // 10-Q accession -> earliest end kept (ISO)
  for (const r of raw) {
    if (!isUsableFact(r) || !QUARTERLY_FORMS.has(r.form)) continue;
    staleBefore ??= new Map();
    const e = staleBefore.get(r.accn);
    if (!e || r.end > e) staleBefore.set(r.accn, r.end);
  }
  if (staleBefore) for (const [accn, latest] of staleBefore) staleBefore.set(accn, isoDate(dayNumber(latest) - STALE_QUARTERLY_DAYS));
  for (const r of raw) {
    if (!isUsableFact(r)) continue;
    if (staleBefore && QUARTERLY_FORMS.has(r.form) && r.end < staleBefore.get(r.accn)!) continue;
    if (r.start) {
      const list = byEnd.get(r.end);
      if (!list) { byEnd.set(r.end, [r]); continue; }
      let i = 0;
      while (i < list.length && list[i]!.start !== r.start) i++;
      if (i === list.length) { list.push(r); continue; }
      const kept = list[i]!;
      if (kept.val !== r.val || restated?.has(kept)) {
        restated ??= new Map();
        const all = restated.get(kept) ?? [kept];
        all.push(r);
        restated.delete(kept);
        if (preferredRaw(r, kept, original)) list[i] = r;
        restated.set(list[i]!, all);
      } else if (preferredRaw(r, kept, original)) list[i] = r;
    } else {
      const kept = instantsRaw.get(r.end);
      if (!kept) { instantsRaw.set(r.end, r); continue; }
      instantVersions ??= new Map();
      const all = instantVersions.get(r.end) ?? [kept];
      all.push(r);
      instantVersions.set(r.end, all);
      if (preferredRaw(r, kept, original)) instantsRaw.set(r.end, r);
    }
  }
  const durationsByEnd = new Map<number, Fact[]>();
  for (const [end, list] of byEnd) {
    durationsByEnd.set(dayNumber(end), list.map((r) => {
      const f = toFact(r);
      const all = restated?.get(r);
      if (all) {
        f.versions = all.filter((x) => isPeriodicForm(x.form)).map(toFact)
          .sort((a, b) => (a.filed < b.filed ? -1 : a.filed > b.filed ? 1 : a.accn < b.accn ? -1 : 1));
        if (f.versions.length < 2) delete f.versions;
      }
      return f;
    }));
  }
  const instants = new Map<number, Fact>();
  for (const [end, r] of instantsRaw) {
    const f = toFact(r);
    const all = instantVersions?.get(end);
    if (all) f.reports = all;
    instants.set(dayNumber(end), f);
  }
  return { durationsByEnd, instants };
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

/** True when raw fact a should replace the kept fact b for the same period. */
function preferredRaw(a: RawFact, b: RawFact, original: boolean): boolean {
  const pa = isPeriodicForm(a.form);
  const pb = isPeriodicForm(b.form);
  if (pa !== pb) return pa;
  if (a.filed !== b.filed) return original ? a.filed < b.filed : a.filed > b.filed;
  return original ? a.accn < b.accn : a.accn > b.accn;
}

interface RawConcept { units?: Record<string, RawFact[]> }

/**
 * Lazy per-(concept, unit) index over the company's facts. Concepts are named with their
 * taxonomy prefix ("us-gaap:Revenues"). Only the concepts a mapping asks for are reduced.
 */
export class FactIndex {
  private readonly cache = new Map<string, Map<string, UnitFacts | null>>();
  constructor(private readonly taxonomies: Record<string, Record<string, RawConcept>>) {}

  has(concept: string): boolean {
    const [tax, name] = splitConcept(concept);
    return !!this.taxonomies[tax]?.[name];
  }

  unitFacts(concept: string, unit: string, policy: FactPolicy = 'latest'): UnitFacts | null {
    const cacheKey = policy === 'latest' ? unit : unit + '#original';
    let byConcept = this.cache.get(cacheKey);
    if (!byConcept) this.cache.set(cacheKey, (byConcept = new Map()));
    const hit = byConcept.get(concept);
    if (hit !== undefined) return hit;
    const [tax, name] = splitConcept(concept);
    const raw = this.taxonomies[tax]?.[name]?.units?.[unit];
    const indexed = Array.isArray(raw) ? indexUnitFacts(raw, policy) : null;
    byConcept.set(concept, indexed);
    return indexed;
  }

  /** Raw fact arrays of one concept, all units (for period discovery). */
  rawUnits(concept: string): Record<string, RawFact[]> | null {
    const [tax, name] = splitConcept(concept);
    return this.taxonomies[tax]?.[name]?.units ?? null;
  }
}

export function splitConcept(concept: string): [string, string] {
  const i = concept.indexOf(':');
  return [concept.slice(0, i), concept.slice(i + 1)];
}
