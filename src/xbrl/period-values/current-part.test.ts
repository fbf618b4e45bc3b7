import { test } from 'node:test';
import assert from 'node:assert/strict';
import { companyFacts, filing, standardized, type SyntheticFact } from '../../../test/support/synthetic-facts.js';

const K = filing('0000001234-24-000001', '10-K', '2024-02-15', 2023, 'FY');
const D = '2023-12-31';
const base = (): Record<string, SyntheticFact[]> => ({
  Revenues: [K('2023-01-01', D, 1000)],
  Assets: [K(null, D, 1000)], LiabilitiesAndStockholdersEquity: [K(null, D, 1000)], LiabilitiesCurrent: [K(null, D, 300)],
});
function bsOf(extra: Record<string, SyntheticFact[]>) {
  const s = standardized(companyFacts({ ...base(), ...extra }));
  return s.records.find((r) => r.recordType === 'balance_sheet' && r.period === 'annual' && r.date === D)!;
}

test('a noncurrent debt line reported as 0 stands against a total equal to the current part', () => {
  const bs = bsOf({ LongTermDebtNoncurrent: [K(null, D, 0)], LongTermDebt: [K(null, D, 90)], LongTermDebtCurrent: [K(null, D, 90)] });
  assert.equal(bs.values.bs_lt_borrow, 0);
  assert.equal(bs.provenance.bs_lt_borrow?.concept, 'us-gaap:LongTermDebtNoncurrent');
});

test('a reported 0 still gives way to a later candidate that is not the current part', () => {
  // the total exceeds the current part: the zero line does not apply (the debt is on another line)
  const bs = bsOf({ LongTermDebtNoncurrent: [K(null, D, 0)], LongTermDebt: [K(null, D, 590)], LongTermDebtCurrent: [K(null, D, 90)] });
  assert.equal(bs.values.bs_lt_borrow, 590);
  // and without any current part reported
  assert.equal(bsOf({ LongTermDebtNoncurrent: [K(null, D, 0)], LongTermDebt: [K(null, D, 90)] }).values.bs_lt_borrow, 90);
});
