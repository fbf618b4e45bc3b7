// Candidate facts of a field: its concepts in the resolver's order, every filing's version for the
// period (start within 3 days, instants by end), nothing of another period or concept.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { conceptFacts } from '../sources/fact-columns.js';
import type { CompanyFactsView } from '../sources/companyfacts-reader.js';
import { candidateFacts, fieldConcepts } from './field-candidates.js';

const fact = (start: string | null, end: string, val: number, accn: string, filed: string, form = '10-K') =>
  ({ ...(start ? { start } : {}), end, val, accn, form, filed, fy: 2023, fp: 'FY' });

test('candidates: every filing of the mapped concepts for the period, in concept order', () => {
  const { concepts, kind } = fieldConcepts('0000000001', 'is_sales_revenue_turnover');
  assert.equal(kind, 'flow');
  assert.ok(concepts.length > 2 && concepts.every((c) => c.includes(':')));
  const [first, second] = concepts as [string, string];
  const intern = new Map<string, string>();
  const usGaap = (c: string) => c.split(':')[1]!;
  const view: CompanyFactsView = {
    cik: 1, entityName: 'X', conceptCounts: new Map(), inventory: [],
    facts: {
      'us-gaap': {
        [usGaap(second)]: conceptFacts({ units: { USD: [fact('2023-01-01', '2023-12-31', 10, 'a1', '2024-02-01'), fact('2023-01-02', '2023-12-31', 11, 'a2', '2025-02-01'), fact('2023-07-01', '2023-12-31', 4, 'a1', '2024-02-01')] } }, intern),
        [usGaap(first)]: conceptFacts({ units: { USD: [fact('2022-12-27', '2023-12-31', 9, 'a1', '2024-02-01'), fact('2022-01-01', '2022-12-31', 8, 'a0', '2023-02-01')] } }, intern),
        Unrelated: conceptFacts({ units: { USD: [fact('2023-01-01', '2023-12-31', 1, 'a1', '2024-02-01')] } }, intern),
      },
    },
  };
  const got = candidateFacts(view, concepts, [{ start: '2023-01-01', end: '2023-12-31' }]);
  // the first concept's 2022-12-27 start is 5 days off: not the period
  assert.deepEqual(got.map((c) => [c.concept, c.order, c.value, c.accession]), [[second, 1, 10, 'a1'], [second, 1, 11, 'a2']]);
  assert.deepEqual(candidateFacts(view, concepts, [{ start: undefined, end: '2022-12-31' }]).map((c) => c.value), [8]);
});
