// A company's facts as known on each of a rising series of days, for computing its state at every
// filing date (record-versions-fast.ts): the same facts viewAt(view, { asOf: day }) holds, but a
// (concept, unit) whose facts did not change since the previous day keeps the same columns object,
// and a concept none of whose units changed the same ConceptFacts. Only the columns a day's
// filings touch are filtered again. It also tells which period ends the facts that became known
// on a day describe (changedEnds), so the standardization of the next day redoes only the fiscal
// years those facts can change (StandardizeMemo). Pure apart from its own state; the view is not changed.
import type { CompanyFactsView } from '../sources/companyfacts-reader.js';
import { ConceptFacts, conceptFacts, type FactColumns } from '../sources/fact-columns.js';
import { columnsAt } from '../xbrl/point-in-time-view.js';
import { dayNumber } from '../model/dates.js';

/** One (concept, unit): its columns, its rows' filing dates ascending (`rows` the row of each) and the columns as of the last day. */
interface DatedUnit { unit: string; cols: FactColumns; filed: string[]; rows: number[]; known: number; current: FactColumns }
/** One concept: its units, and the ConceptFacts as of the last day (null: not yet made). */
interface DatedConcept { name: string; units: DatedUnit[]; current: ConceptFacts | null }
/** One taxonomy: a plain value kept as it is, or its concepts (in the view's order). */
type DatedTaxonomy = { name: string; plain: unknown } | { name: string; plain?: undefined; concepts: Array<DatedConcept | { name: string; value: unknown }> };

export class DatedViews {
  private readonly taxonomies: DatedTaxonomy[] = [];
  private last: string | null = null;
  private changed: number[] | null = null;

  constructor(private readonly view: CompanyFactsView) {
    const intern = new Map<string, string>();
    for (const [taxonomy, byName] of Object.entries(view.facts)) {
      if (byName === null || typeof byName !== 'object') { this.taxonomies.push({ name: taxonomy, plain: byName }); continue; }
      const concepts: Array<DatedConcept | { name: string; value: unknown }> = [];
      for (const [concept, value] of Object.entries(byName)) {
        const cf = value instanceof ConceptFacts ? value : value ? conceptFacts(value, intern) : null;
        if (!cf) { concepts.push({ name: concept, value }); continue; }
        const units: DatedUnit[] = [];
        for (const [unit, cols] of cf.units) {
          const rows = Array.from({ length: cols.length }, (_, i) => i).sort((a, b) => (cols.filed[a]! < cols.filed[b]! ? -1 : cols.filed[a]! > cols.filed[b]! ? 1 : a - b));
          units.push({ unit, cols, filed: rows.map((i) => cols.filed[i]!), rows, known: -1, current: cols });
        }
        concepts.push({ name: concept, units, current: null });
      }
      this.taxonomies.push({ name: taxonomy, concepts });
    }
  }

  /** The view as of `day` (days must not go back). */
  at(day: string): CompanyFactsView {
    if (this.last !== null && day < this.last) throw new Error('dated views: days must rise');
    const first = this.last === null;
    this.last = day;
    const newEnds: number[] = [];
    const facts: Record<string, Record<string, unknown>> = {};
    for (const t of this.taxonomies) {
      if (!('concepts' in t)) { facts[t.name] = t.plain as Record<string, unknown>; continue; }
      const out: Record<string, unknown> = {};
      for (const c of t.concepts) {
        if (!('units' in c)) { out[c.name] = c.value; continue; }
        let changed = c.current === null;
        for (const u of c.units) {
          let k = u.known < 0 ? 0 : u.known;
          while (k < u.filed.length && u.filed[k]! <= day) k++;
          if (k === u.known) continue;
          for (let r = u.known < 0 ? 0 : u.known; r < k; r++) newEnds.push(dayNumber(u.cols.end[u.rows[r]!]!));
          u.known = k;
          u.current = columnsAt(u.cols, { asOf: day, firstFiled: false }); // (viewAt's own filter)
          changed = true;
        }
        if (changed) c.current = new ConceptFacts(new Map(c.units.map((u) => [u.unit, u.current])));
        out[c.name] = c.current;
      }
      facts[t.name] = out;
    }
    this.changed = first ? null : newEnds;
    return { ...this.view, facts };
  }

  /** The period end days (dayNumber) of the facts that became known on the last day `at` was
   *  asked for, since the day before it (repeats kept); null after the first day (every fact is new). */
  changedEnds(): readonly number[] | null {
    return this.changed;
  }
}
