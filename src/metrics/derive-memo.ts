// Deriving one company's records again on a later day, redoing only the periods whose inputs can
// have changed (the versions step derives a company's state at every filing date, days rising:
// issue 27). A period's derived records (its statement records completed with derived fields,
// and its eight derived record types) are made from its period inputs (build-period-inputs.ts):
// the statement records of its own date and of a window around it (the fiscal year or TTM
// quarters, the same window a year earlier, the balance a year earlier, the fiscal year's annual
// record, the neighbouring balance dates' share counts), the cover-page share counts dated up to
// 120 days after it, the prices up to its date (with the closes the filer's own closing rates
// convert: a rate converts the close of its date), and what holds for the whole company (the
// splits known, the reporting currency, the aux fields any record has, the price series chosen).
// So the memo's records of a period are kept, as the same objects, when:
// - the company-wide inputs are the same (companyKey);
// - the period's date is before the memo's day (its prices up to its date were all known then);
// - its own statement records are the same objects as the memo's;
// - no statement record dated from WINDOW_BEFORE days before it to WINDOW_AFTER days after it
//   changed in what another period reads of it (sameForOthers: its values, fiscal year, label,
//   start, and with splits the filing dates of its values; or it appeared, or is gone), and no
//   cover-page count or filer closing rate dated in that window changed: standardize-memo.ts
//   keeps unchanged statement records as the same objects, so an unchanged period costs a few
//   lookups.
// The plain reference is deriving every day from scratch: the case test runs both over every
// filing date of real companies (test/day-memos.test.ts), derive-memo.test.ts on constructed
// records, and the versions case test compares the versions.
import type { CompanyStatements, PeriodRecord } from '../model/record-types.js';
import type { MarketData } from '../market/market-data.js';
import { dayNumber } from '../model/dates.js';
import { extractedAux } from './period-inputs/company-periods.js';

/** Days before and after a period's date whose changed statement records or cover counts make it be derived again. */
const WINDOW_BEFORE = 800;
const WINDOW_AFTER = 420;

/** A period's key: its period type and date (the statement records of one period input). */
export function periodKey(r: { period: string; date: string }): string {
  return `${r.period}|${r.date}`;
}

/** What the memo's day derived for one period: its statement records in input order, and its outputs. */
interface MemoPeriod {
  day: number;
  inputs: PeriodRecord[];
  /** The completed statement records, one per input, in the same order. */
  statementOuts: PeriodRecord[];
  /** Its derived record types' records, in output order. */
  familyOuts: PeriodRecord[];
}

export class DeriveMemo {
  private periods = new Map<string, MemoPeriod>();
  /** The dated company inputs of the memo's day (datedInputs). */
  private dated = new Map<string, string>();
  private key: string | null = null;
  /** The company key and dated inputs keptPeriods read of the day being derived (settle keeps them). */
  private next: { key: string; dated: Map<string, string> } | null = null;
  private ecbRates: unknown = null;
  private day: string | null = null;
  /** Periods derived again and kept, over every day (for the bench). */
  derived = 0;
  kept = 0;

  /** The periods of `statements` whose memo records can be kept today (`day`: the day the market data is cut at). */
  keptPeriods(statements: CompanyStatements, series: MarketData | null, day: string, byPeriod: ReadonlyMap<string, PeriodRecord[]>): Set<string> {
    const kept = new Set<string>();
    const key = companyKey(statements, series);
    const dated = datedInputs(statements);
    this.next = { key, dated };
    if (this.key !== key || (series?.ecbRated?.rates ?? null) !== this.ecbRates || this.day === null || day < this.day) return kept;
    const changed: number[] = [];
    const filed = (series?.splits.length ?? 0) > 0;
    for (const [k, list] of byPeriod) {
      const m = this.periods.get(k);
      if (!m || !sameForOthers(m.inputs, list, filed)) changed.push(dayNumber(list[0]!.date));
    }
    for (const [k, m] of this.periods) if (!byPeriod.has(k)) changed.push(m.day);
    for (const [date, v] of dated) if (this.dated.get(date) !== v) changed.push(dayNumber(date));
    for (const [date] of this.dated) if (!dated.has(date)) changed.push(dayNumber(date));
    changed.sort(ascending);
    for (const [k, list] of byPeriod) {
      const date = list[0]!.date;
      const m = this.periods.get(k);
      if (date >= this.day || !m || !sameObjects(m.inputs, list)) continue;
      const d = dayNumber(date);
      // the first changed day on or after the window's start
      let a = 0, b = changed.length;
      while (a < b) { const mid = (a + b) >> 1; if (changed[mid]! < d - WINDOW_BEFORE) a = mid + 1; else b = mid; }
      if (a < changed.length && changed[a]! <= d + WINDOW_AFTER) continue;
      kept.add(k);
    }
    return kept;
  }

