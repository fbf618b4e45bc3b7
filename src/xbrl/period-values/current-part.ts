// Whether a balance candidate is the current part of a noncurrent field at the date (the total of
// a balance that is all current): a reported 0 of the field then stands (a reported 0 is a value).
import { conceptValue } from './concept-value.js';
import type { PreparedMapping } from './prepared-mapping.js';
import type { PeriodContext } from './resolved-value.js';
import type { ResolverState } from './resolver-state.js';

/** True when `val` equals (within 0.1 %) a nonzero current-part concept reported at the date. */
export function isCurrentPart(s: ResolverState, m: PreparedMapping, val: number, ctx: PeriodContext): boolean {
  for (const ref of m.currentPart) {
    const c = conceptValue(s, ref, 'instant', ctx);
    if (c && c.val !== 0 && Math.abs(c.val - val) <= 0.001 * Math.abs(c.val)) return true;
  }
  return false;
}
