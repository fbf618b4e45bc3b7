// The cash-flow check of balance candidates: a cash balance moves with the statement's net change.
import type { PreparedMapping, PreparedRef } from './prepared-mapping.js';

/**
 * Whether a balance candidate moves with the cash-flow statement: its value at the period end
 * minus its value the day before a period ending then starts equals the statement's net change
 * for that period (any of the change concepts, any period: year, year to date, quarter).
 * True or false when some period could be checked, null when none could.
 */
export function reconcilesWithChange(m: PreparedMapping, ref: PreparedRef, value: number, endDay: number): boolean | null {
  let checked = false;
  for (const ch of m.reconcile!.change) {
    const list = ch.uf.durationsByEnd.get(endDay);
    if (!list) continue;
    for (const f of list) {
      if (f.startDay == null) continue;
      const before = ref.uf.instants.get(f.startDay - 1);
      if (!before) continue;
      checked = true;
      if (Math.abs(value - ref.sign * before.val - f.val) <= Math.max(1000, 0.001 * Math.abs(value))) return true;
    }
  }
  return checked ? false : null;
}

/** Another candidate of the field has a value at the date that moves with the cash-flow
 *  statement: a component that does not is then skipped (Schlumberger's `Cash` line is off
 *  the statement's change by its 2M of restricted cash and has no other candidate: kept). */
export function anotherReconciles(m: PreparedMapping, skip: PreparedRef, endDay: number): boolean {
  for (const ref of m.concepts) {
    if (ref === skip) continue;
    const f = ref.uf.instants.get(endDay);
    if (f && reconcilesWithChange(m, ref, ref.sign * f.val, endDay) === true) return true;
  }
  return false;
}