  /** The memo's outputs of a kept period. */
  period(k: string): Readonly<MemoPeriod> {
    return this.periods.get(k)!;
  }

  /** Today's derivation (after keptPeriods of its statements) is done: its periods, outputs and
   *  company-wide inputs are the memo's now. */
  settle(series: MarketData | null, day: string, periods: Map<string, MemoPeriod>): void {
    if (this.next === null) throw new Error('derive memo: settle without keptPeriods');
    this.periods = periods;
    this.dated = this.next.dated;
    this.key = this.next.key;
    this.next = null;
    this.ecbRates = series?.ecbRated?.rates ?? null;
    this.day = day;
  }
}

export type { MemoPeriod };

function ascending(a: number, b: number): number {
  return a - b;
}

/**
 * Whether the statement records of a period are the same for the other periods' derivations: the
 * same record types, fiscal years, labels, starts and values, and, when the company has splits,
 * the same filing dates of their values (the share basis of a count or per-share value another
 * period converts: share-basis.ts, basisDate). Another period reads nothing else of them; the
 * period's own records must be the same objects to be kept.
 */
function sameForOthers(a: readonly PeriodRecord[], b: readonly PeriodRecord[], filed: boolean): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!, y = b[i]!;
    if (x === y) continue;
    if (x.recordType !== y.recordType || x.fiscalYear !== y.fiscalYear || x.periodLabel !== y.periodLabel || x.start !== y.start) return false;
    const xv = x.values, yv = y.values;
    const keys = Object.keys(xv);
    if (keys.length !== Object.keys(yv).length) return false;
    for (const key of keys) {
      if (!(key in yv) || !Object.is(xv[key], yv[key])) return false;
      if (filed && x.provenance[key]?.filed !== y.provenance[key]?.filed) return false;
    }
  }
  return true;
}

function sameObjects(a: readonly PeriodRecord[], b: readonly PeriodRecord[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The company's dated inputs by date: the cover-page share counts (read for the balance dates up
 * to 120 days before them) and the filer's closing rates (each converts the close of its date,
 * read by the periods whose price or 52-week window holds that close: up to a year after it).
 */
function datedInputs(statements: CompanyStatements): Map<string, string> {
  const out = new Map<string, string>();
  for (const c of statements.sharesOutstanding) out.set(c.date, `${out.get(c.date) ?? ''}shares ${c.value};`);
  for (const r of statements.filerRates ?? []) out.set(r.date, `${out.get(r.date) ?? ''}rate ${r.rate} ${r.concept} ${r.accn} ${r.filed};`);
  return out;
}

/** What a derivation reads of the whole company besides its periods' records and dated inputs
 *  (the ECB rates, a large map made once per company, are compared as the same object instead). */
function companyKey(statements: CompanyStatements, series: MarketData | null): string {
  return JSON.stringify([
    statements.currency, [...extractedAux(statements.records)].sort(), series?.ticker ?? null, series?.splits ?? null,
    series?.unconverted ? [series.unconverted.reason, series.unconverted.currency ?? null] : null, series?.ecbRated?.pair ?? null,
  ]);
}
