// The forex pair rule over ECB euro reference rates: pair identifiers (EURUSD, EUR/USD, EUR-USD),
// the rate of a pair on one date (quote per EUR / base per EUR) and the dates a pair has a rate.
// Invariant: EURxxx is the ECB value itself, unrounded; every other pair is rounded to
// CROSS_SIGNIFICANT_DIGITS significant digits; a date where either leg has no rate has no pair rate.

/** The ECB's reference currency: 1 unit per EUR on every date. */
export const EUR = 'EUR';

/** Significant digits of a cross rate (any pair whose base is not EUR). The ECB publishes 5-6. */
export const CROSS_SIGNIFICANT_DIGITS = 6;

export interface FxPair {
  /** BASEQUOTE, upper case: EURUSD. */
  symbol: string;
  base: string;
  quote: string;
}

export type PairParse = { ok: true; pair: FxPair } | { ok: false; message: string };

const PAIR = /^([A-Za-z]{3})[/-]?([A-Za-z]{3})$/;

/**
 * The pair an identifier names: six letters BASEQUOTE, or BASE/QUOTE, BASE-QUOTE, any case.
 * `currencies` are the ECB currencies (EUR is always known). Same base and quote, an unknown
 * currency or another spelling: a message saying which.
 */
export function parsePair(identifier: string, currencies: ReadonlySet<string>): PairParse {
  const m = PAIR.exec(identifier.trim());
  if (!m) return { ok: false, message: `'${identifier.slice(0, 20)}' is not a forex pair: use BASEQUOTE as in EURUSD (EUR/USD and EUR-USD are accepted too).` };
  const base = (m[1] as string).toUpperCase();
  const quote = (m[2] as string).toUpperCase();
  const unknown = [base, quote].filter((c) => c !== EUR && !currencies.has(c));
  if (unknown.length > 0) {
    const names = [...new Set(unknown)].join(' and ');
    return { ok: false, message: `No forex pair ${base}${quote}: ${names} ${unknown.length > 1 && unknown[0] !== unknown[1] ? 'are not currencies' : 'is not a currency'} of the ECB reference rates. GET /v3.0.0/forex-pairs lists the pairs.` };
  }
  if (base === quote) return { ok: false, message: `No forex pair ${base}${quote}: base and quote are the same currency.` };
  return { ok: true, pair: { symbol: `${base}${quote}`, base, quote } };
}

/** x rounded to `digits` significant digits (as Number.prototype.toPrecision rounds the double). */
export function roundSignificant(x: number, digits: number = CROSS_SIGNIFICANT_DIGITS): number {
  return Number(x.toPrecision(digits));
}

/**
 * The pair's rate on one date from the two legs' units per EUR of that date (the base leg is
 * ignored when base is EUR; the quote leg when quote is EUR). null when a leg it needs is null.
 */
export function pairRate(pair: Pick<FxPair, 'base' | 'quote'>, basePerEur: number | null, quotePerEur: number | null): number | null {
  const b = pair.base === EUR ? 1 : basePerEur;
  const q = pair.quote === EUR ? 1 : quotePerEur;
  if (b === null || q === null || !(b > 0) || !(q > 0)) return null;
  if (pair.base === EUR) return q;
  return roundSignificant(q / b);
}

/** A run of consecutive ECB dates (inclusive, YYYY-MM-DD). */
export interface DateSpan {
  first: string;
  last: string;
}

/**
 * The runs of consecutive dates on which a currency has a rate: `dates` are every ECB date in
 * ascending order and has(i) says whether the currency has a rate on dates[i].
 */
export function rateRuns(dates: readonly string[], has: (i: number) => boolean): DateSpan[] {
  const runs: DateSpan[] = [];
  let start = -1;
  for (let i = 0; i <= dates.length; i++) {
    const on = i < dates.length && has(i);
    if (on && start < 0) start = i;
    if (!on && start >= 0) {
      runs.push({ first: dates[start] as string, last: dates[i - 1] as string });
      start = -1;
    }
  }
  return runs;
}

/**
 * First and last date on which both legs have a rate, from each leg's runs over the same ECB dates
 * (exact: where two runs overlap both legs have a rate on every ECB date); null when never.
 */
export function pairSpan(a: readonly DateSpan[], b: readonly DateSpan[]): DateSpan | null {
  let first: string | null = null;
  let last: string | null = null;
  for (const x of a) {
    for (const y of b) {
      const lo = x.first > y.first ? x.first : y.first;
      const hi = x.last < y.last ? x.last : y.last;
      if (lo > hi) continue;
      if (first === null || lo < first) first = lo;
      if (last === null || hi > last) last = hi;
    }
  }
  return first !== null && last !== null ? { first, last } : null;
}

export interface FxPairSpan extends FxPair {
  first_date: string;
  last_date: string;
}

/**
 * Every pair of two different currencies among the ECB currencies and EUR that has at least one
 * date with a rate, ordered by symbol. `runs`: each ECB currency's runs; EUR has a rate on every
 * ECB date, i.e. from the earliest to the latest date of any run.
 */
export function listPairs(runs: ReadonlyMap<string, readonly DateSpan[]>): FxPairSpan[] {
  const all = new Map(runs);
  let first: string | null = null;
  let last: string | null = null;
  for (const list of runs.values()) {
    for (const r of list) {
      if (first === null || r.first < first) first = r.first;
      if (last === null || r.last > last) last = r.last;
    }
  }
  if (first !== null && last !== null && !all.has(EUR)) all.set(EUR, [{ first, last }]);
  const codes = [...all.keys()].sort();
  const out: FxPairSpan[] = [];
  for (const base of codes) {
    for (const quote of codes) {
      if (base === quote) continue;
      const span = pairSpan(all.get(base) ?? [], all.get(quote) ?? []);
      if (span) out.push({ symbol: `${base}${quote}`, base, quote, first_date: span.first, last_date: span.last });
    }
  }
  return out;
}
