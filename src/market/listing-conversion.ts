// The price of a listing in the company's own terms: a US listing trades in its currency per
// depositary share (ADR/ADS), while the company's per-share and market values are in its reporting
// currency per ordinary share. Rule (docs/metrics.md, Market values of foreign issuers):
//   close per ordinary share, reporting currency = close / ordinary_per_depositary x rate(listing -> reporting, close date)
// - ordinary_per_depositary from reference/adr_ratios.csv: a symbol without a row is 1 (an ordinary or
//   New York registry share); the rows of a symbol must all give one ratio and none may say the sources
//   disagree, else the symbol has no ratio and its converted closes are none (never a guessed ratio).
//   The file's as-of dates are not dated ratio changes: one ratio serves the whole series, whose
//   closes the price sources back-adjust across a ratio change like a split.
// - the rate is the forex endpoints' pair rule over the ECB reference rates of the close's own date
//   (fx-pairs.ts pairRate: the ECB value for EURxxx, a cross rounded to 6 significant digits);
//   a date without a rate has no converted close, and the record dates it would have priced say why.
// - a close left out for want of a rate keeps its value per ordinary share (unconverted.perOrdinary):
//   the filer's own tagged closing rate may convert it later (filer-rate-closes.ts).
// - same currency and ratio 1 (every US company): the market data is returned unchanged.
// Pure.
import type { AdrRatioRow } from '../sources/adr-ratios-csv.js';
import { pairRate, EUR } from './fx-pairs.js';
import { mapSeries, type MarketData } from './market-data.js';

export type AdrRatio = { ratio: number; source: string } | { ratio: null; reason: string };

/** Which row of adr_ratios.csv wins, per symbol (see the rule above). */
export function adrRatioIndex(rows: readonly AdrRatioRow[]): Map<string, AdrRatio> {
  const bySymbol = new Map<string, AdrRatioRow[]>();
  for (const r of rows) {
    const list = bySymbol.get(r.symbol);
    if (list) list.push(r); else bySymbol.set(r.symbol, [r]);
  }
  const out = new Map<string, AdrRatio>();
  for (const [symbol, list] of bySymbol) {
    const ratios = [...new Set(list.map((r) => r.ordinaryPerDepositary))];
    const disputed = list.some((r) => r.sourcesAgree === 'no');
    if (disputed || ratios.length !== 1 || ratios[0] === null) {
      const seen = ratios.map((x) => (x === null ? 'unreadable' : String(x))).join(', ');
      out.set(symbol, { ratio: null, reason: `no agreed ADR ratio for ${symbol} (sources give ${seen}${disputed ? ', marked as disagreeing' : ''})` });
    } else {
      out.set(symbol, { ratio: ratios[0]!, source: list[0]!.source ?? 'reference/adr_ratios.csv' });
    }
  }
  return out;
}

/** Units of a currency per EUR on a date (ECB reference rates); null when none. */
export type PerEur = (currency: string, date: string) => number | null;

/**
 * One symbol's series in the company's reporting currency per ordinary share. `listingCurrency` is
 * the currency the closes are quoted in; `ratio` the symbol's entry of adrRatioIndex (undefined:
 * no row, 1). Dates without a converted close are left out and listed in `unconverted`.
 */
export function seriesInReportingTerms(
  m: MarketData, reporting: string, listingCurrency: string, ratio: AdrRatio | undefined, perEur: PerEur,
): MarketData {
  const perOrdinary = ratio === undefined ? 1 : ratio.ratio;
  if (listingCurrency === reporting && perOrdinary === 1) return m;
  const base = { ticker: m.ticker, splits: m.splits };
  if (perOrdinary === null) {
    return { ...base, dates: [], closes: [], unconverted: { reason: `${(ratio as { reason: string }).reason}: no price per ordinary share on`, dates: m.dates.slice() } };
  }
  const dates: string[] = [];
  const closes: number[] = [];
  const missing: string[] = [];
  const missingPerOrdinary: number[] = [];
  const pair = { base: listingCurrency, quote: reporting };
  const used = new Map<string, number>();
  for (let i = 0; i < m.dates.length; i++) {
    const d = m.dates[i]!;
    const rate = listingCurrency === reporting ? 1
      : pairRate(pair, listingCurrency === EUR ? null : perEur(listingCurrency, d), reporting === EUR ? null : perEur(reporting, d));
    if (rate === null) { missing.push(d); missingPerOrdinary.push(m.closes[i]! / perOrdinary); continue; }
    dates.push(d);
    closes.push((m.closes[i]! / perOrdinary) * rate);
    if (listingCurrency !== reporting) used.set(d, rate);
  }
  const rated = used.size > 0 ? { ...base, ecbRated: { pair: `${listingCurrency}${reporting}`, rates: used } } : base;
  return missing.length === 0
    ? { ...rated, dates, closes }
    : { ...rated, dates, closes, unconverted: { reason: `no ${listingCurrency}->${reporting} rate for`, dates: missing, perOrdinary: missingPerOrdinary, currency: listingCurrency } };
}

/** The company's market data (primary series and alternatives) in its reporting terms. */
export function marketInReportingTerms(
  m: MarketData | null, reporting: string, listingCurrency: string, ratios: ReadonlyMap<string, AdrRatio>, perEur: PerEur,
): MarketData | null {
  return m === null ? null : mapSeries(m, (s) => seriesInReportingTerms(s, reporting, listingCurrency, ratios.get(s.ticker), perEur));
}
