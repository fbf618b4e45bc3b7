import { test } from 'node:test';
import assert from 'node:assert/strict';
import { companyFacts, filing, type SyntheticFact } from '../../../test/support/synthetic-facts.js';
import { calendarYear, periodOf } from '../../../test/support/period-values.js';
import { FactIndex } from '../fact-index.js';
import type { FieldMapping } from '../concept-map/mapping-types.js';
import { PeriodResolver } from './period-resolver.js';

const k23 = filing('k23', '10-K', '2024-02-01', 2023, 'FY');
const k24 = filing('k24', '10-K', '2025-02-01', 2024, 'FY');
const year = (f: typeof k24, v: number): SyntheticFact => f('2024-01-01', '2024-12-31', v);
const MAPPING: FieldMapping = {
  field: 'revenue', statement: 'income_statement', kind: 'flow', pick: 'first-unless-partial',
  statementLines: [['us-gaap:OperatingIncomeLoss', 'us-gaap:OperatingExpenses'], ['us-gaap:GrossProfit', 'us-gaap:CostOfRevenue']],
  concepts: [{ concept: 'us-gaap:Revenues', sign: 1 }, { concept: 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax', sign: 1 }, { concept: 'us-gaap:SalesRevenueGoodsNet', sign: 1 }],
};

function revenue(concepts: Record<string, SyntheticFact[]>): { val: number | null; concept: string | undefined } {
  const resolver = new PeriodResolver(new FactIndex(companyFacts(concepts).facts as Record<string, Record<string, unknown>>), 'USD');
  const st = resolver.prepare([MAPPING], undefined);
  const v = resolver.resolveFields(st, periodOf(calendarYear(2024), 0));
  return { val: v.vals[0] ?? null, concept: v.provs[0]?.concept };
}

test('a note\'s gross figure more than 1.5 times the first does not replace the line its statement closes with', () => {
  // Mastercard 2020: net revenue 15,301 = operating income 8,081 + operating expenses 7,220;
  // contract revenue before rebates 23,616
  const facts = { Revenues: [year(k24, 15_301)], RevenueFromContractWithCustomerExcludingAssessedTax: [year(k24, 23_616)],
    OperatingIncomeLoss: [year(k24, 8_081)], OperatingExpenses: [year(k24, 7_220)] };
  assert.deepEqual(revenue(facts), { val: 15_301, concept: 'us-gaap:Revenues' });
  // without the statement's lines the partial-line rule decides as before
  assert.equal(revenue({ Revenues: facts.Revenues, RevenueFromContractWithCustomerExcludingAssessedTax: facts.RevenueFromContractWithCustomerExcludingAssessedTax }).val, 23_616);
});

test('a region\'s line tagged with the total\'s concept gives way to the larger candidate that closes', () => {
  // Revenues 800 is one region (less than 1.5 times below the total, so the partial-line rule
  // keeps it); net sales 1,000 = gross profit 400 + cost of revenue 600
  const facts = { Revenues: [year(k24, 800)], SalesRevenueGoodsNet: [year(k24, 1_000)], GrossProfit: [year(k24, 400)], CostOfRevenue: [year(k24, 600)] };
  assert.deepEqual(revenue(facts), { val: 1_000, concept: 'us-gaap:SalesRevenueGoodsNet' });
});

test('lines of another filing prove nothing, and an older filing\'s figure never replaces a restated one', () => {
  // the sum closes with 1,000, but the lines are the 2023 10-K's and the candidate the 2024 one's
  const other = { Revenues: [year(k24, 800)], SalesRevenueGoodsNet: [year(k24, 1_000)], GrossProfit: [year(k23, 400)], CostOfRevenue: [year(k23, 600)] };
  assert.equal(revenue(other).val, 800);
  // the restated first concept (2024 10-K) stays although an older filing's figure closes with its own lines
  const older = { Revenues: [year(k24, 800)], SalesRevenueGoodsNet: [year(k23, 1_000)], GrossProfit: [year(k23, 400)], CostOfRevenue: [year(k23, 600)] };
  assert.equal(revenue(older).val, 800);
});
