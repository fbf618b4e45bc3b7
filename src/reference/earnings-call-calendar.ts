// A company's fiscal quarters as tenk labels them (fiscal year, quarter 1-4, period end), for
// placing earnings calls: the quarters the records table holds, or for a December year-end filer
// without records, calendar quarters. Invariant: a quarter not held is only ever extrapolated from
// the same quarter of a held year (whole years apart, at most MAX_EXTRAPOLATION years), never invented.
import { dayNumber, isoDate } from '../model/dates.js';

export interface FiscalQuarter {
  fiscalYear: number;
  /** 1-4. */
  quarter: number;
  /** Period end, YYYY-MM-DD. */
  end: string;
}

/** How many years a held quarter end may be shifted to place a quarter the calendar lacks. */
export const MAX_EXTRAPOLATION = 3;

export class FiscalQuarterCalendar {
  private readonly byKey = new Map<string, FiscalQuarter>();

  constructor(quarters: readonly FiscalQuarter[]) {
    for (const q of quarters) if (q.quarter >= 1 && q.quarter <= 4) this.byKey.set(`${q.fiscalYear}Q${q.quarter}`, q);
  }

  /** Calendar quarters (fiscal year = calendar year), for a filer whose fiscal year ends in December. */
  static calendarYears(fromYear: number, toYear: number): FiscalQuarterCalendar {
    const out: FiscalQuarter[] = [];
    for (let y = fromYear; y <= toYear; y += 1) {
      for (const [q, md] of [[1, '03-31'], [2, '06-30'], [3, '09-30'], [4, '12-31']] as const) out.push({ fiscalYear: y, quarter: q, end: `${y}-${md}` });
    }
    return new FiscalQuarterCalendar(out);
  }

  get size(): number {
    return this.byKey.size;
  }

  /** The quarter's end: as held, or shifted by whole years from the nearest held year of that quarter. */
  endOf(fiscalYear: number, quarter: number): string | null {
    const held = this.byKey.get(`${fiscalYear}Q${quarter}`);
    if (held) return held.end;
    for (let d = 1; d <= MAX_EXTRAPOLATION; d += 1) {
      for (const y of [fiscalYear - d, fiscalYear + d]) {
        const q = this.byKey.get(`${y}Q${quarter}`);
        if (q) return shiftYears(q.end, fiscalYear - y);
      }
    }
    return null;
  }

  /** The quarter (held or extrapolated) ending within `toleranceDays` of `date`, nearest first; null when none. */
  quarterEndingNear(date: string, toleranceDays: number): { fiscalYear: number; quarter: number } | null {
    const day = dayNumber(date);
    const year = Number(date.slice(0, 4));
    let best: { fiscalYear: number; quarter: number; gap: number } | null = null;
    for (let fy = year - 1; fy <= year + 1; fy += 1) {
      for (let q = 1; q <= 4; q += 1) {
        const end = this.endOf(fy, q);
        if (end === null) continue;
        const gap = Math.abs(dayNumber(end) - day);
        if (gap <= toleranceDays && (best === null || gap < best.gap)) best = { fiscalYear: fy, quarter: q, gap };
      }
    }
    return best && { fiscalYear: best.fiscalYear, quarter: best.quarter };
  }
}

/** The same month and day `years` later (Feb 29 -> Feb 28 in a common year). */
function shiftYears(iso: string, years: number): string {
  const y = Number(iso.slice(0, 4)) + years;
  const m = Number(iso.slice(5, 7));
  const dim = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const d = Math.min(Number(iso.slice(8, 10)), dim);
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** `iso` plus `days` days. */
export function addDays(iso: string, days: number): string {
  return isoDate(dayNumber(iso) + days);
}
