import { test } from 'node:test';
import assert from 'node:assert/strict';
import { filing, type SyntheticFact } from '../../../test/support/synthetic-facts.js';
import { bound, calendarYear, mappingOf, periodOf, resolverState } from '../../../test/support/period-values.js';
import type { FieldMapping } from '../concept-map/mapping-types.js';
import { conceptValue } from './concept-value.js';
import { includesTaxes, netOfTaxes } from './net-of-taxes.js';

const k = (y: number) => filing(`k${y}`, '10-K', `${y + 1}-02-01`, y, 'FY');
const yearly = (vals: Record<number, number>): SyntheticFact[] => Object.entries(vals).map(([y, v]) => k(Number(y))(`${y}-01-01`, `${y}-12-31`, v));
const MAPPING: FieldMapping = {
  field: 'revenue', statement: 'income_statement', kind: 'flow', netOfTaxes: ['us-gaap:ExciseAndSalesTaxes'],
  statementLines: [['us-gaap:GrossProfit', 'us-gaap:CostOfGoodsSold']],
  concepts: [{ concept: 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax', sign: 1 }, { concept: 'us-gaap:SalesRevenueNet', sign: 1 }],
};

function company(concepts: Record<string, SyntheticFact[]>) {
  const s = resolverState(concepts);
  const m = mappingOf(bound(s, [MAPPING]), 'revenue');
  return { s, m, ref: m.concepts.find((r) => r.concept === 'us-gaap:SalesRevenueNet')! };
}

test('a concept whose years less the taxes are gross profit + cost of revenue includes the taxes', () => {
  // Philip Morris' pattern: SalesRevenueNet 80,106 less excise taxes 50,339 = 19,331 + 10,436
  const { s, m, ref } = company({
    SalesRevenueNet: yearly({ 2013: 80_029, 2014: 80_106 }), ExciseAndSalesTaxes: yearly({ 2013: 48_812, 2014: 50_339 }),
    GrossProfit: yearly({ 2013: 20_807, 2014: 19_331 }), CostOfGoodsSold: yearly({ 2013: 10_410, 2014: 10_436 }),
  });
  assert.equal(includesTaxes(s, m, ref), true);
  assert.equal(s.taxDecisions.get('revenue us-gaap:SalesRevenueNet'), true, 'decided once per company');
  const r = netOfTaxes(s, m, ref, conceptValue(s, ref, 'flow', periodOf(calendarYear(2014), 0))!, periodOf(calendarYear(2014), 0))!;
  assert.equal(r.val, 29_767);
  assert.match(r.derivation!, /us-gaap:SalesRevenueNet - us-gaap:ExciseAndSalesTaxes/);
  assert.equal(r.concept, 'us-gaap:SalesRevenueNet', 'provenance keeps the reported fact');
});

test('a net line beside a tax note, one year of evidence, or an immaterial tax amount is not gross', () => {
  // revenue = gross profit + cost: the taxes are a note's figure, not inside the line
  const net = company({
    SalesRevenueNet: yearly({ 2013: 31_217, 2014: 29_767 }), ExciseAndSalesTaxes: yearly({ 2013: 48_812, 2014: 50_339 }),
    GrossProfit: yearly({ 2013: 20_807, 2014: 19_331 }), CostOfGoodsSold: yearly({ 2013: 10_410, 2014: 10_436 }),
  });
  assert.equal(includesTaxes(net.s, net.m, net.ref), false);
  const once = company({
    SalesRevenueNet: yearly({ 2014: 80_106 }), ExciseAndSalesTaxes: yearly({ 2014: 50_339 }),
    GrossProfit: yearly({ 2014: 19_331 }), CostOfGoodsSold: yearly({ 2014: 10_436 }),
  });
  assert.equal(includesTaxes(once.s, once.m, once.ref), false);
  // lululemon: 0.2M of sales taxes beside 1,591.2M of net sales prove nothing
  const tiny = company({
    SalesRevenueNet: yearly({ 2013: 1_591.2, 2014: 1_797.2 }), ExciseAndSalesTaxes: yearly({ 2013: 0.2, 2014: 0.5 }),
    GrossProfit: yearly({ 2013: 840.1, 2014: 914.2 }), CostOfGoodsSold: yearly({ 2013: 751.1, 2014: 883.0 }),
  });
  assert.equal(includesTaxes(tiny.s, tiny.m, tiny.ref), false);
});

test('without the period\'s taxes the net value is gross profit + cost of revenue, else the candidate is left out', () => {
  const { s, m, ref } = company({
    SalesRevenueNet: yearly({ 2013: 80_029, 2014: 80_106, 2015: 26_153, 2016: 30_000 }), ExciseAndSalesTaxes: yearly({ 2013: 48_812, 2014: 50_339 }),
    GrossProfit: yearly({ 2013: 20_807, 2014: 19_331, 2015: 13_023 }), CostOfGoodsSold: yearly({ 2013: 10_410, 2014: 10_436, 2015: 7_818 }),
  });
  const ctx = periodOf(calendarYear(2015), 0);
  const r = netOfTaxes(s, m, ref, conceptValue(s, ref, 'flow', ctx)!, ctx)!;
  assert.equal(r.val, 20_841);
  assert.match(r.derivation!, /= us-gaap:GrossProfit \+ us-gaap:CostOfGoodsSold/);
  const ctx16 = periodOf(calendarYear(2016), 0);
  assert.equal(netOfTaxes(s, m, ref, conceptValue(s, ref, 'flow', ctx16)!, ctx16), null);
});
