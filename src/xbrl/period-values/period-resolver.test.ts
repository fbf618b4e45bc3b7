import { test } from 'node:test';
import assert from 'node:assert/strict';
import { calendarYear, periodOf } from '../../../test/support/period-values.js';
import { companyFacts, filing } from '../../../test/support/synthetic-facts.js';
import { FactIndex } from '../fact-index.js';
import type { FieldMapping } from '../concept-map/mapping-types.js';
import { PeriodResolver } from './period-resolver.js';

const fy = calendarYear(2024);
const q3 = filing('q3', '10-Q', '2024-11-01', 2024, 'Q3');
const k = filing('k', '10-K', '2025-02-01', 2024, 'FY');
const MAPPINGS: FieldMapping[] = [
  { field: 'eps', statement: 'income_statement', kind: 'per_share', concepts: [{ concept: 'us-gaap:EarningsPerShareBasic', sign: 1 }],
    compose: [{ op: 'ratio', terms: [{ refs: ['net_income'], sign: 1, optional: false }, { refs: ['shares'], sign: 1, optional: false }] }] },
  { field: 'net_income', statement: 'income_statement', kind: 'flow',
    concepts: [{ concept: 'us-gaap:NetIncomeLoss', sign: 1 }, { concept: 'us-gaap:ProfitLoss', sign: 1 }] },
  { field: 'shares', statement: 'income_statement', kind: 'shares', concepts: [{ concept: 'us-gaap:WeightedAverageNumberOfSharesOutstandingBasic', sign: 1 }] },
];

function preparedResolver() {
  const facts = companyFacts({
    NetIncomeLoss: [q3('2024-01-01', '2024-09-30', 70), k('2024-01-01', '2024-12-31', 100)],
    ProfitLoss: [q3('2024-10-01', '2024-12-31', 31), k('2024-01-01', '2024-12-31', 104)],
    'EarningsPerShareBasic@USD/shares': [k('2024-01-01', '2024-12-31', 2)],
    'WeightedAverageNumberOfSharesOutstandingBasic@shares': [q3('2024-01-01', '2024-09-30', 50), k('2024-01-01', '2024-12-31', 50)],
  });
  const resolver = new PeriodResolver(new FactIndex(facts.facts as Record<string, Record<string, unknown>>), 'USD');
  return { r: resolver, st: resolver.prepare(MAPPINGS, undefined) };
}

test('a year: concepts first, in the order fields are set, then compositions', () => {
  const { r, st } = preparedResolver();
  const v = r.resolveFields(st, periodOf(fy, 0));
  assert.deepEqual(v.vals, [2, 100, 50]);
  assert.deepEqual(v.order, [0, 1, 2]);
  assert.equal(v.provs[1]!.concept, 'us-gaap:NetIncomeLoss');
  assert.equal(r.unitFor('per_share'), 'USD/shares');
});

test('a quarter takes its flows from the concept of its year, then composes what it lacks', () => {
  const { r, st } = preparedResolver();
  const v = r.resolveFields(st, periodOf(fy, 4, { net_income: 'us-gaap:NetIncomeLoss' }));
  assert.equal(v.vals[1], 30, 'Q4 = FY - 9M of NetIncomeLoss, not ProfitLoss\'s reported quarter');
  assert.equal(v.provs[1]!.derivation, 'Q4 = FY - 9M (us-gaap:NetIncomeLoss)');
  assert.equal(v.vals[2], 50);
  assert.equal(v.vals[0], 0.6);
  assert.equal(v.provs[0]!.derivation, 'eps = net_income / shares');
  assert.deepEqual(v.order, [1, 2, 0]);
});

test('the statement\'s values are reused: resolving the next period clears the last', () => {
  const { r, st } = preparedResolver();
  const year = r.resolveFields(st, periodOf(fy, 0));
  const q1 = r.resolveFields(st, periodOf(fy, 1));
  assert.equal(year, q1);
  assert.deepEqual(q1.vals, [null, null, null]);
});

test('periodic filings are the source of a period: an 8-K recast fills only what none of them reports', () => {
  const recast = filing('8k', '8-K', '2025-05-01', 2024, 'FY');
  const mappings: FieldMapping[] = [{ field: 'dna', statement: 'cash_flow', kind: 'flow',
    concepts: [{ concept: 'us-gaap:DepreciationAndAmortization', sign: 1 }, { concept: 'us-gaap:DepreciationDepletionAndAmortization', sign: 1 }] }];
  const resolve = (concepts: Parameters<typeof companyFacts>[0]) => {
    const resolver = new PeriodResolver(new FactIndex(companyFacts(concepts).facts as Record<string, Record<string, unknown>>), 'USD');
    const v = resolver.resolveFields(resolver.prepare(mappings, undefined), periodOf(fy, 0));
    return { val: v.vals[0], prov: v.provs[0] };
  };
  // the first-ranked concept exists only in the 8-K (half the 10-K's figure): the 10-K's line wins
  const both = resolve({ DepreciationAndAmortization: [recast('2024-01-01', '2024-12-31', 50)], DepreciationDepletionAndAmortization: [k('2024-01-01', '2024-12-31', 100)] });
  assert.equal(both.val, 100);
  assert.equal(both.prov?.form, '10-K');
  // nothing periodic: the 8-K fills the field, marked in provenance
  const only = resolve({ DepreciationAndAmortization: [recast('2024-01-01', '2024-12-31', 50)] });
  assert.equal(only.val, 50);
  assert.equal(only.prov?.form, '8-K');
  assert.match(only.prov?.derivation ?? '', /reported only outside periodic filings \(8-K\)/);
});
