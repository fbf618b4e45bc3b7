import { test } from 'node:test';
import assert from 'node:assert/strict';
import { convertPerShare, convertShares, splitFactorBetween } from './split-history.js';

// AAPL: 7-for-1 on 2014-06-09, 4-for-1 on 2020-08-31
const AAPL = [{ date: '2014-06-09', from: 1, to: 7 }, { date: '2020-08-31', from: 1, to: 4 }];

test('splitFactorBetween counts splits with after < ex-date <= upTo', () => {
  assert.equal(splitFactorBetween(AAPL, '2014-06-06', '2014-06-09'), 7);
  assert.equal(splitFactorBetween(AAPL, '2014-06-09', '2020-08-30'), 1); // a bar on the ex-date is already post-split
  assert.equal(splitFactorBetween(AAPL, '2013-09-27', '2023-04-14'), 28);
  assert.equal(splitFactorBetween([{ date: '2016-10-06', from: 3, to: 1 }], '2016-01-01', '2017-01-01'), 1 / 3);
});

test('restated comparative shares go back to the record date basis', () => {
  // FY2013 diluted shares restated in a filing of 2015-10-28 (after the 7-for-1): 6,521,634,000 -> 931,662,000
  assert.equal(convertShares(6_521_634_000, AAPL, '2015-10-28', '2013-09-28'), 931_662_000);
  // and EPS 5.68 restated -> 39.76 on the 2013 basis
  assert.equal(Math.round(convertPerShare(5.68, AAPL, '2015-10-28', '2013-09-28') * 100) / 100, 39.76);
  // forward conversion (price of 2014-06-06 on the basis of 2014-09-27)
  assert.equal(Math.round(convertPerShare(645.57, AAPL, '2014-06-06', '2014-09-27') * 100) / 100, 92.22);
  assert.equal(convertShares(5, AAPL, '2014-01-01', '2014-01-01'), 5);
});
