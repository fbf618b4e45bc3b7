import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifySecurity, displayName, issuerName, normalizeSymbol, shareClass } from './symbols.js';

test('directory and user symbol spellings map to the SEC convention', () => {
  assert.equal(normalizeSymbol('BRK.B'), 'BRK-B');
  assert.equal(normalizeSymbol('brk/b'), 'BRK-B');
  assert.equal(normalizeSymbol('ABR$D'), 'ABR-PD');
  assert.equal(normalizeSymbol('ABR^D'), 'ABR-PD');
  assert.equal(normalizeSymbol('AA$'), 'AA-P');
  assert.equal(normalizeSymbol('AACT.U'), 'AACT-UN');
  assert.equal(normalizeSymbol('AACT.W'), 'AACT-WT');
  assert.equal(normalizeSymbol('AACT.WS'), 'AACT-WT');
  assert.equal(normalizeSymbol('XYZ.R'), 'XYZ-RI');
  assert.equal(normalizeSymbol('BRK-B'), 'BRK-B');
  assert.equal(normalizeSymbol(' aapl '), 'AAPL');
});

test('share class only for a single letter after the dash', () => {
  assert.equal(shareClass('BRK-B'), 'B');
  assert.equal(shareClass('BAC-PB'), null);
  assert.equal(shareClass('AAPL'), null);
});

test('security types from the directory flag and names', () => {
  assert.equal(classifySecurity('SPDR S&P 500', true, 'SPY'), 'ETF');
  assert.equal(classifySecurity('iPath Bloomberg Commodity Index Total Return ETN', true, 'DJP'), 'ETN');
  assert.equal(classifySecurity('Apple Inc. - Common Stock', false, 'AAPL'), 'common stock');
  assert.equal(classifySecurity('Ares Acquisition Corporation II Units, each consisting of one Class A ordinary share and one-half of one redeemable warrant', false, 'AACT-UN'), 'unit');
  assert.equal(classifySecurity('Ares Acquisition Corporation II Redeemable Warrants, each whole warrant exercisable for one Class A ordinary share', false, 'AACT-WT'), 'warrant');
  assert.equal(classifySecurity('Artius II Acquisition Inc. - Rights', false, 'AACBR'), 'right');
  assert.equal(classifySecurity('Bank of America Corporation Depositary Shares, each representing a 1/1,000th interest in a share of 6.000% Non-Cumulative Preferred Stock, Series GG', false, 'BAC-PB'), 'preferred stock');
  assert.equal(classifySecurity('Alibaba Group Holding Limited American Depositary Shares each representing eight Ordinary share', false, 'BABA'), 'ADR');
  assert.equal(classifySecurity('Energy Transfer LP Common Units representing limited partner interests', false, 'ET'), 'limited partnership');
  assert.equal(classifySecurity('Dominion Energy Inc 2019 Series A 5.25% Enhanced Junior Subordinated Notes due 2079', false, 'DRUA'), 'debt');
  assert.equal(classifySecurity('', false, 'XYZ-WT'), 'warrant');
});

test('issuer part of directory security names', () => {
  assert.equal(issuerName('Apple Inc. - Common Stock'), 'Apple Inc.');
  assert.equal(issuerName('Berkshire Hathaway Inc. New Common Stock'), 'Berkshire Hathaway Inc.');
  assert.equal(issuerName('Boeing Company (The) Common Stock'), 'The Boeing Company');
  assert.equal(issuerName('Alphabet Inc. - Class C Capital Stock'), 'Alphabet Inc.');
  assert.equal(issuerName('Brown Forman Inc Class B Common Stock'), 'Brown Forman Inc');
  assert.equal(displayName('SPDR S&P 500', 'ETF'), 'SPDR S&P 500');
});
