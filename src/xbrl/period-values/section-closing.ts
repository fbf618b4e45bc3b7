// The candidate that is the statement's line for a year: the one with which the section's other
// lines sum to the section's total in the filing that reports it.
import { isoDate } from '../../model/dates.js';
import type { Fact } from '../fact.js';
import { candidate } from './candidate-choice.js';
import { duration } from './period-fact.js';
import type { PreparedMapping, PreparedRef } from './prepared-mapping.js';
import type { PeriodContext, Resolved } from './resolved-value.js';
import type { ResolverState } from './resolver-state.js';

export function closingLine(s: ResolverState, m: PreparedMapping, ctx: PeriodContext, anchor: number | null): Resolved | null {
  const ref = closingCandidate(m, ctx);
  return ref ? candidate(s, m, ref, ctx, anchor) : null;
}

/**
 * The candidate that is the statement's line, for a year: in the filing that reports the
 * section's total for the period, the other lines it reports plus a set of candidates sum to
 * the total (within 0.2 %). The first-ranked candidate when it is in such a set; else, when
 * exactly one smallest set exists, its first-ranked candidate; otherwise (extension lines, no
 * total) null and the candidates keep their order.
 * Southern's 10-K for 2013: investing −5,742M closes with PaymentsToAcquireProductiveAssets
 * (5,868M), not with the segment note's PaymentsToAcquirePropertyPlantAndEquipment (5,331M);
 */
function closingCandidate(m: PreparedMapping, ctx: PeriodContext): PreparedRef | null {
  const c = m.closes!;
  let total: Fact | null = null;
  for (const t of c.total) if ((total = duration(t.uf, ctx.startDay, ctx.endDay))) break;
  if (!total || total.startDay == null) return null;
  const accn = total.accn;
  const start = isoDate(total.startDay);
  const end = isoDate(total.endDay);
  const inFiling = (ref: PreparedRef): number | null => {
    const cols = ref.uf.cols;
    for (let i = 0; i < cols.length; i++) if (cols.accn[i] === accn && cols.end[i] === end && cols.start[i] === start) return cols.val[i]!;
    return null;
  };
  const cands: Array<{ ref: PreparedRef; amount: number }> = [];
  for (const ref of m.concepts) {
    const v = inFiling(ref);
    if (v !== null && v !== 0) cands.push({ ref, amount: Math.abs(v) });
  }
  if (cands.length < 2 || cands.length > 8) return null;
  // the filing of the total must state the candidate the order would take (a later 10-K's
  // comparative years may carry only some of the lines)
  let first: PreparedRef | null = null;
  for (const ref of m.concepts) if (duration(ref.uf, ctx.startDay, ctx.endDay)?.val) { first = ref; break; }
  if (first !== cands[0]!.ref) return null;
  let others = 0;
  for (const l of c.lines) {
    const v = inFiling(l);
    if (v !== null) others += l.sign * v;
  }
  const n = cands.length;
  const closing: number[] = [];
  for (let set = 1; set < 1 << n; set++) {
    let out = 0;
    for (let i = 0; i < n; i++) if (set & (1 << i)) out += cands[i]!.amount;
    if (Math.abs(others - out - total.val) <= 0.002 * Math.max(Math.abs(total.val), out)) closing.push(set);
  }
  if (closing.length === 0) return null;
  // the first-ranked candidate stays when it is a line of some closing set (Valero 2014: PP&E
  // 2,153M and turnarounds 649M close the section as its 2,802M of productive assets does)
  if (closing.some((set) => set & 1)) return cands[0]!.ref;
  let size = n + 1;
  for (const set of closing) size = Math.min(size, popCount(set));
  const smallest = closing.filter((set) => popCount(set) === size);
  if (smallest.length !== 1) return null;
  let line: PreparedRef | null = null;
  for (let i = 0; i < n && !line; i++) if (smallest[0]! & (1 << i)) line = cands[i]!.ref; // cands are in rank order
  // one definition through the year: a line the year's 10-Qs do not report while they report
  // the first-ranked candidate would leave the quarters without a value of the same concept
  // (Valero 2016: productive assets 1,996M, the 10-Qs' PP&E purchases 1,278M)
  if (line && reportedInQuarters(cands[0]!.ref, ctx) && !reportedInQuarters(line, ctx)) return null;
  // a part of the line (a segment note's sum, "other" property) is smaller than the line; a
  // smaller figure that closes the section nets a line that is on no standard concept
  // (Huntington Ingalls 2024: productive assets 353M = PP&E purchases 367M less grant proceeds)
  const amount = (ref: PreparedRef): number => cands.find((c) => c.ref === ref)!.amount;
  return line && amount(line) > amount(cands[0]!.ref) ? line : null;
}

/** The concept has a year-to-date value (3, 6 or 9 months) inside the period's fiscal year. */
function reportedInQuarters(ref: PreparedRef, ctx: PeriodContext): boolean {
  for (let q = 0; q < 3; q++) {
    const end = ctx.fy.quarterEnds[q];
    if (end != null && duration(ref.uf, ctx.fy.startDay, end)) return true;
  }
  return false;
}

function popCount(x: number): number {
  let n = 0;
  for (; x; x &= x - 1) n++;
  return n;
}
