import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bound, resolverState } from '../../../test/support/period-values.js';
import { FieldValues, refOf } from './prepared-mapping.js';

test('field values keep the order in which fields were first set, and clear to empty', () => {
  const st = bound(resolverState({}), ['a', 'b', 'c'].map((field) => ({ field, statement: 'balance_sheet' as const, kind: 'instant' as const, concepts: [] })));
  const v = new FieldValues(st.mappings);
  v.set(2, 1, { derivation: 'c' });
  v.set(0, 2, { derivation: 'a' });
  v.set(2, 3, { derivation: 'c again' });
  assert.deepEqual(v.vals, [2, null, 3]);
  assert.deepEqual(v.order, [2, 0]);
  assert.equal(v.provs[2]!.derivation, 'c again');
  v.clear();
  assert.deepEqual([v.vals, v.provs, v.order], [[null, null, null], [null, null, null], []]);
});

test('refOf finds a bound concept by name', () => {
  const refs = [{ concept: 'us-gaap:A', sign: 1 as const, uf: null!, kind: 'flow' as const, payment: false }];
  assert.equal(refOf(refs, 'us-gaap:A'), refs[0]);
  assert.equal(refOf(refs, 'us-gaap:B'), undefined);
});
