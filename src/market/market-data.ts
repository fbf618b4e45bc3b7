// Market data of one company as metrics/ consumes it: as-traded closes and the split history of
// its ticker, and the price window of a record date on that date's share basis (pure).
import { convertPerShare, type Split } from './split-history.js';
import { dayNumber, isoDate } from '../model/dates.js';

export interface MarketData {
  ticker: string;
  /** Trading dates, ascending (YYYY-MM-DD). */
  dates: readonly string[];
  /** As-traded closes, aligned with dates. */
  closes: readonly number[];
  /** Split history of the ticker (ex-date, from, to), ascending. */
  splits: readonly Split[];
  /** Price series of the company's other symbols (share classes, former tickers), if any. */
  alternatives?: readonly MarketData[];
  /**
   * Trading dates of the listing left out of `dates` because their close could not be put in the
   * company's reporting terms (listing-conversion.ts), with why: a record date they would have
   * priced says `${reason} ${date}`.
   */
  unconverted?: {
    reason: string; dates: readonly string[];
    /**
     * When only the rate was missing: the listing's closes per ordinary share in `currency` (the
     * listing's), aligned with dates, for the filer's own rates (filer-rate-closes.ts).
     */
    perOrdinary?: readonly number[]; currency?: string;
  };
  /**
   * Closes converted to the reporting currency with an ECB rate (listing-conversion.ts): the pair
   * (USDEUR) and, by close date, the rate used (provenance of the price fields).
   */
  ecbRated?: { pair: string; rates: ReadonlyMap<string, number> };
  /** Closes converted with the filer's own tagged rate: close date -> the rate's fact (provenance). */
  filerRated?: ReadonlyMap<string, { rate: number; date: string; concept: string; accn: string; filed: string }>;
}

/**
 * A company's market data from its symbols' series, in the order the symbols are tried: the first
 * that has prices or splits, with the later ones that have prices as `alternatives` (metrics/
 * picks the share class matching the reported share counts); null when none has either.
 */
export function companyMarketData(series: Iterable<MarketData>): MarketData | null {
  const found: MarketData[] = [];
  for (const m of series) {
    if (m.dates.length === 0 && (m.splits.length === 0 || found.length > 0)) continue;
    found.push(m);
  }
  if (found.length === 0) return null;
  return found.length === 1 ? found[0]! : { ...found[0]!, alternatives: found.slice(1) };
}

/** Prices of one record date, every one on the share basis in effect at that date. */
export interface PriceWindow {
  /** Trading date of pr_last. high, low and mean are NaN when unknown (see priceWindowAt). */
  lastDate: string;
  last: number;
  high: number;
  low: number;
  mean: number;
}

/** A record date is covered only if a close exists within this many calendar days before it. */
export const MAX_PRICE_STALENESS_DAYS = 7;
/** The 52-week window: closes dated within 364 days up to the record date. */
export const WINDOW_DAYS = 364;

export function addDays(date: string, days: number): string {
  return isoDate(dayNumber(date) + days);
}

export function daysBetween(a: string, b: string): number {
  return dayNumber(b) - dayNumber(a);
}

/** `f` applied to the primary series and to each alternative; `m` itself when `f` changed none. */
export function mapSeries(m: MarketData, f: (series: MarketData) => MarketData): MarketData {
  const primary = f(m);
  const alternatives = m.alternatives?.map(f);
  if (primary === m && (alternatives === undefined || alternatives.every((a, i) => a === m.alternatives![i]))) return m;
  const { alternatives: _drop, ...own } = primary;
  return alternatives?.length ? { ...own, alternatives } : own;
}

/** Index of the last of the ascending `dates` <= date, or -1. */
export function lastIndexOnOrBefore(dates: readonly string[], date: string): number {
  let lo = 0;
  let hi = dates.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (dates[mid]! <= date) lo = mid + 1; else hi = mid;
  }
  return lo - 1;
}

/**
 * Why a record date has no price window, when a close of the listing within the staleness window
 * was left out by the conversion to reporting terms: `${reason} ${date}` of the latest such close; else null.
 */
export function unconvertedReasonAt(market: MarketData, date: string): string | null {
  const u = market.unconverted;
  if (!u) return null;
  const i = lastIndexOnOrBefore(u.dates, date);
  if (i < 0) return null;
  const d = u.dates[i]!;
  return daysBetween(d, date) > MAX_PRICE_STALENESS_DAYS ? null : `${u.reason} ${d}`;
}

/**
 * pr_last, 52-week high/low/mean of closes for a record date, or null when no close lies within
 * MAX_PRICE_STALENESS_DAYS before it. Closes before a split inside the window are converted to
 * the record date's share basis (`shareSplits`), so they compare with the shares of that date.
 */
export function priceWindowAt(market: MarketData, date: string, shareSplits: readonly Split[]): PriceWindow | null {
  const i = lastIndexOnOrBefore(market.dates, date);
  if (i < 0) return null;
  const lastDate = market.dates[i]!;
  if (daysBetween(lastDate, date) > MAX_PRICE_STALENESS_DAYS) return null;
  // a close converted at the filer's own rate prices only the record date that rate is dated at
  const filer = market.filerRated?.get(lastDate);
  if (filer && filer.date !== date) return null;
  const from = addDays(date, -WINDOW_DAYS);
  let high = -Infinity;
  let low = Infinity;
  let sum = 0;
  let n = 0;
  const noSplits = shareSplits.length === 0; // then every close is on the record date's basis already
  for (let j = i; j >= 0 && market.dates[j]! > from; j--) {
    const c = noSplits ? market.closes[j]! : convertPerShare(market.closes[j]!, shareSplits, market.dates[j]!, date);
    if (c > high) high = c;
    if (c < low) low = c;
    sum += c;
    n++;
  }
  const last = convertPerShare(market.closes[i]!, shareSplits, lastDate, date);
  // a close converted at the filer's own rate is the only one of its window so converted: the
  // 52-week high, low and mean are unknown (NaN: the fields computed from them are null)
  if (market.filerRated?.has(lastDate)) return { lastDate, last, high: NaN, low: NaN, mean: NaN };
  return { lastDate, last, high, low, mean: sum / n };
}
