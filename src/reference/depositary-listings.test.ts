// The ADR rule of reference/adr_ratios.csv on rows shaped like the corpus file (TSM, ASML, TM, PLL, ONE).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { depositarySymbols, listingType } from './depositary-listings.js';
import type { AdrRatioRow } from '../sources/adr-ratios-csv.js';

const row = (symbol: string, ratio: number | null): AdrRatioRow => ({ symbol, ordinaryPerDepositary: ratio, asOf: null, source: 'x', sourcesAgree: 'yes' });
const dep = depositarySymbols([row('TSM', 5), row('TSM', 5), row('ASML', 1), row('TM', 2), row('TM', 10), row('PLL', 100), row('ONE', 40), row('MIX', 1), row('MIX', 2), row('NONE', null)]);
const entry = (symbol: string, securityName: string | null) => ({ symbol, type: 'common stock' as const, securityName });

test('TSM (5 ordinary shares per ADR) and TM (2 or 10) are depositary; ASML (1), a mix with 1 and a blank ratio are not', () => {
  assert.deepEqual([...dep].sort(), ['ONE', 'PLL', 'TM', 'TSM']);
});

test('TSM: NYSE name "Taiwan Semiconductor Manufacturing Company Ltd." becomes ADR; ASML New York Registry Shares stay common stock', () => {
  assert.equal(listingType(entry('TSM', 'Taiwan Semiconductor Manufacturing Company Ltd.'), dep), 'ADR');
  assert.equal(listingType(entry('TM', 'Toyota Motor Corporation Common Stock'), dep), 'ADR');
  assert.equal(listingType(entry('ASML', 'ASML Holding N.V. - New York Registry Shares'), dep), 'common stock');
});

test('the file does not override a NASDAQ "- Common Stock" name (PLL) or a non-common type', () => {
  assert.equal(listingType(entry('PLL', 'Piedmont Lithium Inc. - Common Stock'), dep), 'common stock');
  assert.equal(listingType({ ...entry('TSM', 'x'), type: 'preferred stock' }, dep), 'preferred stock');
});

test('AAPL, absent from the file, is unchanged', () => {
  assert.equal(listingType(entry('AAPL', 'Apple Inc. - Common Stock'), dep), 'common stock');
});
