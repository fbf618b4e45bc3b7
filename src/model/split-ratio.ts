// Share-split ratios (shared by market/ and xbrl/): which ratios exchange whole shares. Which split-history events change the share count. splits/splits.csv holds events derived from
// raw vs adjusted closes, and a price source's adjustment for a spin-off looks like a split there
// (EBAY 2015-07-20 1:2.376 for PayPal, HPQ 2015-11-02, BAX, NI, YUM). A real split or reverse
// split exchanges whole shares at a simple ratio (2, 3/2, 5/4, 1/8, 7, 10/3 ...); a spin-off
// factor is the parent's price share and almost never is one. Such events still undo the price
// adjustment they caused, but never convert share counts or count as splits.

/** Largest denominator of a simple ratio (5-for-4, 4-for-3, 10-for-3). */
const MAX_DENOMINATOR = 4;
/** Relative distance within which a ratio is the simple one (sources round: 6.99999, 2.0003;
 *  GE's 2024 spin-off factor 1.253 is 0.24 % from 5/4). */
const TOLERANCE = 0.001;

/** The simple ratio p/q (q <= 4) within 0.1 % of r (>= 1), or null. */
function simpleFraction(r: number): { p: number; q: number } | null {
  for (let q = 1; q <= MAX_DENOMINATOR; q++) {
    const p = Math.round(r * q);
    if (p > 0 && Math.abs(p / q - r) / r <= TOLERANCE) return { p, q };
  }
  return null;
}

/** True when from -> to shares is a simple ratio p/q (q <= 4) within 0.1 %. */
export function isShareSplit(from: number, to: number): boolean {
  if (!(from > 0) || !(to > 0)) return false;
  return simpleFraction(Math.max(to / from, from / to)) !== null;
}

/**
 * A source's ratio (new shares per old share: 1.5, 4, 0.125) as the from -> to of a share split
 * in whole shares (2 -> 3, 1 -> 4, 8 -> 1), or null when it is no simple ratio (a spin-off factor).
 */
export function splitOfRatio(r: number): { from: number; to: number } | null {
  if (!(r > 0)) return null;
  const f = simpleFraction(r >= 1 ? r : 1 / r);
  if (f === null) return null;
  return r >= 1 ? { from: f.q, to: f.p } : { from: f.p, to: f.q };
}
