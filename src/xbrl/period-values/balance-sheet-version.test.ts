import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dayNumber } from '../../model/dates.js';
import { companyFacts, filing } from '../../../test/support/synthetic-facts.js';
import { resolverState } from '../../../test/support/period-values.js';
import { balanceSheetVersion } from './balance-sheet-version.js';
import { FactIndex } from '../fact-index.js';
import { newResolverState } from './resolver-state.js';

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

test('a filer that moved from IFRS to US GAAP: its IFRS 20-F balance sheets count for their dates (Celestica, 2021-12-31)', () => {
  const f20 = filing('f-2021', '20-F', '2022-03-01', 2021, 'FY');
  const k24 = filing('k-2024', '10-K', '2025-02-01', 2024, 'FY');
  const d21 = dayNumber('2021-12-31');
  const ifrs = {
    EquityAndLiabilities: { label: 'Equity and liabilities', units: { USD: [f20(null, '2021-12-31', 5_000)] } },
    Equity: { label: 'Equity', units: { USD: [f20(null, '2021-12-31', 1_463)] } },
  };
  const s = newResolverState(new FactIndex(companyFacts({
    LiabilitiesAndStockholdersEquity: [k24(null, '2024-12-31', 7_000)],
    // the 10-K's equity statement opens with the 2021 balance on the US GAAP basis
    StockholdersEquity: [k24(null, '2021-12-31', 1_461)],
  }, { 'ifrs-full': ifrs }).facts as Record<string, Record<string, unknown>>), 'USD');
  const uf = s.index.unitFacts('us-gaap:StockholdersEquity', 'USD')!;
  assert.equal(balanceSheetVersion(s, uf, uf.instants.get(d21)!, d21, true), null, 'no balance sheet of 2021-12-31 in the 10-K');
  const ie = s.index.unitFacts('ifrs-full:Equity', 'USD')!;
  assert.equal(balanceSheetVersion(s, ie, ie.instants.get(d21)!, d21, true)!.val, 1_463);
});
