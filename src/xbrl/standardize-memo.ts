// Standardizing one company again on a later day, redoing only what that day's filings can change
// (the versions step computes a company's state at every filing date, days rising: issue 27). What
// the standardization of the last day keeps here: per fiscal year, the records it emitted. On the
// next day a fiscal year's records are the same objects again when nothing they are made of changed:
// - the year's bounds (its label, start, end and quarter ends) are the same;
// - no fact that became known since describes a period ending in the year or near it: from
//   YEAR_BEFORE days before its start (an opening balance; earlier where the year's cash check
//   reads an earlier balance: earliestRead) to YEAR_AFTER days after its end (the cover page's
//   share count of a balance date is dated up to 120 days after it);
// - the concept map is bound to the company the same way (every answer binding took from the
//   facts: which concepts have facts, whether some come from other forms than periodic filings,
//   whether cash totals equal the cash-flow ending cash; bind-mappings.ts traces them), and the
//   balance-sheet total that marks a filing's balance sheet is the same (balance-sheet-version.ts);
// - the company-wide decisions the earlier day made are decided the same from the new day's facts
//   (company-decisions.ts), and the share-scale repairs found before the year are the same
//   (then the year finds the same ones again: they are restored as the earlier day left them).
// A year resolved again keeps the memo's record objects where a record came out the same data
// (keepSameRecords). A period's value is resolved from facts of its own period (the candidates, the year-to-date
// facts of its fiscal year, the filing that restated it, its balance date's filings), so otherwise
// the year resolves to the same records. The plain reference is standardizing every day from
// scratch: the case test (test/day-memos.test.ts) runs both over every filing date of real
// companies and requires the same records, and the versions case test compares the versions.
import type { FiscalYear } from './fiscal-calendar.js';
import { recordKey, type PeriodRecord, type UnmappedConcept } from '../model/record-types.js';
import type { ConceptInventory } from '../sources/companyfacts-reader.js';
import type { CompanyDecisions } from './period-values/company-decisions.js';
import type { PreparedStatement } from './period-values/prepared-mapping.js';

/** Days before a fiscal year's start and after its end whose new facts make it be resolved again. */
const YEAR_BEFORE = 40;
const YEAR_AFTER = 140;
/** A year in progress (no end yet) ends at the latest this many days after its start. */
const LONGEST_YEAR = 380;

/** One fiscal year as standardized on the memo's day. */
export interface MemoYear {
  records: PeriodRecord[];
  /** The share-scale repairs before the year was resolved (shareScaleText) and after (entries). */
  scaleBefore: string;
  scaleAfter: Array<[string, number]>;
}

export class StandardizeMemo {
  /** Per fiscal-year key (yearKey), its records as of the memo's day. */
  years = new Map<string, MemoYear>();
  /** The bind trace (ResolverState.bindTrace) and the company-wide decisions of the memo's day. */
  private bound: readonly number[] | null = null;
  decisions: CompanyDecisions | null = null;
  /** The unmapped concepts of an inventory (the same inventory object every day). */
  unmapped: { of: readonly ConceptInventory[]; list: UnmappedConcept[] } | null = null;
  /** Period end days of the facts known since the memo's day (sorted when read); null: everything is new. */
  private pending: number[] | null = null;
  private sorted = true;
  /** Fiscal years resolved again and kept, over every day (for the bench). */
  resolved = 0;
  kept = 0;

  /** The facts that became known since the last call describe periods ending on these days (null: unknown, redo everything). */
  advance(changedEnds: readonly number[] | null): void {
    if (changedEnds === null) { this.pending = null; this.years.clear(); return; }
    if (this.pending === null) return; // nothing stored yet to keep
    for (const e of changedEnds) this.pending.push(e);
    this.sorted = false;
  }

  /** Whether binding the concept map took the same answers from the facts as on the memo's day. */
  sameBinding(bound: readonly number[]): boolean {
    const b = this.bound;
    if (b === null || b.length !== bound.length) return false;
    for (let i = 0; i < b.length; i++) if (b[i] !== bound[i]) return false;
    return true;
  }

  /** Whether the records of `fy` kept from the memo's day may have changed (`earliest`: the
   *  earliest day its resolution reads, earliestRead). */
  changed(fy: FiscalYear, earliest: number = fy.startDay): boolean {
    const p = this.pending;
    if (p === null) return true;
    if (!this.sorted) { p.sort(ascending); this.sorted = true; }
    const lo = Math.min(fy.startDay - YEAR_BEFORE, earliest);
    const hi = (fy.endDay ?? fy.startDay + LONGEST_YEAR) + YEAR_AFTER;
    // the first pending end on or after lo
    let a = 0, b = p.length;
    while (a < b) { const mid = (a + b) >> 1; if (p[mid]! < lo) a = mid + 1; else b = mid; }
    return a < p.length && p[a]! <= hi;
  }

  /** The day's standardization finished with these years, mappings and decisions: the memo's day is now that day. */
  settle(years: Map<string, MemoYear>, bound: readonly number[], decisions: CompanyDecisions): void {
    this.years = years;
    this.bound = bound;
    this.decisions = decisions;
    this.pending = [];
    this.sorted = true;
  }
}

function ascending(a: number, b: number): number {
  return a - b;
}

/**
 * The records of a fiscal year resolved again, each replaced by the memo's record of the same key
 * when the two are the same data (sameData): the derivation then sees an unchanged record as the
 * same object (derive-memo.ts) and the versions compare it by identity. In place.
 */
export function keepSameRecords(records: PeriodRecord[], from: number, earlier: MemoYear | undefined): void {
  if (!earlier) return;
  const byKey = new Map<string, PeriodRecord>();
  for (const r of earlier.records) byKey.set(recordKey(r), r);
  for (let i = from; i < records.length; i++) {
    const r = records[i]!;
    const old = byKey.get(recordKey(r));
    if (old && sameData(old, r)) records[i] = old;
  }
}

/**
 * Whether two values are the same data: the same own keys in the same order with the same values,
 * recursively (Object.is for numbers: NaN is NaN, 0 is not -0; undefined values count).
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as Record<string, unknown>, y = b as Record<string, unknown>;
  const xk = Object.keys(x), yk = Object.keys(y);
  if (xk.length !== yk.length) return false;
  for (let i = 0; i < xk.length; i++) {
    const k = xk[i]!;
    if (k !== yk[i] || !sameData(x[k], y[k])) return false;
  }
  return true;
}

/**
 * The earliest day the resolution of `fy` reads: its start, or earlier the day before a
 * change-in-cash fact ending at one of its period ends starts (the cash check of a balance
 * candidate reads the balance of that day, cash-reconciliation.ts: a development-stage filer's
 * "since inception" column starts years before).
 */
export function earliestRead(fy: FiscalYear, statements: Iterable<PreparedStatement>): number {
  let lo = fy.startDay;
  for (const st of statements) {
    for (const m of st.mappings) {
      if (!m.reconcile) continue;
      for (const ch of m.reconcile.change) {
        for (const end of [fy.endDay, ...fy.quarterEnds]) {
          if (end === null) continue;
          for (const f of ch.uf.durationsByEnd.get(end) ?? []) if (f.startDay != null && f.startDay - 1 < lo) lo = f.startDay - 1;
        }
      }
    }
  }
  return lo;
}

/** A fiscal year's bounds as a key: a year whose bounds moved is a new year. */
export function yearKey(fy: FiscalYear): string {
  return `${fy.label}|${fy.labelSource}|${fy.startDay}|${fy.endDay}|${fy.quarterEnds.join(',')}`;
}

