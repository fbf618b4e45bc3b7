// Market data as known on a day: closes and splits up to it; what a close's conversion says of it
// (the closes left out, the filer's and the ECB's rates) is kept, so a record as of that day names
// the rate of its close as the stored record does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { MarketData } from './market-data.js';
import { marketAsOf } from './market-as-of.js';

test('marketAsOf: closes and splits up to the day; the ECB rates of the closes kept', () => {
  const m: MarketData = {
    ticker: 'X', dates: ['2020-01-02', '2020-01-03', '2020-01-06'], closes: [10, 11, 12],
    splits: [{ date: '2020-01-03', from: 1, to: 2 }, { date: '2020-01-06', from: 1, to: 3 }],
    ecbRated: { pair: 'USDTWD', rates: new Map([['2020-01-02', 30], ['2020-01-03', 30.1], ['2020-01-06', 30.2]]) },
  };
  const cut = marketAsOf(m, '2020-01-03')!;
  assert.deepEqual(cut.dates, ['2020-01-02', '2020-01-03']);
  assert.deepEqual(cut.closes, [10, 11]);
  assert.deepEqual(cut.splits.map((s) => s.date), ['2020-01-03']);
  assert.equal(cut.ecbRated?.pair, 'USDTWD');
  assert.equal(cut.ecbRated?.rates.get('2020-01-03'), 30.1);
  assert.equal(marketAsOf(m, null), m);
});
