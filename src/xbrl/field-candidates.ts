// The candidate facts of one statement field for one period: the field's concepts in the order
// the resolver tries them (a company override first, then the concept map), and every fact of
// those concepts in a company's facts (every filing's version) whose period matches — start within
// the resolver's 3 days. The provenance lookup reads them through point-in-time/field-facts.ts.
import { dayNumber } from '../model/dates.js';
import type { CandidateFact, FactPeriod } from '../model/fact-candidate.js';
import { ConceptFacts } from '../sources/fact-columns.js';
import type { CompanyFactsView } from '../sources/companyfacts-reader.js';
import { CONCEPT_MAP, COMPANY_OVERRIDES } from './concept-map/index.js';
import type { FieldKind } from './concept-map/mapping-types.js';

export interface FieldConcepts {
  concepts: string[];
  /** The field's kind in the concept map (flow, instant, per_share, …), null for a field it does not map. */
  kind: FieldKind | null;
}

export function fieldConcepts(cik: string, field: string): FieldConcepts {
  const mappings = CONCEPT_MAP.filter((m) => m.field === field);
  const refs = [...(COMPANY_OVERRIDES[cik]?.[field] ?? []), ...mappings.flatMap((m) => m.concepts)];
  return { concepts: [...new Set(refs.map((c) => c.concept))], kind: mappings[0]?.kind ?? null };
}

const START_TOLERANCE_DAYS = 3;

function matches(p: FactPeriod, start: string | null, end: string): boolean {
  if (end !== p.end) return false;
  if (p.start === undefined) return true;
  if (p.start === null || start === null) return p.start === start;
  return Math.abs(dayNumber(start) - dayNumber(p.start)) <= START_TOLERANCE_DAYS;
}

/** Every fact of `concepts` in `view` for one of `periods`, by concept order, then end (newest first), then filing date. */
export function candidateFacts(view: CompanyFactsView, concepts: readonly string[], periods: readonly FactPeriod[]): CandidateFact[] {
  const out: CandidateFact[] = [];
  concepts.forEach((concept, order) => {
    const [taxonomy, name] = concept.split(':') as [string, string];
    const cf = view.facts[taxonomy]?.[name];
    if (!(cf instanceof ConceptFacts)) return;
    for (const [unit, cols] of cf.units) {
      for (let r = 0; r < cols.length; r++) {
        const start = cols.start[r] ?? null;
        const end = cols.end[r]!;
        const period = periods.findIndex((q) => matches(q, start, end));
        if (period < 0) continue;
        out.push({ concept, order, unit, value: cols.val[r]!, start, end, accession: cols.accn[r]!, form: cols.form[r]!, filed: cols.filed[r]!, period });
      }
    }
  });
  return out.sort((a, b) => a.order - b.order || (a.end < b.end ? 1 : a.end > b.end ? -1 : 0) || (a.filed < b.filed ? -1 : a.filed > b.filed ? 1 : 0));
}
