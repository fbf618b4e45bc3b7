// Split arithmetic shared by price un-adjustment and share-basis conversion. A split on ex-date
// s multiplies share counts by to/from and divides per-share amounts by it, from s on (a bar
// dated s already trades on the post-split basis).

export interface Split {
  date: string;
  from: number;
  to: number;
}

export function splitFactor(s: Split): number {
  return s.to / s.from;
}

/** Product of the factors of splits with after < date <= upTo (1 when none). */
export function splitFactorBetween(splits: readonly Split[], after: string, upTo: string): number {
  let f = 1;
  for (const s of splits) if (s.date > after && s.date <= upTo) f *= splitFactor(s);
  return f;
}

/**
 * Convert a share count stated on the share basis in effect at `fromBasis` (e.g. the filing date
 * of a restated comparative) to the basis in effect at `toBasis` (e.g. the record date).
 */
export function convertShares(value: number, splits: readonly Split[], fromBasis: string, toBasis: string): number {
  if (fromBasis === toBasis) return value;
  return fromBasis < toBasis
    ? value * splitFactorBetween(splits, fromBasis, toBasis)
    : value / splitFactorBetween(splits, toBasis, fromBasis);
}

/** The same conversion for a per-share amount (price, EPS, book value per share): the inverse. */
export function convertPerShare(value: number, splits: readonly Split[], fromBasis: string, toBasis: string): number {
  if (fromBasis === toBasis) return value;
  return fromBasis < toBasis
    ? value / splitFactorBetween(splits, fromBasis, toBasis)
    : value * splitFactorBetween(splits, toBasis, fromBasis);
}
