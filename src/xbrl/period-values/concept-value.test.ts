import { test } from 'node:test';
import assert from 'node:assert/strict';
import { filing } from '../../../test/support/synthetic-facts.js';
import { bound, calendarYear, periodOf, resolverState } from '../../../test/support/period-values.js';
import { conceptValue } from './concept-value.js';

const fy = calendarYear(2024);
const q1 = filing('q1', '10-Q', '2024-05-01', 2024, 'Q1');
const q2 = filing('q2', '10-Q', '2024-08-01', 2024, 'Q2');
const k = filing('k', '10-K', '2025-02-01', 2024, 'FY');

test('a concept\'s value: the reported duration, a quarter derived from year-to-date values, or none', () => {
  const s = resolverState({ Revenues: [q1('2024-01-01', '2024-03-31', 20), q2('2024-01-01', '2024-06-30', 45), k('2024-01-01', '2024-12-31', 100)] });
  const ref = bound(s, [{ field: 'x', statement: 'income_statement', kind: 'flow', concepts: [{ concept: 'us-gaap:Revenues', sign: 1 }] }]).mappings[0]!.concepts[0]!;
  assert.equal(conceptValue(s, ref, 'flow', periodOf(fy, 0))!.val, 100);
  assert.equal(conceptValue(s, ref, 'flow', periodOf(fy, 1))!.derivation, null);
  const q2v = conceptValue(s, ref, 'flow', periodOf(fy, 2))!;
  assert.deepEqual([q2v.val, q2v.derivation], [25, 'Q2 = 6M - Q1 (us-gaap:Revenues)']);
  assert.equal(conceptValue(s, ref, 'flow', periodOf(fy, 4)), null, 'no nine months');
  assert.equal(conceptValue(s, ref, 'per_share', periodOf(fy, 2)), null, 'per-share values are never derived');
});

test('a balance is the instant fact at the period end', () => {
  const s = resolverState({ Assets: [k(null, '2024-12-31', 500)] });
  const ref = bound(s, [{ field: 'x', statement: 'balance_sheet', kind: 'instant', concepts: [{ concept: 'us-gaap:Assets', sign: 1 }] }]).mappings[0]!.concepts[0]!;
  assert.equal(conceptValue(s, ref, 'instant', periodOf(fy, 0))!.val, 500);
  assert.equal(conceptValue(s, ref, 'instant', periodOf(fy, 3)), null);
});
