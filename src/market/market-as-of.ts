// Market data as known on a day: closes dated on or before it and splits whose ex-date is on or
// before it (a later split is not applied to share counts and per-share values). Pure.
import type { MarketData } from './market-data.js';

function upTo(m: MarketData, asOf: string): MarketData {
  let n = m.dates.length;
  while (n > 0 && m.dates[n - 1]! > asOf) n--;
  const cut: MarketData = {
    ticker: m.ticker,
    dates: n === m.dates.length ? m.dates : m.dates.slice(0, n),
    closes: n === m.closes.length ? m.closes : m.closes.slice(0, n),
    splits: m.splits.filter((s) => s.date <= asOf),
  };
  // closes left out by the conversion to reporting terms (listing-conversion.ts) keep their reason
  if (m.unconverted) {
    const u = m.unconverted;
    let k = u.dates.length;
    while (k > 0 && u.dates[k - 1]! > asOf) k--;
    cut.unconverted = { reason: u.reason, dates: u.dates.slice(0, k) };
    if (u.perOrdinary) { cut.unconverted.perOrdinary = u.perOrdinary.slice(0, k); cut.unconverted.currency = u.currency!; }
  }
  if (m.filerRated) cut.filerRated = m.filerRated;
  // the ECB rates of the closes kept (looked up by a close's date, so those after asOf are never read)
  if (m.ecbRated) cut.ecbRated = m.ecbRated;
  return cut;
}

export function marketAsOf(market: MarketData | null, asOf: string | null): MarketData | null {
  if (market === null || asOf === null) return market;
  const main = upTo(market, asOf);
  return market.alternatives ? { ...main, alternatives: market.alternatives.map((a) => upTo(a, asOf)) } : main;
}
