import { test } from 'node:test';
import assert from 'node:assert/strict';
import { filing, type SyntheticFact } from '../../../test/support/synthetic-facts.js';
import { bound, calendarYear, mappingOf, periodOf, resolverState } from '../../../test/support/period-values.js';
import type { FieldMapping } from '../concept-map/mapping-types.js';
import { agreesWithYear, candidate, partialOverTime } from './candidate-choice.js';

const fy = calendarYear(2024);
const k = filing('k', '10-K', '2025-02-01', 2024, 'FY');
const q3 = filing('q3', '10-Q', '2024-11-01', 2024, 'Q3');
const year = (v: number): SyntheticFact => k('2024-01-01', '2024-12-31', v);

function field(concepts: Record<string, SyntheticFact[]>, m: Omit<FieldMapping, 'field' | 'statement' | 'concepts'>, names: string[]) {
  const s = resolverState(concepts);
  const st = bound(s, [{ field: 'f', statement: 'income_statement', ...m, concepts: names.map((n) => ({ concept: `us-gaap:${n}`, sign: 1 as const })) }]);
  return { s, m: mappingOf(st, 'f') };
}

test('plausibility guards: negative values of non-negative fields, zero share counts, values off the anchor\'s scale', () => {
  const neg = field({ OperatingExpenses: [year(-2_104)] }, { kind: 'flow', nonNegative: true }, ['OperatingExpenses']);
  assert.equal(candidate(neg.s, neg.m, neg.m.concepts[0]!, periodOf(fy, 0), null), null);
  const zero = field({ 'WeightedAverageNumberOfDilutedSharesOutstanding@shares': [year(0)] }, { kind: 'shares' }, ['WeightedAverageNumberOfDilutedSharesOutstanding']);
  assert.equal(candidate(zero.s, zero.m, zero.m.concepts[0]!, periodOf(fy, 0), null), null);
  const small = field({ NetIncomeLossAvailableToCommonStockholdersBasic: [year(0.91)] }, { kind: 'flow' }, ['NetIncomeLossAvailableToCommonStockholdersBasic']);
  assert.equal(candidate(small.s, small.m, small.m.concepts[0]!, periodOf(fy, 0), 681e6), null);
  assert.equal(candidate(small.s, small.m, small.m.concepts[0]!, periodOf(fy, 0), null)!.val, 0.91);
});

test('a value below the notBelow field\'s value of the period is a part, not the total', () => {
  const s = resolverState({ AccountsReceivableNetCurrent: [k(null, '2024-12-31', 1_224)], AccountsAndOtherReceivablesNetCurrent: [k(null, '2024-12-31', 257)] });
  const st = bound(s, [
    { field: 'trade', statement: 'balance_sheet', kind: 'instant', concepts: [{ concept: 'us-gaap:AccountsReceivableNetCurrent', sign: 1 }] },
    { field: 'total', statement: 'balance_sheet', kind: 'instant', notBelow: 'trade', concepts: [{ concept: 'us-gaap:AccountsAndOtherReceivablesNetCurrent', sign: 1 }] },
  ]);
  const total = mappingOf(st, 'total');
  s.currentValues = [1_224, null];
  assert.equal(candidate(s, total, total.concepts[0]!, periodOf(fy, 0), null), null);
  s.currentValues = [null, null];
  assert.equal(candidate(s, total, total.concepts[0]!, periodOf(fy, 0), null)!.val, 257);
});

test('whether a partial first concept gives way to the larger one is decided once over the company\'s years', () => {
  const years = (first: number, other: number) => ({
    Revenues: [2021, 2022, 2023].map((y) => filing(`k${y}`, '10-K', `${y + 1}-02-01`, y, 'FY')(`${y}-01-01`, `${y}-12-31`, first)),
    RevenueFromContractWithCustomerExcludingAssessedTax: [2021, 2022, 2023].map((y) => filing(`k${y}`, '10-K', `${y + 1}-02-01`, y, 'FY')(`${y}-01-01`, `${y}-12-31`, other)),
  });
  const names = ['Revenues', 'RevenueFromContractWithCustomerExcludingAssessedTax'];
  const note = field(years(2_037, 19_857), { kind: 'flow', pick: 'first-unless-partial' }, names);
  assert.equal(partialOverTime(note.s, note.m, 'us-gaap:Revenues', 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax'), true);
  assert.equal(note.s.partialDecisions.size, 1, 'remembered');
  const line = field(years(26_724, 26_764), { kind: 'flow', pick: 'first-unless-partial' }, names);
  assert.equal(partialOverTime(line.s, line.m, 'us-gaap:Revenues', 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax'), false);
});

test('a quarter\'s other candidate agrees with the year\'s concept when its year is within 10 %', () => {
  const names = ['NetIncomeLoss', 'NetIncomeLossAvailableToCommonStockholdersBasic', 'ProfitLoss'];
  const { s, m } = field({
    NetIncomeLoss: [year(100), q3('2024-07-01', '2024-09-30', 30)],
    NetIncomeLossAvailableToCommonStockholdersBasic: [year(95), q3('2024-07-01', '2024-09-30', 28)],
    ProfitLoss: [year(150), q3('2024-07-01', '2024-09-30', 40)],
  }, { kind: 'flow' }, names);
  const check = { ref: m.concepts[0]!, total: undefined as number | null | undefined };
  const ctx = periodOf(fy, 3);
  assert.equal(agreesWithYear(s, m, m.concepts[1]!, ctx, check), true);
  assert.equal(check.total, 100, 'the year\'s value is computed once');
  assert.equal(agreesWithYear(s, m, m.concepts[2]!, ctx, check), false);
});
