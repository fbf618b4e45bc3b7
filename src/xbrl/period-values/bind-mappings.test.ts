import { test } from 'node:test';
import assert from 'node:assert/strict';
import { filing } from '../../../test/support/synthetic-facts.js';
import { bound, mappingOf, resolverState } from '../../../test/support/period-values.js';
import type { FieldMapping } from '../concept-map/mapping-types.js';
import { isPayment } from './bind-mappings.js';

const k24 = filing('k-2024', '10-K', '2025-02-01', 2024, 'FY');

test('a field keeps only the concepts the company reports in its unit, in the map order, with their signs', () => {
  const s = resolverState({
    Revenues: [k24('2024-01-01', '2024-12-31', 100)],
    PaymentsToAcquirePropertyPlantAndEquipment: [k24('2024-01-01', '2024-12-31', 7)],
    'EarningsPerShareBasic@shares': [k24('2024-01-01', '2024-12-31', 1)], // wrong unit for a per-share field
  });
  const st = bound(s, [
    { field: 'revenue', statement: 'income_statement', kind: 'flow', concepts: [{ concept: 'us-gaap:SalesRevenueNet', sign: 1 }, { concept: 'us-gaap:Revenues', sign: 1 }] },
    { field: 'capex', statement: 'cash_flow', kind: 'flow', concepts: [{ concept: 'us-gaap:PaymentsToAcquirePropertyPlantAndEquipment', sign: -1 }] },
    { field: 'eps', statement: 'income_statement', kind: 'per_share', concepts: [{ concept: 'us-gaap:EarningsPerShareBasic', sign: 1 }] },
  ]);
  assert.deepEqual(mappingOf(st, 'revenue').concepts.map((r) => r.concept), ['us-gaap:Revenues']);
  const capex = mappingOf(st, 'capex').concepts[0]!;
  assert.equal(capex.sign, -1);
  assert.equal(capex.payment, true);
  assert.equal(mappingOf(st, 'eps').concepts.length, 0);
  assert.deepEqual(st.mappings.map((m) => m.slot), [0, 1, 2]);
});

test('a composition that needs an unreported concept is dropped; optional and absence terms on unreported concepts are not', () => {
  const s = resolverState({ InterestIncomeExpenseNet: [k24('2024-01-01', '2024-12-31', 5)] });
  const mappings: FieldMapping[] = [
    { field: 'a', statement: 'income_statement', kind: 'flow', concepts: [] },
    { field: 'revenue', statement: 'income_statement', kind: 'flow', concepts: [], compose: [
      { terms: [{ refs: ['us-gaap:InterestIncomeExpenseNet'], sign: 1, optional: false }, { refs: ['us-gaap:NoninterestIncome'], sign: 1, optional: false }] },
      { terms: [{ refs: ['us-gaap:InterestIncomeExpenseNet'], sign: 1, optional: false }, { refs: ['us-gaap:NoninterestIncome'], sign: 1, optional: true },
        { refs: ['us-gaap:Missing'], sign: 0, optional: false, absent: true }, { refs: ['a'], sign: -1, optional: false }] },
    ] },
  ];
  const m = mappingOf(bound(s, mappings), 'revenue');
  assert.equal(m.compose.length, 1);
  assert.deepEqual(m.compose[0]!.terms.map((t) => t.refs.map((r) => `${r.name}@${r.slot}`)), [['us-gaap:InterestIncomeExpenseNet@-1'], ['a@0']]);
});

test('a field named by a composition or a check must be a field of the same statement', () => {
  const s = resolverState({});
  assert.throws(() => bound(s, [{ field: 'x', statement: 'balance_sheet', kind: 'instant', concepts: [], notBelow: 'nowhere' }]), /nowhere is not a field of the same statement/);
});

test('the share checks pair the share counts with their EPS when the statement has both', () => {
  const s = resolverState({});
  const f = (field: string, kind: FieldMapping['kind']): FieldMapping => ({ field, statement: 'income_statement', kind, concepts: [] });
  const st = bound(s, [f('is_net_income', 'flow'), f('eps', 'per_share'), f('is_avg_num_sh_for_eps', 'shares'), f('diluted_eps', 'per_share')]);
  assert.deepEqual(st.shareChecks, [{ shares: 2, eps: 1 }]);
  assert.equal(st.netIncome, 0);
  assert.equal(st.earnForCommon, -1);
});

test('payments are the Payments(To|Of|For) and Repayments concepts, not net proceeds', () => {
  assert.ok(isPayment('us-gaap:PaymentsOfDividends'));
  assert.ok(isPayment('us-gaap:RepaymentsOfLongTermDebt'));
  assert.ok(!isPayment('us-gaap:PaymentsForProceedsFromProductiveAssets'));
  assert.ok(!isPayment('ifrs-full:PaymentsOfDividends'));
});
