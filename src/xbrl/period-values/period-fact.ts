// The kept fact of a concept for a duration, and the version of a fact that was on file at a date.
import type { Fact, UnitFacts } from '../fact.js';

const START_TOLERANCE = 3;

/**
 * The kept duration fact of a concept for (start ±3 days, end). Facts whose starts differ by a
 * day or two state the same period (a 52/53-week filer restating a year from 2011-01-01 that
 * it first reported from 2010-12-31): among them the fact of the latest periodic filing wins
 * for amounts, the first for counts and per-share values (the unit's policy), then the
 * closest start.
 */
export function duration(uf: UnitFacts, startDay: number, endDay: number): Fact | null {
  const list = uf.durationsByEnd.get(endDay);
  if (!list) return null;
  let best: Fact | null = null;
  for (const f of list) {
    const d = Math.abs((f.startDay ?? 0) - startDay);
    if (d > START_TOLERANCE) continue;
    if (!best) { best = f; continue; }
    const later = f.filed > best.filed || (f.filed === best.filed && f.accn > best.accn);
    const sameFiling = f.filed === best.filed && f.accn === best.accn;
    if (sameFiling ? d < Math.abs((best.startDay ?? 0) - startDay) : later === (uf.policy === 'latest')) best = f;
  }
  return best;
}

/** The version of a period's fact that was on file at a date (the oldest when none was yet). */
export function asOf(f: Fact, filed: string): Fact {
  if (!f.versions) return f;
  let best = f.versions[0]!;
  for (const v of f.versions) if (v.filed <= filed) best = v;
  return best;
}
