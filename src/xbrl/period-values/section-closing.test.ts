import { test } from 'node:test';
import assert from 'node:assert/strict';
import { filing } from '../../../test/support/synthetic-facts.js';
import { bound, calendarYear, periodOf, resolverState } from '../../../test/support/period-values.js';
import type { FieldMapping } from '../concept-map/mapping-types.js';
import { closingLine } from './section-closing.js';

const fy = calendarYear(2013);
const k = filing('k', '10-K', '2014-02-25', 2013, 'FY');
const CAPEX: FieldMapping = {
  field: 'capex', statement: 'cash_flow', kind: 'flow',
  concepts: [{ concept: 'us-gaap:PaymentsToAcquirePropertyPlantAndEquipment', sign: -1 }, { concept: 'us-gaap:PaymentsToAcquireProductiveAssets', sign: -1 }],
  closes: { total: ['us-gaap:NetCashProvidedByUsedInInvestingActivities'], lines: [{ concept: 'us-gaap:ProceedsFromSaleOfPropertyPlantAndEquipment', sign: 1 }] },
};

function capexOf(total: number, proceeds: number) {
  const s = resolverState({
    NetCashProvidedByUsedInInvestingActivities: [k('2013-01-01', '2013-12-31', total)],
    ProceedsFromSaleOfPropertyPlantAndEquipment: [k('2013-01-01', '2013-12-31', proceeds)],
    PaymentsToAcquirePropertyPlantAndEquipment: [k('2013-01-01', '2013-12-31', 5_331)], // a segment note's sum, ranked first
    PaymentsToAcquireProductiveAssets: [k('2013-01-01', '2013-12-31', 5_868)],
  });
  return closingLine(s, bound(s, [CAPEX]).mappings[0]!, periodOf(fy, 0), null);
}

test('the larger candidate that closes the investing section is the line, not the first-ranked note figure', () => {
  const r = capexOf(-5_742, 126);
  assert.equal(r!.concept, 'us-gaap:PaymentsToAcquireProductiveAssets');
  assert.equal(r!.val, -5_868);
});

test('the first-ranked candidate stays when it closes the section', () => {
  assert.equal(capexOf(-5_205, 126)!.concept, 'us-gaap:PaymentsToAcquirePropertyPlantAndEquipment');
});

test('a section that no set of candidates closes gives no line (the candidates keep their order)', () => {
  assert.equal(capexOf(-9_999, 126), null);
});

test('without the section total there is no closing line', () => {
  const s = resolverState({ PaymentsToAcquirePropertyPlantAndEquipment: [k('2013-01-01', '2013-12-31', 5_331)], PaymentsToAcquireProductiveAssets: [k('2013-01-01', '2013-12-31', 5_868)] });
  assert.equal(bound(s, [CAPEX]).mappings[0]!.closes, null);
});
