import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dayNumber } from '../../model/dates.js';
import { filing } from '../../../test/support/synthetic-facts.js';
import { bound, resolverState } from '../../../test/support/period-values.js';
import { anotherReconciles, reconcilesWithChange } from './cash-reconciliation.js';

const k = filing('k', '10-K', '2021-02-01', 2020, 'FY');
const end = dayNumber('2020-12-31');
const CHANGE = 'us-gaap:CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsPeriodIncreaseDecreaseIncludingExchangeRateEffect';

function cashField(concepts: Parameters<typeof resolverState>[0]) {
  const s = resolverState(concepts);
  return bound(s, [{ field: 'cash', statement: 'balance_sheet', kind: 'instant',
    concepts: [{ concept: 'us-gaap:Cash', sign: 1 }, { concept: 'us-gaap:CashAndCashEquivalentsAtCarryingValue', sign: 1 }],
    reconcile: { change: [CHANGE], components: ['us-gaap:Cash'], componentWhen: [], totals: [], flowEnd: 'us-gaap:X', required: [] } }]).mappings[0]!;
}

test('a balance candidate reconciles when its change over a period ending then is the statement\'s net change', () => {
  const m = cashField({
    CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsPeriodIncreaseDecreaseIncludingExchangeRateEffect: [k('2020-01-01', '2020-12-31', 396_000_000)],
    Cash: [k(null, '2019-12-31', 59_000_000), k(null, '2020-12-31', 108_000_000)],
    CashAndCashEquivalentsAtCarryingValue: [k(null, '2019-12-31', 287_000_000), k(null, '2020-12-31', 683_000_000)],
  });
  const [cash, equivalents] = m.concepts;
  assert.equal(reconcilesWithChange(m, cash!, 108_000_000, end), false);
  assert.equal(reconcilesWithChange(m, equivalents!, 683_000_000, end), true);
  assert.equal(reconcilesWithChange(m, cash!, 108_000_000, dayNumber('2019-12-31')), null, 'no change reported for a period ending then');
  assert.equal(anotherReconciles(m, cash!, end), true);
  assert.equal(anotherReconciles(m, equivalents!, end), false);
});

test('the tolerance is 1,000 or 0.1 % of the value, whichever is larger', () => {
  const m = cashField({
    CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsPeriodIncreaseDecreaseIncludingExchangeRateEffect: [k('2020-01-01', '2020-12-31', 396_000)],
    Cash: [k(null, '2019-12-31', 1_000_000)],
  });
  assert.equal(reconcilesWithChange(m, m.concepts[0]!, 1_397_000, end), true);
  assert.equal(reconcilesWithChange(m, m.concepts[0]!, 1_398_500, end), false);
});
