// The rates of currency conversion: period-end rate (last ECB date on or before, within 7 days)
// and the period average (mean of the window's daily rates, 6 significant digits).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { averageRate, periodEndRate, windowStart } from './fx-conversion-rates.js';

const rates = { dates: ['2023-09-29', '2023-10-02', '2023-12-28', '2023-12-29', '2024-01-02'], rates: [1.0594, 1.0531, 1.1114, 1.105, 1.0956] };

test('a year ending on a Sunday takes the Friday\'s rate; none within 7 days is null', () => {
  assert.deepEqual(periodEndRate(rates, '2023-12-31'), { rate: 1.105, note: 'ECB rate of 2023-12-29 1.105' });
  assert.equal(periodEndRate(rates, '2023-12-10'), null, 'the last rate (2023-10-02) is 69 days earlier');
  assert.equal(periodEndRate(rates, '2023-01-01'), null, 'no rate before');
});

test('the average of the daily rates of the window ending at the record date, rounded to 6 significant digits', () => {
  assert.equal(windowStart('2023-12-31', 12), '2023-01-01');
  assert.equal(windowStart('2023-12-31', 3), '2023-10-01');
  const q = averageRate(rates, '2023-12-31', 3)!;
  assert.equal(q.rate, Number(((1.0531 + 1.1114 + 1.105) / 3).toPrecision(6)));
  assert.match(q.note, /^average of 3 ECB daily rates 2023-10-01\.\.2023-12-31 /);
  assert.equal(averageRate(rates, '2023-09-28', 3), null);
});
