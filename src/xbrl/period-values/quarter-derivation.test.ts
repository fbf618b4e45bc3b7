import { test } from 'node:test';
import assert from 'node:assert/strict';
import { filing } from '../../../test/support/synthetic-facts.js';
import { bound, calendarYear, periodOf, resolverState } from '../../../test/support/period-values.js';
import { derivedQuarter, derivedSharesQuarter, isAnnualValueInQuarterContext, summedQuartersYear } from './quarter-derivation.js';

const fy = calendarYear(2024);
const q1 = filing('q1', '10-Q', '2024-05-01', 2024, 'Q1');
const q2 = filing('q2', '10-Q', '2024-08-01', 2024, 'Q2');
const q3 = filing('q3', '10-Q', '2024-11-01', 2024, 'Q3');
const k = filing('k', '10-K', '2025-02-01', 2024, 'FY');
const k25 = filing('k25', '10-K', '2026-02-01', 2025, 'FY');

function refFor(concepts: Parameters<typeof resolverState>[0], concept: string, kind: 'flow' | 'shares' = 'flow', sign: 1 | -1 = 1) {
  const s = resolverState(concepts);
  const st = bound(s, [{ field: 'x', statement: 'income_statement', kind, concepts: [{ concept, sign }] }]);
  const ref = st.mappings[0]!.concepts[0]!;
  return { s, ref };
}

test('Q4 = FY - 9M of the same concept, with the subtracted fact as its input', () => {
  const { ref } = refFor({ Revenues: [q3('2024-01-01', '2024-09-30', 70), k('2024-01-01', '2024-12-31', 100)] }, 'us-gaap:Revenues');
  const r = derivedQuarter(ref, ref.uf, periodOf(fy, 4))!;
  assert.equal(r.val, 30);
  assert.equal(r.derivation, 'Q4 = FY - 9M (us-gaap:Revenues)');
  assert.equal(r.prior!.accn, 'q3');
  assert.equal(derivedQuarter(ref, ref.uf, periodOf(fy, 3)), null, 'no 6M value and no reported Q1, Q2');
});

test('without the previous year to date, the reported discrete quarters before it are summed', () => {
  const { ref } = refFor({ Revenues: [q1('2024-01-01', '2024-03-31', 20), q2('2024-04-01', '2024-06-30', 25), q3('2024-01-01', '2024-09-30', 70)] }, 'us-gaap:Revenues');
  const r = derivedQuarter(ref, ref.uf, periodOf(fy, 3))!;
  assert.equal(r.val, 25);
  assert.equal(r.derivation, 'Q3 = 9M - Q1 - Q2 (us-gaap:Revenues)');
});

test('a year restated later is taken as originally reported when the nine months were not restated', () => {
  const { ref } = refFor({ Revenues: [q3('2024-01-01', '2024-09-30', 70), k('2024-01-01', '2024-12-31', 100), k25('2024-01-01', '2024-12-31', 60)] }, 'us-gaap:Revenues');
  const r = derivedQuarter(ref, ref.uf, periodOf(fy, 4))!;
  assert.equal(r.val, 30);
  assert.match(r.derivation!, /as originally reported/);
});

test('year-to-date payments are subtracted as magnitudes', () => {
  const { ref } = refFor({ PaymentsOfDividends: [q3('2024-01-01', '2024-09-30', -9), k('2024-01-01', '2024-12-31', 12)] }, 'us-gaap:PaymentsOfDividends', 'flow', -1);
  assert.equal(derivedQuarter(ref, ref.uf, periodOf(fy, 4))!.val, -3);
});

test('a quarter\'s weighted share count is the time-weighted difference of two year-to-date averages', () => {
  const { s, ref } = refFor({ 'WeightedAverageNumberOfSharesOutstandingBasic@shares': [q3('2024-01-01', '2024-09-30', 1_000_000), k('2024-01-01', '2024-12-31', 1_100_000)] },
    'us-gaap:WeightedAverageNumberOfSharesOutstandingBasic', 'shares');
  const r = derivedSharesQuarter(s, ref, ref.uf, periodOf(fy, 4))!;
  // (1,100,000 x 366 - 1,000,000 x 274) / 92
  assert.equal(r.val, Math.round((1_100_000 * 366 - 1_000_000 * 274) / 92));
  assert.match(r.derivation!, /^Q4 = \(FY x 366d - 9M x 274d\) \/ 92d .*time-weighted average\)$/);
  s.shareScaleByAccn.set('k', 1000);
  assert.equal(derivedSharesQuarter(s, ref, ref.uf, periodOf(fy, 4)), null, 'the two filings are on different scales');
});

test('a quarter fact carrying the year\'s value is refused only when the year-to-date values contradict it', () => {
  const { ref } = refFor({ Revenues: [q2('2024-01-01', '2024-06-30', 40), q3('2024-01-01', '2024-09-30', 70), q3('2024-07-01', '2024-09-30', 100), k('2024-01-01', '2024-12-31', 100)] }, 'us-gaap:Revenues');
  const q3fact = ref.uf.durationsByEnd.get(periodOf(fy, 3).endDay)!.find((f) => f.val === 100)!;
  assert.equal(isAnnualValueInQuarterContext(ref, ref.uf, q3fact, periodOf(fy, 3)), true);
  const other = refFor({ Revenues: [q3('2024-07-01', '2024-09-30', 100), k('2024-01-01', '2024-12-31', 100)] }, 'us-gaap:Revenues').ref;
  const f = other.uf.durationsByEnd.get(periodOf(fy, 3).endDay)![0]!;
  assert.equal(isAnnualValueInQuarterContext(other, other.uf, f, periodOf(fy, 3)), false, 'nothing to check it against');
});

test('a per-share flow reported only by quarter: the year is the sum of four three-month periods that tile it, else null (TSMC)', () => {
  const f = filing('f', '20-F', '2025-04-17', 2024, 'FY');
  const quarters = [f('2024-01-01', '2024-03-31', 4), f('2024-04-01', '2024-06-30', 4), f('2024-07-01', '2024-09-30', 4.5), f('2024-10-01', '2024-12-31', 4.5)];
  const bind = (facts: ReturnType<typeof f>[]) => {
    const s = resolverState({ 'CommonStockDividendsPerShareDeclared@USD/shares': facts });
    return bound(s, [{ field: 'div_per_shr', statement: 'income_statement', kind: 'per_share_flow', concepts: [{ concept: 'us-gaap:CommonStockDividendsPerShareDeclared', sign: 1 }] }]).mappings[0]!.concepts[0]!;
  };
  const ref = bind(quarters);
  const r = summedQuartersYear(ref, ref.uf, periodOf(fy, 0))!;
  assert.equal(r.val, 17);
  assert.equal(r.derivation, 'FY = Q1 + Q2 + Q3 + Q4 (us-gaap:CommonStockDividendsPerShareDeclared: 4 + 4 + 4.5 + 4.5, each reported for its three months)');
  const gap = bind([quarters[0]!, quarters[1]!, quarters[3]!]);
  assert.equal(summedQuartersYear(gap, gap.uf, periodOf(fy, 0)), null, 'a missing quarter leaves the year null');
});
