// How close the two sides of an accounting identity must be to hold: within a share of the
// identity's largest term (TOLERANCE, 0.5 %). Shared by the scorecard (src/audit) and the
// consistency audit of the test suite (test/support/consistency-audit.ts).

/** The scorecard's tolerance: the two sides agree within 0.5 % of the identity's largest term. */
export const TOLERANCE = 0.005;

/** a and b agree within `rel` of the larger magnitude, or within `abs`. */
export function near(a: number, b: number, rel: number, abs = 0): boolean {
  return Math.abs(a - b) <= Math.max(abs, rel * Math.max(Math.abs(a), Math.abs(b)));
}

/** The largest magnitude among the terms (the scale an identity's gap is measured against). */
export function scaleOf(terms: readonly number[]): number {
  let m = 0;
  for (const t of terms) m = Math.max(m, Math.abs(t));
  return m;
}

/** |lhs − rhs| as a share of `scale` (0 when both sides and the scale are 0). */
export function relativeGap(lhs: number, rhs: number, scale: number): number {
  const d = Math.abs(lhs - rhs);
  return d === 0 ? 0 : scale === 0 ? Infinity : d / scale;
}
