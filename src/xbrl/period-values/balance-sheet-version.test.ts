import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dayNumber } from '../../model/dates.js';
import { filing } from '../../../test/support/synthetic-facts.js';
import { resolverState } from '../../../test/support/period-values.js';
import { balanceSheetVersion } from './balance-sheet-version.js';

const k19 = filing('k-2019', '10-K', '2020-02-01', 2019, 'FY');
const k21 = filing('k-2021', '10-K', '2022-02-01', 2021, 'FY');
const day = dayNumber('2019-12-31');

test('a balance repeated by a later filing\'s equity statement is taken from the balance sheet of its date', () => {
  const s = resolverState({
    LiabilitiesAndStockholdersEquity: [k19(null, '2019-12-31', 20_000)],
    StockholdersEquity: [k19(null, '2019-12-31', 7_567), k21(null, '2019-12-31', 7_643)],
  });
  const uf = s.index.unitFacts('us-gaap:StockholdersEquity', 'USD')!;
  const kept = uf.instants.get(day)!;
  assert.equal(kept.val, 7_643, 'the index keeps the latest filing');
  assert.equal(balanceSheetVersion(s, uf, kept, day, false)!.val, 7_567);
});

test('a balance no balance-sheet filing reports is kept, or refused when strict', () => {
  const s = resolverState({
    LiabilitiesAndStockholdersEquity: [k19(null, '2019-12-31', 20_000)],
    StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest: [k21(null, '2019-12-31', 8_000)],
  });
  const uf = s.index.unitFacts('us-gaap:StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest', 'USD')!;
  const f = uf.instants.get(day)!;
  assert.equal(balanceSheetVersion(s, uf, f, day, false), f);
  assert.equal(balanceSheetVersion(s, uf, f, day, true), null);
});

test('without balance-sheet totals for the date the fact is kept as it is', () => {
  const s = resolverState({ StockholdersEquity: [k21(null, '2019-12-31', 7_643)] });
  const uf = s.index.unitFacts('us-gaap:StockholdersEquity', 'USD')!;
  const f = uf.instants.get(day)!;
  assert.equal(balanceSheetVersion(s, uf, f, day, true), f);
});
