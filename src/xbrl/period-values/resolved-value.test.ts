import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dayNumber } from '../../model/dates.js';
import type { Fact } from '../fact.js';
import type { PreparedRef } from './prepared-mapping.js';
import { provenanceOf, reported, roundValue } from './resolved-value.js';

const fact = (start: string | null, end: string, val: number, accn: string): Fact => ({
  startDay: start === null ? null : dayNumber(start), endDay: dayNumber(end), val, accn, filed: '2025-02-01', form: '10-K', versions: null, reports: null,
});
const ref = (concept: string, sign: 1 | -1, payment: boolean): PreparedRef => ({ concept, sign, payment, kind: 'flow', uf: null! });

test('a reported value takes the sign of its concept; a payment tagged negative stays an outflow', () => {
  assert.equal(reported(ref('us-gaap:Revenues', 1, false), fact('2024-01-01', '2024-12-31', 10, 'a')).val, 10);
  const paid = reported(ref('us-gaap:PaymentsOfDividends', -1, true), fact('2024-01-01', '2024-12-31', -194, 'a'));
  assert.equal(paid.val, -194);
  assert.match(paid.derivation!, /tagged negative \(-194\): a payment is an outflow/);
  assert.ok(Object.is(reported(ref('us-gaap:X', -1, false), fact(null, '2024-12-31', 0, 'a')).val, 0), 'never -0');
});

test('the provenance of a value: its fact, its derivation, and the subtracted fact of a derived quarter', () => {
  const ytd = fact('2024-01-01', '2024-12-31', 100, 'k');
  const nine = fact('2024-01-01', '2024-09-30', 70, 'q');
  assert.deepEqual(provenanceOf({ val: 100, concept: 'us-gaap:Revenues', fact: ytd, derivation: null, prior: null }, 'USD'),
    { concept: 'us-gaap:Revenues', accn: 'k', filed: '2025-02-01', form: '10-K', unit: 'USD', start: '2024-01-01', end: '2024-12-31' });
  const p = provenanceOf({ val: 30, concept: 'us-gaap:Revenues', fact: ytd, derivation: 'Q4 = FY - 9M (us-gaap:Revenues)', prior: nine }, 'USD');
  assert.equal(p.derivation, 'Q4 = FY - 9M (us-gaap:Revenues)');
  assert.deepEqual(p.inputs, [{ concept: 'us-gaap:Revenues', accn: 'q', filed: '2025-02-01', form: '10-K', unit: 'USD', start: '2024-01-01', end: '2024-09-30' }]);
  assert.deepEqual(provenanceOf({ val: 1, concept: null, fact: null, derivation: 'x = a + b', prior: null }, 'USD'), { derivation: 'x = a + b' });
});

test('values keep 12 significant digits and never -0', () => {
  assert.equal(roundValue(0.1 + 0.2), 0.3);
  assert.ok(Object.is(roundValue(-0), 0));
  assert.equal(roundValue(1234567), 1234567);
});
