// A field that is the sum of a statement section's lines as one filing tags them (the change in
// working capital: the operating section's IncreaseDecrease… lines). Invariant: every term is a
// fact of the filing that reports the anchor field's value for the same period, never a line
// of another vintage; a derived quarter is the year-to-date sum of its filing minus the earlier
// year-to-date sum of the filing the anchor's quarter was derived from, like any flow.
import type { Provenance } from '../../model/record-types.js';
import type { FactColumns } from '../../sources/fact-columns.js';
import type { FieldValues, PreparedMapping, PreparedRef } from './prepared-mapping.js';
import { roundValue, type Resolved } from './resolved-value.js';

interface FilingPeriod { accn: string; start: string; end: string }
interface SectionSum { val: number; terms: string[] }

/** The field's value for the period whose anchor value `values` holds, or null. */
export function lineSum(m: PreparedMapping, values: FieldValues): Resolved | null {
  const spec = m.sumsLines;
  if (!spec) return null;
  const anchor = values.provs[spec.anchor];
  const own = filingPeriodOf(anchor);
  if (!anchor || !own) return null;
  const current = sumInFiling(spec.lines, own);
  if (!current) return null;
  const inputs = anchor.inputs ?? [];
  if (inputs.length === 0) {
    return { val: roundValue(current.val), concept: null, fact: null, prior: null,
      derivation: `${m.field} = ${current.terms.join(' ')} (lines of ${own.accn}, ${own.start}..${own.end})` };
  }
  // the anchor is a quarter derived from two year-to-date values: the same difference of sums
  const earlier = inputs.length === 1 ? filingPeriodOf(inputs[0]) : null;
  const prior = earlier ? sumInFiling(spec.lines, earlier) : null;
  if (!earlier || !prior) return null;
  return { val: roundValue(current.val - prior.val), concept: null, fact: null, prior: null,
    derivation: `${m.field} = (${current.terms.join(' ')}) (lines of ${own.accn}, ${own.start}..${own.end})`
      + ` - (${prior.terms.join(' ')}) (lines of ${earlier.accn}, ${earlier.start}..${earlier.end})` };
}

function filingPeriodOf(p: Provenance | null | undefined): FilingPeriod | null {
  if (!p || !p.accn || !p.start || !p.end) return null;
  return { accn: p.accn, start: p.start, end: p.end };
}

/** Σ of the lines the filing reports for the period (per line its first alternative reported). */
function sumInFiling(lines: ReadonlyArray<readonly PreparedRef[]>, at: FilingPeriod): SectionSum | null {
  let val = 0;
  const terms: string[] = [];
  for (const alternatives of lines) {
    for (const ref of alternatives) {
      const v = valueInFiling(ref, at);
      if (v === null) continue;
      const signed = ref.sign * v;
      val += signed;
      terms.push(`${terms.length === 0 ? (ref.sign < 0 ? '-' : '') : ref.sign < 0 ? '- ' : '+ '}${ref.concept}`);
      break;
    }
  }
  return terms.length > 0 ? { val, terms } : null;
}

/** The concept's value in one filing for exactly the period, or null when the filing has none. */
function valueInFiling(ref: PreparedRef, at: FilingPeriod): number | null {
  return byFilingPeriod(ref.uf.cols).get(`${at.accn}|${at.start}|${at.end}`) ?? null;
}

/** A unit's durations keyed by filing and period (`accn|start|end`), made once per unit (the first row wins). */
const BY_FILING_PERIOD = new WeakMap<FactColumns, Map<string, number>>();
export function byFilingPeriod(cols: FactColumns): Map<string, number> {
  let m = BY_FILING_PERIOD.get(cols);
  if (m) return m;
  m = new Map<string, number>();
  for (let i = 0; i < cols.length; i++) {
    const start = cols.start[i];
    if (start == null) continue;
    const key = `${cols.accn[i]!}|${start}|${cols.end[i]!}`;
    if (!m.has(key)) m.set(key, cols.val[i]!);
  }
  BY_FILING_PERIOD.set(cols, m);
  return m;
}
