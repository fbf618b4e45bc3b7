import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ipoDate } from './ipo-date.js';

test('airbnb: first trading day 2020-12-10 in its IPO year 2020 is the IPO date', () => {
  assert.equal(ipoDate('2020-12-10', 2020), '2020-12-10');
});

test('a price history that starts after the IPO year gives no IPO date (Apple: 1980, prices from 2000s)', () => {
  assert.equal(ipoDate('2009-01-02', 1980), null);
});

test('no IPO year, no first day, or a malformed day: null', () => {
  assert.equal(ipoDate('2020-12-10', null), null);
  assert.equal(ipoDate(null, 2020), null);
  assert.equal(ipoDate('2020-1-1', 2020), null);
});
