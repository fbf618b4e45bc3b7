// Trading-hours regimes of one venue: each schedule runs from its valid_from to the day before the
// next one's (valid_to, inclusive; null = still in force), and the regime in force on a local date.
// Invariant: regimes are ordered oldest first and never overlap; a date maps to at most one.
import type { TradingHoursCsvRow } from '../sources/exchange-calendar-csv.js';
import { dayNumber, isoDate } from '../model/dates.js';

export interface TradingRegime extends TradingHoursCsvRow {
  /** Last day (inclusive) this regime applies; null while it is in force. */
  validTo: string | null;
}

/** Oldest first (an open start first); valid_to is the day before the next regime starts. */
export function tradingRegimes(rows: readonly TradingHoursCsvRow[]): TradingRegime[] {
  const sorted = [...rows].sort((a, b) => (a.validFrom ?? '') < (b.validFrom ?? '') ? -1 : (a.validFrom ?? '') > (b.validFrom ?? '') ? 1 : 0);
  return sorted.map((r, i) => {
    const next = sorted[i + 1]?.validFrom;
    return { ...r, validTo: next ? isoDate(dayNumber(next) - 1) : null };
  });
}

/** The regime in force on `date` (YYYY-MM-DD), or null when it is before every regime's start. */
export function regimeOn(regimes: readonly TradingRegime[], date: string): TradingRegime | null {
  let hit: TradingRegime | null = null;
  for (const r of regimes) if (r.validFrom === null || r.validFrom <= date) hit = r;
  return hit;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (YYYY-MM-DD) at `epochMs` in an IANA time zone. Throws RangeError for an unknown zone. */
export function localDate(timezone: string, epochMs: number): string {
  let f = formatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timezone, f);
  }
  const parts = f.formatToParts(new Date(epochMs));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}
