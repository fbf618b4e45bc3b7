// Share classes of multi-class filers as listing ratios: a class listing is converted to the class
// the filer reports per-share figures in exactly as a depositary share is converted to ordinary
// shares (listing-conversion.ts), with
//   ordinary_per_depositary = reporting-class shares per listing share = 1 / listing_per_reporting
// (BRK-B: 1/1,500 of a BRK-A share; GOOG = GOOGL, BF-A = BF-B, FOX = FOXA, NWS = NWSA: 1).
// The records stay on the reporting class; a request naming a class listing is served on that
// listing's basis (service/listing-basis.ts). Rule in docs/metrics.md, Share classes. Pure.
import type { ShareClassRow } from '../sources/share-classes-csv.js';
import type { AdrRatio } from './listing-conversion.js';

/** One class listing's entry: its ratio in the listing-conversion sense, and which class it is. */
export interface ShareClassEntry {
  symbol: string;
  cik: string | null;
  shareClass: string | null;
  reportingClass: string;
  /** Shares of this listing per reporting-class share (BRK-B: 1500). */
  listingPerReporting: number;
  source: string;
}

/** The usable rows of data/share-classes.csv by symbol (a row without a positive ratio or a reporting class is not used). */
export function shareClassIndex(rows: readonly ShareClassRow[]): Map<string, ShareClassEntry> {
  const out = new Map<string, ShareClassEntry>();
  for (const r of rows) {
    if (r.listingPerReporting === null || r.reportingClass === null) continue;
    out.set(r.symbol, {
      symbol: r.symbol, cik: r.cik, shareClass: r.shareClass, reportingClass: r.reportingClass,
      listingPerReporting: r.listingPerReporting, source: `data/share-classes.csv: ${r.source ?? 'share class table'}`,
    });
  }
  return out;
}

/**
 * The ADR ratios with the class listings added: a class listing's ratio is 1 / listing_per_reporting.
 * A symbol in both with another ratio has none (the same rule as disagreeing ADR sources).
 */
export function withShareClassRatios(adr: ReadonlyMap<string, AdrRatio>, classes: ReadonlyMap<string, ShareClassEntry>): Map<string, AdrRatio> {
  const out = new Map(adr);
  for (const [symbol, c] of classes) {
    const ratio = 1 / c.listingPerReporting;
    const prior = adr.get(symbol);
    if (prior === undefined) out.set(symbol, { ratio, source: c.source });
    else if (prior.ratio !== null && Math.abs(prior.ratio - ratio) > 1e-9 * ratio) {
      out.set(symbol, { ratio: null, reason: `no agreed listing ratio for ${symbol} (adr_ratios.csv gives ${prior.ratio}, the share class table ${ratio})` });
    }
  }
  return out;
}
