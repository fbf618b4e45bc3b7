import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TickerIndex, type SearchEntry } from './ticker-index.js';
import { searchTickers } from './ticker-search.js';

const e = (symbol: string, name: string, extra: Partial<SearchEntry> = {}): SearchEntry => ({
  symbol, name, issuerName: name, secName: null, securityName: null, exchange: 'NYSE', exchangeName: 'New York Stock Exchange',
  type: 'common stock', listed: true, secRank: null, ...extra,
});
const index = new TickerIndex([
  e('ARE', 'Alexandria Real Estate Equities, Inc.', { secRank: 50 }),
  e('ARES', 'Ares Management Corporation', { secRank: 40 }),
  e('AREA', 'Harbor AlphaEdge Next Generation REITs ETF', { type: 'ETF', exchange: 'ARCA' }),
  e('BRK-A', 'Berkshire Hathaway Inc.', { secRank: 9 }),
  e('BRK-B', 'Berkshire Hathaway Inc.', { secRank: 8 }),
  e('BHLB', 'Berkshire Hills Bancorp, Inc.', { secRank: 900 }),
  e('AAPL', 'Apple Inc.', { secRank: 1, exchange: 'NASDAQ' }),
  e('APLE', 'Apple Hospitality REIT, Inc.', { secRank: 700 }),
  e('OLDA', 'Apple Old Corp', { listed: false }),
  e('AAPL-WT', 'Apple Inc. Warrants', { type: 'warrant' }),
  e('META', 'Meta Platforms, Inc.', { formerNames: ['Facebook Inc'], exchange: 'NASDAQ' }),
]);
const top = (q: string, opts = {}) => searchTickers(index, q, { limit: 5, ...opts }).map((h) => h.entry.symbol);

test('an exact symbol beats names containing it', () => assert.equal(top('ARE')[0], 'ARE'));
test('share class letters pick the class', () => {
  assert.equal(top('berkshire b')[0], 'BRK-B');
  assert.equal(top('berkshire a')[0], 'BRK-A');
  assert.equal(top('BRK.A')[0], 'BRK-A');
});
test('listed common stock before delisted and derivatives', () => {
  const got = top('apple');
  assert.equal(got[0], 'AAPL');
  assert.ok(got.indexOf('AAPL-WT') > 0 && got.indexOf('OLDA') > got.indexOf('APLE'));
});
test('typos and former names', () => {
  assert.ok(top('appel').slice(0, 2).includes('AAPL'));
  assert.equal(top('facebook')[0], 'META');
});
test('exchange filter and name-only mode', () => {
  assert.deepEqual(top('apple', { exchange: 'NASDAQ' }), ['AAPL']);
  assert.notEqual(top('ARE', { mode: 'name' })[0], 'ARE');
});
