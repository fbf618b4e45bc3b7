// The registry build: it accepts the real entries and refuses entries that are not a record's
// columns in order, or a computed entry without a compute function (which the types refuse too).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RECORD_TYPES, type RecordType } from '../model/record-types.js';
import { fieldNames } from '../model/record-fields.js';
import { derived, type FieldEntry } from './field-entry.js';
import { buildRegistry, fieldEntries, type Registry } from './registry.js';

/** The real registry's entries, with `credit` replaced. */
function withCredit(credit: readonly FieldEntry[]): Registry {
  const out = {} as Record<RecordType, readonly FieldEntry[]>;
  for (const rt of RECORD_TYPES) out[rt] = fieldEntries(rt);
  out.credit = credit;
  return out;
}

test('the real entries cover exactly the record columns, in order, every computed one with a compute function', () => {
  for (const rt of RECORD_TYPES) {
    assert.deepEqual(fieldEntries(rt).map((e) => e.name), [...fieldNames(rt)]);
    for (const e of fieldEntries(rt)) if (e.kind !== 'reported') assert.equal(typeof e.compute, 'function', `${rt}.${e.name}`);
  }
  assert.doesNotThrow(() => buildRegistry(withCredit(fieldEntries('credit'))));
});

test('a derived entry without a compute function fails the registry build (and is a type error)', () => {
  const credit = [...fieldEntries('credit')];
  const i = credit.findIndex((e) => e.name === 'net_debt_to_ebit');
  // @ts-expect-error a derived entry needs a compute function
  credit[i] = derived({ name: 'net_debt_to_ebit', unit: 'ratio', description: 'net debt to EBIT', definition: 'net_debt / TTM ebit', inputs: ['net_debt', 'ebit'] });
  assert.throws(() => buildRegistry(withCredit(credit)), /credit\.net_debt_to_ebit: derived without a compute function/);
});

test('a missing, extra or misplaced entry fails the registry build', () => {
  const credit = fieldEntries('credit');
  const message = /credit: the entries are not the columns of model\/record-fields\.ts, in order/;
  assert.throws(() => buildRegistry(withCredit(credit.slice(1))), message);
  assert.throws(() => buildRegistry(withCredit([...credit, credit[0]!])), message);
  assert.throws(() => buildRegistry(withCredit([credit[1]!, credit[0]!, ...credit.slice(2)])), message);
});
