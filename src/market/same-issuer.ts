// Which bars of an older price set belong to the issuer that the newest set's symbol names.
// Tickers are reused (WTW was Weight Watchers before Willis Towers Watson), and a merged company
// keeps one predecessor's history under its ticker (CB is ACE's, not the old Chubb's), so the
// newest set defines the issuer and an older set's bars count only where they move with a newer
// set already checked (the chain reaches back past sets that start late: price-basis.ts).
// Levels cannot tell (adjustments and faults shift them); daily returns can: the same security's
// returns agree within half a percent on almost every day, another issuer's on few.

/** The closes a comparison reads; `keep` is cleared for bars of another issuer. */
export interface IssuerBars {
  dates: readonly string[];
  close: readonly number[];
  keep: boolean[];
}

/** Largest |return difference| of the same security on one day (dividend days aside), plus
 *  twice the relative size of a one-cent tick (closes rounded to cents: a $1 stock's 1 %). */
const SAME_RETURN = 0.005;
const TICK = 0.01;
/** Pairs of consecutive common days looked at around a day (either side). */
const HALF_WINDOW = 10;
/** Fewer common day pairs than this: nothing can be told, the set is kept. */
const MIN_PAIRS = 20;

/**
 * Clears `keep` on the bars of `other` that belong to another issuer than `ref`'s, and returns
 * how many, or null when the two share too few days to tell (then nothing is cleared). Only
 * `ref`'s kept bars count. A pair of consecutive common days is judged by the share of agreeing returns among
 * the pairs within HALF_WINDOW of it (another issuer below one half); bars between two pairs
 * follow the later pair, bars before the first pair the first, bars after the last the last.
 */
export function dropOtherIssuer(ref: IssuerBars, other: IssuerBars): number | null {
  // consecutive common days: their index in `other` and whether the returns agree
  const at: number[] = [];
  const agree: boolean[] = [];
  let j = 0;
  let prevI = -2;
  let prevJ = -2;
  for (let i = 0; i < other.dates.length; i++) {
    const date = other.dates[i]!;
    while (j < ref.dates.length && ref.dates[j]! < date) j++;
    if (j === ref.dates.length) break;
    if (ref.dates[j] !== date || !ref.keep[j]) continue;
    if (prevI === i - 1 && prevJ === j - 1) {
      const rOther = other.close[i]! / other.close[i - 1]!;
      const rRef = ref.close[j]! / ref.close[j - 1]!;
      at.push(i);
      const low = Math.min(other.close[i]!, other.close[i - 1]!, ref.close[j]!, ref.close[j - 1]!);
      agree.push(Math.abs(rOther / rRef - 1) <= SAME_RETURN + (2 * TICK) / low);
    }
    prevI = i;
    prevJ = j;
  }
  if (at.length < MIN_PAIRS) return null;
  // prefix sums of agreement for the window shares
  const sum: number[] = [0];
  for (const a of agree) sum.push(sum[sum.length - 1]! + (a ? 1 : 0));
  const foreign = (p: number): boolean => {
    const lo = Math.max(0, p - HALF_WINDOW);
    const hi = Math.min(at.length, p + HALF_WINDOW + 1);
    return (sum[hi]! - sum[lo]!) * 2 < hi - lo;
  };
  let dropped = 0;
  const drop = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (other.keep[k]) { other.keep[k] = false; dropped++; }
  };
  let start = 0;
  for (let p = 0; p < at.length; p++) {
    if (foreign(p)) drop(start, at[p]! + 1);
    start = at[p]! + 1;
  }
  if (foreign(at.length - 1)) drop(start, other.dates.length);
  return dropped;
}
