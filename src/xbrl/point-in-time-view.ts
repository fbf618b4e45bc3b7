// Point-in-time views of a company's facts: the facts a companyfacts view held on a given day
// (filed on or before it), or every period as first reported (only the first filing's facts of
// each concept, unit and period). Standardizing such a view gives the statements tenk would have
// given then, or the "as first reported" series. Pure; the view is not changed.
import type { CompanyFactsView } from '../sources/companyfacts-reader.js';
import { ConceptFacts, conceptFacts, FactColumns } from '../sources/fact-columns.js';
import { isPeriodicForm } from './fact-index.js';
import type { PointInTime } from '../model/point-in-time.js';

/** The rows of `cols` kept, in their order, as new columns. */
function pick(cols: FactColumns, keep: readonly number[]): FactColumns {
  const out = new FactColumns();
  for (const i of keep) {
    out.start.push(cols.start[i] ?? null);
    out.end.push(cols.end[i]!);
    out.val.push(cols.val[i]!);
    out.accn.push(cols.accn[i]!);
    out.form.push(cols.form[i]!);
    out.filed.push(cols.filed[i]!);
    out.fy.push(cols.fy[i] ?? null);
  }
  out.length = keep.length;
  return out;
}

/** True when row a was filed before row b (periodic forms before others, as the fact index prefers them). */
function earlier(cols: FactColumns, a: number, b: number): boolean {
  const pa = isPeriodicForm(cols.form[a]!), pb = isPeriodicForm(cols.form[b]!);
  if (pa !== pb) return pa;
  const fa = cols.filed[a]!, fb = cols.filed[b]!;
  if (fa !== fb) return fa < fb;
  return cols.accn[a]! < cols.accn[b]!;
}

/** Rows of `rows` from the first filing of each period (start, end). */
function firstFiledRows(cols: FactColumns, rows: readonly number[]): number[] {
  const first = new Map<string, number>();
  for (const i of rows) {
    const key = (cols.start[i] ?? '') + '|' + cols.end[i]!;
    const kept = first.get(key);
    if (kept === undefined || earlier(cols, i, kept)) first.set(key, i);
  }
  const out: number[] = [];
  for (const i of rows) {
    const kept = first.get((cols.start[i] ?? '') + '|' + cols.end[i]!)!;
    if (cols.accn[i] === cols.accn[kept]) out.push(i);
  }
  return out;
}

/** The rows of `cols` known at `at`, in their order: `cols` itself when that is all of them, else new columns. */
export function columnsAt(cols: FactColumns, at: PointInTime): FactColumns {
  let rows: number[] = [];
  for (let i = 0; i < cols.length; i++) if (at.asOf === null || cols.filed[i]! <= at.asOf) rows.push(i);
  if (at.firstFiled) rows = firstFiledRows(cols, rows);
  return rows.length === cols.length ? cols : pick(cols, rows);
}

/** The view as of `at`: its facts filtered, everything else shared. */
export function viewAt(view: CompanyFactsView, at: PointInTime): CompanyFactsView {
  if (at.asOf === null && !at.firstFiled) return view;
  const facts: Record<string, Record<string, unknown>> = {};
  const intern = new Map<string, string>();
  for (const [taxonomy, byName] of Object.entries(view.facts)) {
    if (byName === null || typeof byName !== 'object') { facts[taxonomy] = byName; continue; }
    const out: Record<string, unknown> = {};
    for (const [concept, value] of Object.entries(byName)) {
      const cf = value instanceof ConceptFacts ? value : value ? conceptFacts(value, intern) : null;
      if (!cf) { out[concept] = value; continue; }
      const units = new Map<string, FactColumns>();
      for (const [unit, cols] of cf.units) units.set(unit, columnsAt(cols, at));
      out[concept] = new ConceptFacts(units);
    }
    facts[taxonomy] = out;
  }
  return { ...view, facts };
}

/** Newest filing date among the view's facts (null when it has none). */
export function newestFiled(view: CompanyFactsView): string | null {
  let max: string | null = null;
  for (const byName of Object.values(view.facts)) {
    if (byName === null || typeof byName !== 'object') continue;
    for (const value of Object.values(byName)) {
      if (!value) continue;
      const cf = value instanceof ConceptFacts ? value : conceptFacts(value, new Map());
      for (const cols of cf.units.values()) for (const f of cols.filed) if (max === null || f > max) max = f;
    }
  }
  return max;
}

/** The distinct filing dates of the view's facts, ascending. */
export function filingDates(view: CompanyFactsView): string[] {
  const days = new Set<string>();
  for (const byName of Object.values(view.facts)) {
    if (byName === null || typeof byName !== 'object') continue;
    for (const value of Object.values(byName)) {
      if (!value) continue;
      const cf = value instanceof ConceptFacts ? value : conceptFacts(value, new Map());
      for (const cols of cf.units.values()) for (const f of cols.filed) days.add(f);
    }
  }
  return [...days].sort();
}
