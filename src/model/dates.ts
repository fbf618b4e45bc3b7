// ISO date helpers for XBRL periods: day numbers (days since 1970-01-01, UTC) and back.
// Invariant: pure string/number conversions, no local time zone ever involved.

const cache = new Map<string, number>();

/** Day number of a YYYY-MM-DD date. */
export function dayNumber(iso: string): number {
  let d = cache.get(iso);
  if (d === undefined) {
    d = Math.round(Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)) / 86_400_000);
    if (cache.size > 50_000) cache.clear();
    cache.set(iso, d);
  }
  return d;
}

/** YYYY-MM-DD of a day number. */
const isoCache = new Map<number, string>();
export function isoDate(day: number): string {
  let s = isoCache.get(day);
  if (s === undefined) {
    s = new Date(day * 86_400_000).toISOString().slice(0, 10);
    if (isoCache.size > 50_000) isoCache.clear();
    isoCache.set(day, s);
  }
  return s;
}

/**
 * Period lengths (end − start, in days) that count as a quarter, half year, nine months and year.
 * 13-week quarters are 90 days, 14-week quarters 97. The bands also admit the 12- and 16-week
 * quarters of companies that split a 52-week year 16/12/12/12 (Kroger: Q1 = 111 days, 28 and
 * 40 weeks year-to-date = 195 and 279 days) or 12/12/12/16 (Costco: 24 and 36 weeks = 167 and
 * 251 days, Q4 the 16-week remainder FY − 36 weeks).
 */
export const QUARTER_DAYS = { min: 80, max: 115 } as const;
export const HALF_DAYS = { min: 160, max: 200 } as const;
export const NINE_MONTH_DAYS = { min: 245, max: 285 } as const;
export const YEAR_DAYS = { min: 350, max: 380 } as const;

export function within(days: number, band: { min: number; max: number }): boolean {
  return days >= band.min && days <= band.max;
}
