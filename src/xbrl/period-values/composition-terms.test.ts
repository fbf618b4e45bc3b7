import { test } from 'node:test';
import assert from 'node:assert/strict';
import { filing } from '../../../test/support/synthetic-facts.js';
import { bound, calendarYear, mappingOf, periodOf, resolverState } from '../../../test/support/period-values.js';
import type { FieldMapping } from '../concept-map/mapping-types.js';
import { compose, ratio } from './composition-terms.js';

const fy = calendarYear(2024);
const k = filing('k', '10-K', '2025-02-01', 2024, 'FY');
const q2 = filing('q2', '10-Q', '2024-08-01', 2024, 'Q2');
const q3 = filing('q3', '10-Q', '2024-11-01', 2024, 'Q3');
const f = (field: string, kind: FieldMapping['kind'] = 'instant'): FieldMapping => ({ field, statement: 'balance_sheet', kind, concepts: [] });

test('a sum of fields and concepts, with optional terms, conditions and absences named in its derivation', () => {
  const s = resolverState({ LiabilitiesAndStockholdersEquity: [k(null, '2024-12-31', 1_000)], TemporaryEquityCarryingAmount: [k(null, '2024-12-31', 50)] });
  const st = bound(s, [f('le'), f('liab'), { ...f('equity'), compose: [{ terms: [
    { refs: ['le'], sign: 1, optional: false }, { refs: ['liab'], sign: -1, optional: false },
    { refs: ['us-gaap:TemporaryEquityCarryingAmount'], sign: -1, optional: true }, { refs: ['us-gaap:MinorityInterest'], sign: -1, optional: true },
    { refs: ['us-gaap:LiabilitiesAndStockholdersEquity'], sign: 0, optional: false },
  ] }] }]);
  const m = mappingOf(st, 'equity');
  const r = compose(s, m, m.compose[0]!.terms, periodOf(fy, 0), [1_000, 600, null], st.mappings)!;
  assert.equal(r.val, 350);
  assert.equal(r.derivation, 'equity = le - liab - us-gaap:TemporaryEquityCarryingAmount (us-gaap:LiabilitiesAndStockholdersEquity reported)');
  assert.equal(compose(s, m, m.compose[0]!.terms, periodOf(fy, 0), [1_000, null, null], st.mappings), null, 'a required term is missing');
});

test('an absence condition fails when the concept is reported', () => {
  const s = resolverState({ IncomeLossFromDiscontinuedOperationsNetOfTax: [k('2024-01-01', '2024-12-31', 5)] });
  const st = bound(s, [f('eps', 'per_share'), { ...f('eps_cont', 'per_share'), compose: [{ terms: [
    { refs: ['eps'], sign: 1, optional: false }, { refs: ['us-gaap:IncomeLossFromDiscontinuedOperationsNetOfTax'], sign: 0, optional: false, absent: true },
  ] }] }]);
  const m = mappingOf(st, 'eps_cont');
  assert.equal(compose(s, m, m.compose[0]!.terms, periodOf(fy, 0), [2.5, null], st.mappings), null);
  const none = resolverState({});
  const st2 = bound(none, [f('eps', 'per_share'), { ...f('eps_cont', 'per_share'), compose: [{ terms: [
    { refs: ['eps'], sign: 1, optional: false }, { refs: ['us-gaap:IncomeLossFromDiscontinuedOperationsNetOfTax'], sign: 0, optional: false, absent: true },
  ] }] }]);
  const m2 = mappingOf(st2, 'eps_cont');
  assert.equal(m2.compose[0]!.terms.length, 1, 'an absence of a concept the company never reports always holds');
  assert.equal(compose(none, m2, m2.compose[0]!.terms, periodOf(fy, 0), [2.5, null], st2.mappings)!.derivation, 'eps_cont = eps');
});

test('two fields are equal where both have values, or in a derived quarter when both year-to-date periods report them equal', () => {
  const s = resolverState({
    'EarningsPerShareBasic@USD/shares': [q2('2024-01-01', '2024-06-30', 3), q3('2024-01-01', '2024-09-30', 5)],
    'EarningsPerShareDiluted@USD/shares': [q2('2024-01-01', '2024-06-30', 3), q3('2024-01-01', '2024-09-30', 5)],
  });
  const perShare = (field: string, concept: string): FieldMapping => ({ field, statement: 'income_statement', kind: 'per_share', concepts: [{ concept, sign: 1 }] });
  const st = bound(s, [perShare('eps', 'us-gaap:EarningsPerShareBasic'), perShare('diluted_eps', 'us-gaap:EarningsPerShareDiluted'), f('basic_sh', 'shares'),
    { ...f('diluted_sh', 'shares'), compose: [{ terms: [{ refs: ['basic_sh'], sign: 1, optional: false }, { refs: ['eps', 'diluted_eps'], sign: 0, optional: false, same: true }] }] }]);
  const m = mappingOf(st, 'diluted_sh');
  const terms = m.compose[0]!.terms;
  assert.equal(compose(s, m, terms, periodOf(fy, 0), [7.84, 7.84, 4_298, null], st.mappings)!.derivation, 'diluted_sh = basic_sh (eps = diluted_eps)');
  assert.equal(compose(s, m, terms, periodOf(fy, 0), [7.84, 7.80, 4_298, null], st.mappings), null);
  assert.equal(compose(s, m, terms, periodOf(fy, 3), [null, null, 4_298, null], st.mappings)!.derivation, 'diluted_sh = basic_sh (eps = diluted_eps (as reported for 9M and 6M))');
});

test('a per-share ratio in cents, only over a positive share count', () => {
  const s = resolverState({});
  const st = bound(s, [f('ni', 'flow'), f('sh', 'shares'), { ...f('eps', 'per_share'), compose: [{ op: 'ratio', terms: [{ refs: ['ni'], sign: 1, optional: false }, { refs: ['sh'], sign: 1, optional: false }] }] }]);
  const m = mappingOf(st, 'eps');
  const r = ratio(s, m, m.compose[0]!.terms, periodOf(fy, 0), [1_000, 3, null])!;
  assert.deepEqual([r.val, r.derivation], [333.33, 'eps = ni / sh']);
  assert.equal(ratio(s, m, m.compose[0]!.terms, periodOf(fy, 0), [1_000, 0, null]), null);
});
