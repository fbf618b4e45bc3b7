// A company's periods by date and the indexes the inputs of each period look up: window flows (year
// or TTM), the balance near a date, the year-earlier period, neighbouring share counts.
import type { PeriodRecord, PeriodType, StatementType } from '../../model/record-types.js';
import { AUX } from '../aux-inputs.js';
import type { N } from '../arith.js';
import { daysBetween } from '../../market/market-data.js';
import { convertPerShare, type Split } from '../../market/split-history.js';
import { dayNumber } from '../../model/dates.js';
import type { ValueStore, Representation } from './value-stores.js';
import { reported, basisDate, sharesOnBasis } from './share-basis.js';

export interface Period {
  period: PeriodType;
  date: string;
  /** Day number of `date`. */
  day: number;
  recs: Partial<Record<StatementType, PeriodRecord>>;
  /** The three statements' values (balance, income, cash flow: a later one wins a shared name) and the n_* inputs. */
  merged: ValueStore;
}

/** A per-share amount summed over the window's periods, on the share basis of `date`; null when one is missing. */
export function perShareSum(parts: readonly Period[] | null, field: string, splits: readonly Split[], date: string): N {
  if (!parts) return null;
  let sum = 0;
  for (const q of parts) {
    const rec = q.recs.income_statement;
    const x = reported(rec, field);
    if (x === null) return null;
    sum += convertPerShare(x, splits, basisDate(rec, field)!, date);
  }
  return sum;
}

/** The aux inputs the build extracted for a company: a key present in some record. */
export function extractedAux(records: readonly PeriodRecord[]): Set<string> {
  const extracted = new Set<string>();
  for (const name of Object.values(AUX)) {
    for (const r of records) {
      if (name in r.values) { extracted.add(name); break; }
    }
  }
  return extracted;
}

export function earlierFirst(a: { date: string }, b: { date: string }): number {
  return a.date < b.date ? -1 : 1;
}

export function hasPositiveValue(c: { value: number }): boolean {
  return c.value > 0;
}

export function isPresent(x: N): boolean {
  return x !== null;
}

function byDay(list: readonly Period[]): Map<number, Period> {
  const index = new Map<number, Period>();
  for (const p of list) index.set(p.day, p);
  return index;
}

interface WindowFlows { flows: ValueStore; parts: Period[] | null }

function mergedOf(p: Period): ValueStore {
  return p.merged;
}

/**
 * A company's periods (by date) and the indexes the inputs of each period look up. Methods, not
 * closures made per company: V8 drops a per-call closure's optimized code at every major GC.
 */
export class CompanyPeriods {
  readonly quarters: Period[] = [];
  readonly annuals: Period[] = [];
  /** Balances at a date are the same whatever the period type: one index for both lists. */
  readonly balanceByDay = new Map<number, Period>();
  readonly annualByDay: Map<number, Period>;
  readonly quarterByDay: Map<number, Period>;
  readonly annualByFiscalYear = new Map<number, Period>();
  private readonly quarterIndex = new Map<Period, number>();
  /** Dates of the balance sheets, ascending. */
  private readonly balanceShareDates: string[] = [];
  private readonly flowCache = new Map<Period, WindowFlows>();

  constructor(readonly periods: readonly Period[], private readonly shareSplits: readonly Split[], private readonly rep: Representation) {
    for (const p of periods) {
      if (p.period === 'quarterly') this.quarters.push(p);
      else if (p.period === 'annual') this.annuals.push(p);
      if (p.recs.balance_sheet && !this.balanceByDay.has(p.day)) this.balanceByDay.set(p.day, p);
    }
    this.annualByDay = byDay(this.annuals);
    this.quarterByDay = byDay(this.quarters);
    for (let i = 0; i < this.quarters.length; i++) this.quarterIndex.set(this.quarters[i]!, i);
    for (const b of this.balanceByDay.values()) this.balanceShareDates.push(b.date);
    this.balanceShareDates.sort();
    for (const a of this.annuals) {
      const fy = (a.recs.income_statement ?? a.recs.cash_flow ?? a.recs.balance_sheet)!.fiscalYear;
      this.annualByFiscalYear.set(fy, a);
    }
  }

  /** The period with a balance sheet nearest day `d` (within 15 days; earlier first on a tie). */
  balanceNear(d: number): Period | undefined {
    for (let k = 0; k <= 15; k++) {
      const hit = this.balanceByDay.get(d - k) ?? this.balanceByDay.get(d + k);
      if (hit) return hit;
    }
    return undefined;
  }

  /** The period of `index` about a year before day `d` (350-380 days, 365 first). */
  yearEarlier(index: Map<number, Period>, d: number): Period | undefined {
    for (let k = 365; k >= 350; k--) { const hit = index.get(d - k); if (hit) return hit; }
    for (let k = 366; k <= 380; k++) { const hit = index.get(d - k); if (hit) return hit; }
    return undefined;
  }

  /** Balance-sheet share counts of the two balance dates before and after `date` (within 200 days), on its basis, appended to `out`. */
  pushNeighbourShares(date: string, out: N[]): void {
    const dates = this.balanceShareDates;
    const i = dates.indexOf(date);
    for (let j = Math.max(0, i - 2); j < Math.max(0, i); j++) this.pushBalanceShares(dates[j]!, date, out);
    for (let j = i + 1; j < i + 3 && j < dates.length; j++) this.pushBalanceShares(dates[j]!, date, out);
  }

  private pushBalanceShares(balanceDate: string, date: string, out: N[]): void {
    if (Math.abs(daysBetween(balanceDate, date)) > 200) return;
    out.push(sharesOnBasis(this.balanceByDay.get(dayNumber(balanceDate))!.recs.balance_sheet!, 'bs_sh_out', this.shareSplits, date));
  }

  /** The four quarters ending at `q` (null when one is missing). */
  ttmQuarters(q: Period): Period[] | null {
    const idx = this.quarterIndex.get(q) ?? -1;
    if (idx < 3) return null;
    const four = this.quarters.slice(idx - 3, idx + 1);
    const span = q.day - four[0]!.day;
    if (span < 250 || span > 300) return null;
    for (let k = 1; k < 4; k++) if (four[k]!.day - four[k - 1]!.day < 70) return null;
    return four;
  }

  windowFlows(p: Period): WindowFlows {
    let hit = this.flowCache.get(p);
    if (!hit) {
      const parts = p.period === 'annual' ? [p] : this.ttmQuarters(p);
      hit = { flows: this.rep.flows(parts === null ? null : parts.map(mergedOf), p.period === 'annual'), parts };
      this.flowCache.set(p, hit);
    }
    return hit;
  }
}
