import { test } from 'node:test';
import assert from 'node:assert/strict';
import { filing } from '../../../test/support/synthetic-facts.js';
import { bound, mappingOf, resolverState } from '../../../test/support/period-values.js';
import type { FieldMapping } from '../concept-map/mapping-types.js';
import { lineSum } from './line-sum.js';

const k23 = filing('k23', '10-K', '2024-02-20', 2023, 'FY');
const k24 = filing('k24', '10-K', '2025-02-20', 2024, 'FY');
const q3 = filing('q3', '10-Q', '2023-10-30', 2023, 'Q3');
const MAP: FieldMapping[] = [
  { field: 'cfo', statement: 'cash_flow', kind: 'flow', concepts: [{ concept: 'us-gaap:NetCashProvidedByUsedInOperatingActivities', sign: 1 }] },
  { field: 'wc', statement: 'cash_flow', kind: 'flow', concepts: [], sumsLines: { anchor: 'cfo', lines: [
    [{ concept: 'us-gaap:IncreaseDecreaseInAccountsReceivable', sign: -1 }],
    [{ concept: 'us-gaap:IncreaseDecreaseInInventories', sign: -1 }],
    [{ concept: 'us-gaap:IncreaseDecreaseInAccountsPayable', sign: 1 }],
  ] } },
];
const Y = ['2023-01-01', '2023-12-31'] as const;

function wcOf(facts: Parameters<typeof resolverState>[0], anchor: Record<string, unknown>) {
  const s = resolverState(facts);
  const st = bound(s, MAP);
  st.values.clear();
  st.values.set(mappingOf(st, 'cfo').slot, 1, anchor);
  return lineSum(mappingOf(st, 'wc'), st.values);
}

test('the lines the anchor filing tags, signed as cash moves: an asset increase uses cash', () => {
  const r = wcOf({
    IncreaseDecreaseInAccountsReceivable: [k23(...Y, 100)],
    IncreaseDecreaseInInventories: [k23(...Y, -30)],
    IncreaseDecreaseInAccountsPayable: [k23(...Y, 50)],
  }, { concept: 'us-gaap:NetCashProvidedByUsedInOperatingActivities', accn: 'k23', start: Y[0], end: Y[1] });
  assert.equal(r!.val, -100 + 30 + 50);
  assert.match(r!.derivation!, /^wc = -us-gaap:IncreaseDecreaseInAccountsReceivable - us-gaap:IncreaseDecreaseInInventories \+ us-gaap:IncreaseDecreaseInAccountsPayable \(lines of k23, 2023-01-01\.\.2023-12-31\)$/);
});

test('a line that only another filing tags for the period is not a term (no mixed vintages)', () => {
  const r = wcOf({
    IncreaseDecreaseInAccountsReceivable: [k23(...Y, 100), k24(...Y, 120)],
    IncreaseDecreaseInInventories: [k23(...Y, -30)],
  }, { accn: 'k24', start: Y[0], end: Y[1] });
  assert.equal(r!.val, -120);
});

test('no line in the anchor filing, or an anchor without a filing (a composition): no value', () => {
  assert.equal(wcOf({ IncreaseDecreaseInAccountsReceivable: [k23(...Y, 100)] }, { accn: 'k24', start: Y[0], end: Y[1] }), null);
  assert.equal(wcOf({ IncreaseDecreaseInAccountsReceivable: [k23(...Y, 100)] }, { derivation: 'cfo = a + b' }), null);
});

test('a quarter derived from year-to-date values is the difference of the two filings\' sums', () => {
  const r = wcOf({
    IncreaseDecreaseInAccountsReceivable: [k23(...Y, 100), q3('2023-01-01', '2023-09-30', 70)],
    IncreaseDecreaseInAccountsPayable: [k23(...Y, 50), q3('2023-01-01', '2023-09-30', 20)],
    IncreaseDecreaseInInventories: [q3('2023-01-01', '2023-09-30', 5)],
  }, { accn: 'k23', start: Y[0], end: Y[1], derivation: 'Q4 = FY - 9M', inputs: [{ accn: 'q3', start: '2023-01-01', end: '2023-09-30' }] });
  assert.equal(r!.val, (-100 + 50) - (-70 + 20 - 5));
  assert.match(r!.derivation!, /\(lines of k23, .*\) - \(.*\) \(lines of q3, 2023-01-01\.\.2023-09-30\)$/);
});
