// The facts of a company's fact store that could give one statement field its value for some
// periods (for the provenance lookup): the field's concepts in the resolver's order and their
// facts in the company's stored facts (xbrl/field-candidates.ts), every filing's version.
import { loadCompanyFactsView, type FactStoreQueries } from '../dataset/queries/fact-store-queries.js';
import type { CandidateFact, FactPeriod } from '../model/fact-candidate.js';
import { candidateFacts, fieldConcepts, type FieldConcepts } from '../xbrl/field-candidates.js';

export interface FieldFacts extends FieldConcepts {
  /** Every fact of `concepts` for one of the periods (candidateFacts' order); null when the dataset stores no facts of the company. */
  candidates: CandidateFact[] | null;
}

export async function fieldFacts(dataset: { readonly factStore: FactStoreQueries }, cik: string, field: string, periods: readonly FactPeriod[]): Promise<FieldFacts> {
  const { concepts, kind } = fieldConcepts(cik, field);
  const facts = await loadCompanyFactsView(dataset, cik);
  return { concepts, kind, candidates: facts === null ? null : candidateFacts(facts.view, concepts, periods) };
}
