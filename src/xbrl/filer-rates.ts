// The filer's own tagged closing exchange rates (ifrs-full:ClosingForeignExchangeRate), read as
// reporting currency per USD, for converting a US listing's close where the ECB data has no pair
// (docs/metrics.md, Market values of foreign issuers). Pure.
import type { FactColumns } from '../sources/fact-columns.js';
import type { FilerRate } from '../model/record-types.js';

export const CLOSING_RATE_CONCEPT = 'ifrs-full:ClosingForeignExchangeRate';
/**
 * Sanity bound of a rate read as reporting currency per USD: every currency the filers report in
 * trades above 1 per USD except a few (EUR, GBP, CHF ... all within the ECB data, which wins);
 * a value at or below 1 or above 100,000 is taken as not this orientation and not used.
 */
export const FILER_RATE_MIN = 1;
export const FILER_RATE_MAX = 100_000;

/**
 * The rates dated at one of `balanceDates` (the company's balance-sheet record dates), the latest
 * filed per date. Units: `pure` and `<currency>/USD` read as currency per USD, `USD/<currency>`
 * inverted; any other unit is not used.
 */
export function filerClosingRates(columns: (unit: string) => FactColumns | null, currency: string, balanceDates: ReadonlySet<string>): FilerRate[] {
  const byDate = new Map<string, FilerRate>();
  const units: Array<[string, boolean]> = [['pure', false], [`${currency}/USD`, false], [`${currency}-per-USD`, false], [`USD/${currency}`, true]];
  for (const [unit, invert] of units) {
    const c = columns(unit);
    if (!c) continue;
    for (let i = 0; i < c.length; i++) {
      const date = c.end[i]!;
      if (c.start[i] !== null || !balanceDates.has(date)) continue;
      const v = c.val[i]!;
      const rate = invert ? 1 / v : v;
      if (!(rate > FILER_RATE_MIN && rate < FILER_RATE_MAX)) continue;
      const kept = byDate.get(date);
      if (!kept || c.filed[i]! > kept.filed) byDate.set(date, { date, rate, concept: CLOSING_RATE_CONCEPT, accn: c.accn[i]!, filed: c.filed[i]! });
    }
  }
  return [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
}
