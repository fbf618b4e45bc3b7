// A fact of a company's fact store that could give a statement field its value for a period
// (xbrl/field-candidates.ts finds them; the provenance lookup serves them), and the period it matches.

/** A period to match: start undefined matches any start; null, an instant. */
export interface FactPeriod { start: string | null | undefined; end: string }

export interface CandidateFact {
  concept: string;
  /** The concept's place in `concepts` (0 = tried first). */
  order: number;
  unit: string;
  value: number;
  start: string | null;
  end: string;
  accession: string;
  form: string;
  filed: string;
  /** The index in `periods` of the period it matched. */
  period: number;
}
