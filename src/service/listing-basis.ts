// The share basis of the listing a request names. The records of a multi-class filer are on the
// class its filing reports per-share figures in (Berkshire: class A equivalents); a listing of
// another class (share_classes table, data/share-classes.csv) is served on its own basis:
//   per-share values x reporting-class shares per listing share (BRK-B: / 1,500),
//   share counts x listing shares per reporting-class share (BRK-B: x 1,500),
//   currency amounts unchanged (market cap = BRK-B close x B-equivalent shares = the company's).
// The listing is the ticker the request named, else the company's primary ticker (a CIK, CUSIP
// or ISIN names the company, whose `ticker` says the basis). Rule: docs/metrics.md, Share classes.
import type { RecordType } from '../model/record-types.js';
import type { ResolvedCompany } from '../reference/resolve-identifier.js';
import type { ApiDeps } from './endpoint-types.js';
import { rebaseBodies, type Rebase } from './record-rebase.js';

export interface ListingBasis {
  /** The listing served (its symbol goes into the records' `ticker`). */
  listing: string;
  /** Shares of the listing per reporting-class share (BRK-B: 1500; an equal-rights class: 1). */
  listingPerReporting: number;
}

/** The class basis of the listing a request names; null when the listing is no class of the share class table. */
export async function listingBasisOf(deps: Pick<ApiDeps, 'dataset'>, company: ResolvedCompany): Promise<ListingBasis | null> {
  const listing = company.listing ?? company.ticker;
  if (!listing) return null;
  const row = await deps.dataset.prices.shareClass(listing);
  if (!row || (row.cik !== null && row.cik !== company.cik)) return null;
  return { listing, listingPerReporting: row.listing_per_reporting };
}

/** The rebase of a class listing: per-share values and share counts on its basis, `ticker` naming it. */
export function classRebase(basis: ListingBasis): Rebase {
  return { money: 1, perShare: 1 / basis.listingPerReporting, shares: basis.listingPerReporting, ticker: basis.listing };
}

/** Stored record bodies on the listing's basis (unchanged without one). */
export function onListingBasis(recordType: RecordType, bodies: readonly string[], basis: ListingBasis | null): readonly string[] {
  if (basis === null) return bodies;
  const r = classRebase(basis);
  return rebaseBodies(recordType, bodies, () => r);
}
