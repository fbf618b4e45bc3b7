// The reference path of companyfacts-reader.ts: JSON.parse of the whole file, then the same
// extraction. Invariant: for every file the selective reader reads (does not decline), its view
// deep-equals this one (companyfacts-reader.test.ts checks corpus files and built cases).
import { viewOfParsedFacts, type CompanyFactsView } from './companyfacts-reader.js';
import { conceptFacts } from './fact-columns.js';

/**
 * A companyfacts file's view with the concepts in `wanted` ("taxonomy:Concept") as their facts in
 * columns and no other concept's value; null when the document has no "facts" object. Throws
 * JSON.parse's SyntaxError on invalid JSON.
 */
export function readCompanyFactsPlain(bytes: Buffer, wanted: ReadonlySet<string>): CompanyFactsView | null {
  const doc: unknown = JSON.parse(bytes.toString('utf8'));
  if (doc === null || typeof doc !== 'object') return null;
  const facts = (doc as { facts?: unknown }).facts;
  if (facts === null || typeof facts !== 'object') return null;
  const whole = viewOfParsedFacts(doc as { facts: object });
  const accessions = new Map<string, string>();
  const read: Record<string, Record<string, unknown>> = {};
  for (const [taxonomy, concepts] of Object.entries(whole.facts)) {
    read[taxonomy] = {};
    for (const [concept, body] of Object.entries(concepts ?? {})) {
      if (wanted.has(`${taxonomy}:${concept}`)) read[taxonomy][concept] = conceptFacts(body, accessions);
    }
  }
  return { ...whole, facts: read };
}
