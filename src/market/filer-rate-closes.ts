// The filer's own tagged closing rates (CompanyStatements.filerRates, reporting currency per USD,
// dated at its balance-sheet record dates) applied to the closes the ECB data could not convert
// (docs/metrics.md, Market values of foreign issuers). A rate converts exactly one close: the
// listing's last trading day on or before the rate's date, within MAX_PRICE_STALENESS_DAYS, when
// that close was left out for want of a rate. Every other close stays out with its reason. Pure.
import type { FilerRate } from '../model/record-types.js';
import { daysBetween, lastIndexOnOrBefore, mapSeries, MAX_PRICE_STALENESS_DAYS, type MarketData } from './market-data.js';

function seriesWithFilerRates(m: MarketData, rates: readonly FilerRate[]): MarketData {
  const u = m.unconverted;
  if (!u || !u.perOrdinary || u.currency !== 'USD' || rates.length === 0) return m;
  const moved = new Map<number, FilerRate>(); // index in u.dates -> rate
  for (const r of rates) {
    const k = lastIndexOnOrBefore(u.dates, r.date);
    if (k < 0) continue;
    const d = u.dates[k]!;
    const j = lastIndexOnOrBefore(m.dates, r.date);
    if (j >= 0 && m.dates[j]! > d) continue; // a later close (converted) is the record date's close
    if (daysBetween(d, r.date) > MAX_PRICE_STALENESS_DAYS) continue;
    moved.set(k, r);
  }
  if (moved.size === 0) return m;
  const pairs: Array<[string, number]> = m.dates.map((d, i) => [d, m.closes[i]!]);
  const filerRated = new Map(m.filerRated ?? []);
  for (const [k, r] of moved) {
    pairs.push([u.dates[k]!, u.perOrdinary[k]! * r.rate]);
    filerRated.set(u.dates[k]!, { rate: r.rate, date: r.date, concept: r.concept, accn: r.accn, filed: r.filed });
  }
  pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const keep = u.dates.map((_, k) => k).filter((k) => !moved.has(k));
  const out: MarketData = { ...m, dates: pairs.map((p) => p[0]), closes: pairs.map((p) => p[1]), filerRated };
  out.unconverted = { reason: u.reason, dates: keep.map((k) => u.dates[k]!), perOrdinary: keep.map((k) => u.perOrdinary![k]!), currency: u.currency };
  return out;
}

/** The market data (primary series and alternatives) with the filer's rates applied. */
export function marketWithFilerRates(m: MarketData | null, rates: readonly FilerRate[] | undefined): MarketData | null {
  return m === null || !rates || rates.length === 0 ? m : mapSeries(m, (s) => seriesWithFilerRates(s, rates));
}
