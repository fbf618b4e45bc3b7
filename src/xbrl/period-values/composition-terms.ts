// A field composed of others (sums, differences, conditions, per-share ratios) for one period.
import { conceptValue } from './concept-value.js';
import { duration } from './period-fact.js';
import type { PreparedMapping, PreparedTerm } from './prepared-mapping.js';
import { YTD_NAMES } from './quarter-derivation.js';
import { roundValue, type PeriodContext, type Resolved } from './resolved-value.js';
import type { ResolverState } from './resolver-state.js';

export function compose(s: ResolverState, m: PreparedMapping, terms: readonly PreparedTerm[], ctx: PeriodContext, values: ReadonlyArray<number | null>,
  mappings: readonly PreparedMapping[]): Resolved | null {
  let total = 0;
  let present = 0;
  const parts: string[] = [];
  const conditions: string[] = [];
  const equalities: string[] = [];
  const absentNames: string[] = [];
  for (const t of terms) {
    if (t.same) {
      const a = values[t.refs[0]!.slot];
      const b = values[t.refs[1]!.slot];
      if (a != null && b != null) {
        if (a !== b) return null;
        equalities.push(`${t.refs[0]!.name} = ${t.refs[1]!.name}`);
        continue;
      }
      const ytd = sameOverYearToDate(mappings[t.refs[0]!.slot]!, mappings[t.refs[1]!.slot]!, ctx);
      if (!ytd) return null;
      equalities.push(`${t.refs[0]!.name} = ${t.refs[1]!.name} ${ytd}`);
      continue;
    }
    const found = termValue(s, m, t, ctx, values);
    if (t.absent) {
      if (found) return null;
      absentNames.push(t.refs[0]!.name);
      continue;
    }
    if (!found) {
      if (t.optional) continue;
      return null;
    }
    if (t.sign === 0) { conditions.push(found.name); continue; }
    present++;
    total += t.sign * found.val;
    parts.push(`${parts.length === 0 ? (t.sign < 0 ? '-' : '') : t.sign < 0 ? '- ' : '+ '}${found.name}`);
  }
  if (present === 0) return null;
  const given = (conditions.length ? ` (${conditions.join(', ')} reported)` : '')
    + (equalities.length ? ` (${equalities.join(', ')})` : '')
    + (absentNames.length ? ` (no ${absentNames.join(', ')} reported)` : '');
  return { val: roundValue(total), concept: null, fact: null, derivation: `${m.field} = ${parts.join(' ')}${given}`, prior: null };
}

/**
 * A quarter derived from year-to-date periods (Q2–Q4 without a 3-month value) has no reported
 * per-share values of its own: two per-share fields are equal there when the filer reports
 * them equal for both year-to-date periods the quarter lies between (Exxon Mobil's basic and
 * diluted EPS for 2024 and its first nine months: nothing dilutes in Q4 either). Returns the
 * wording for the derivation, or null.
 */
function sameOverYearToDate(a: PreparedMapping, b: PreparedMapping, ctx: PeriodContext): string | null {
  const { fy, quarter: k } = ctx;
  if (k < 2) return null;
  const ends = [k === 4 ? fy.endDay : fy.quarterEnds[k - 1], fy.quarterEnds[k - 2]];
  for (const end of ends) {
    if (end == null) return null;
    const va = firstReported(a, fy.startDay, end);
    const vb = firstReported(b, fy.startDay, end);
    if (va == null || vb == null || va !== vb) return null;
  }
  return `(as reported for ${YTD_NAMES[k]} and ${YTD_NAMES[k - 1]})`;
}

/** The first of a mapping's concepts reported for a duration (no derivation), with its sign. */
function firstReported(m: PreparedMapping, startDay: number, endDay: number): number | null {
  for (const ref of m.concepts) {
    const f = duration(ref.uf, startDay, endDay);
    if (f) return ref.sign * f.val;
  }
  return null;
}

function termValue(s: ResolverState, m: PreparedMapping, t: PreparedTerm, ctx: PeriodContext, values: ReadonlyArray<number | null>): { val: number; name: string } | null {
  for (const { name, slot, ref } of t.refs) {
    if (ref === null) {
      const v = values[slot];
      if (v != null) return { val: v, name };
    } else {
      const r = conceptValue(s, ref, ref.kind, ctx);
      if (r) return { val: r.val, name };
    }
  }
  return null;
}

/** Per-share value from an amount and a share count, in cents as companies report EPS. */
export function ratio(s: ResolverState, m: PreparedMapping, terms: readonly PreparedTerm[], ctx: PeriodContext, values: ReadonlyArray<number | null>): Resolved | null {
  const num = termValue(s, m, terms[0]!, ctx, values);
  const den = termValue(s, m, terms[1]!, ctx, values);
  if (!num || !den || !(den.val > 0)) return null;
  return { val: Math.round((num.val / den.val) * 100) / 100, concept: null, fact: null, derivation: `${m.field} = ${num.name} / ${den.name}`, prior: null };
}
