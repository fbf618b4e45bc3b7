// Whether a balance field is a line of the balance sheet it is served for: where the filing's
// other lines of the section add up to the section's total without it, the balance sheet has no
// such line and the candidate is a note's figure (a reported 0 of the field is then its value).
import { isoDate } from '../../model/dates.js';
import { toFact } from '../fact.js';
import type { PreparedMapping, PreparedRef } from './prepared-mapping.js';
import { reported, type PeriodContext, type Resolved } from './resolved-value.js';

/** The filing's lines add up to their total within this share of it (presented figures foot). */
const FOOTS = 1e-4;

/** The value of `ref` that filing `accn` reports at the instant `end` (ISO), or null. */
function inFiling(ref: PreparedRef, accn: string, end: string): { val: number; row: number } | null {
  const cols = ref.uf.cols;
  for (let i = 0; i < cols.length; i++) {
    if (cols.accn[i] === accn && cols.end[i] === end && !cols.start[i]) return { val: cols.val[i]!, row: i };
  }
  return null;
}

/** Whether some choice of at most one alternative per line group (no concept twice), including
 *  the first group (cash), sums to `target` within FOOTS. */
export function addsUp(groups: ReadonlyArray<ReadonlyArray<{ concept: string; val: number }>>, target: number): boolean {
  const tol = FOOTS * Math.abs(target);
  const used: string[] = [];
  const walk = (g: number, sum: number, first: boolean): boolean => {
    if (g === groups.length) return first && Math.abs(sum - target) <= tol;
    if (walk(g + 1, sum, first)) return true;
    for (const a of groups[g]!) {
      if (used.includes(a.concept)) continue;
      used.push(a.concept);
      const ok = walk(g + 1, sum + a.val, first || g === 0);
      used.pop();
      if (ok) return true;
    }
    return false;
  };
  return walk(0, 0, false);
}

/** What a field that is no line of the balance sheet is served as: the 0 its filing reports for
 *  one of the field's concepts (zero), else null with `reason`. */
export interface AbsentLine { zero: Resolved | null; reason: string }

/**
 * Null when `chosen` may be the balance sheet's line; otherwise what the field is instead. The
 * balance sheet looked at is the one of the filing that reports `chosen` when it states the
 * section's total at the date, else the one of the filing of the total's kept fact. Its line
 * groups' facts must sum to the total without the field and not with `chosen` added (a choice
 * of lines that adds up either way does not tell). Dollar Tree's 10-K for fiscal 2019: cash
 * 539.2M + merchandise inventories 3,522.0M + other current assets 208.2M = current assets
 * 4,269.4M; its AccountsReceivableNetCurrent of 113.3M is a part of the other current assets
 * (a note), not a balance-sheet line.
 */
export function absentLine(m: PreparedMapping, chosen: Resolved, ctx: PeriodContext): AbsentLine | null {
  const a = m.lineOf;
  if (!a || chosen.val === 0 || !chosen.fact) return null;
  const end = isoDate(ctx.endDay);
  let accn = chosen.fact.accn;
  let form = chosen.fact.form;
  let total: number | null = null;
  for (const t of a.total) { const v = inFiling(t, accn, end); if (v) { total = v.val; break; } }
  if (total === null) {
    for (const t of a.total) {
      const f = t.uf.instants.get(ctx.endDay);
      if (f) { accn = f.accn; form = f.form; total = f.val; break; }
    }
  }
  if (total === null || total <= 0) return null;
  const groups: Array<Array<{ concept: string; val: number }>> = [];
  for (const g of a.lines) {
    const alts: Array<{ concept: string; val: number }> = [];
    for (const ref of g) { const v = inFiling(ref, accn, end); if (v && v.val !== 0) alts.push({ concept: ref.concept, val: v.val }); }
    groups.push(alts);
  }
  if (groups[0]!.length === 0) return null;
  if (!addsUp(groups, total) || addsUp(groups, total - chosen.val)) return null;
  let zero: Resolved | null = null;
  for (const ref of m.concepts) {
    const v = inFiling(ref, accn, end);
    if (v && v.val === 0) { zero = reported(ref, toFact(ref.uf.cols, v.row, ctx.endDay)); break; }
  }
  const reason = `no line of the balance sheet of ${end} (${form} ${accn}): its current lines add up to current assets of ${total} without it; `
    + `${chosen.concept} (${chosen.val}) is a note's figure`;
  return { zero, reason };
}
