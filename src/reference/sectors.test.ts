import { test } from 'node:test';
import assert from 'node:assert/strict';
import { industryFromSicDescription, normalizeSector, SIC_SECTOR_RANGES, sectorFromSic } from './sectors.js';

test('SIC codes map into the profiles sector vocabulary', () => {
  assert.equal(sectorFromSic('3571'), 'Technology');   // Apple: electronic computers
  assert.equal(sectorFromSic('2834'), 'Health Care');  // pharmaceutical preparations
  assert.equal(sectorFromSic('6022'), 'Finance');      // state commercial banks
  assert.equal(sectorFromSic('6798'), 'Real Estate');  // REITs
  assert.equal(sectorFromSic('4911'), 'Utilities');
  assert.equal(sectorFromSic('1311'), 'Energy');
  assert.equal(sectorFromSic('7372'), 'Technology');
  assert.equal(sectorFromSic('3711'), 'Consumer Discretionary');
  assert.equal(sectorFromSic(null), null);
  assert.equal(sectorFromSic('abc'), null);
});

test('every SIC sector is a profiles sector after normalization', () => {
  const vocabulary = new Set(['Finance', 'Health Care', 'Consumer Discretionary', 'Technology', 'Industrials', 'Real Estate', 'Energy',
    'Utilities', 'Consumer Staples', 'Basic Materials', 'Telecommunications', 'Miscellaneous']);
  for (const [, , s] of SIC_SECTOR_RANGES) assert.ok(vocabulary.has(s), s);
  assert.equal(normalizeSector('Healthcare'), 'Health Care');
  assert.equal(normalizeSector('Financial Services'), 'Finance');
  assert.equal(normalizeSector(''), null);
});

test('SIC descriptions become title-case industries', () => {
  assert.equal(industryFromSicDescription('ELECTRONIC COMPUTERS'), 'Electronic Computers');
  assert.equal(industryFromSicDescription('Semiconductors & Related Devices'), 'Semiconductors & Related Devices');
});
