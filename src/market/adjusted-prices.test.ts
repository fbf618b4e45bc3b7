import { test } from 'node:test';
import assert from 'node:assert/strict';
import { adjustedColumns } from './adjusted-prices.js';

const DATES = ['2020-08-27', '2020-08-28', '2020-08-31', '2020-09-01', '2020-09-02'];

test('a 4-for-1 split: adjusted close and volume on the new basis, previous close on each bar\'s basis', () => {
  const close = [500, 499.23, 129.04, 134.18, 131.4];
  const volume = [100, 200, 800, 800, 800];
  const a = adjustedColumns(DATES, close, volume, [{ date: '2020-08-31', from: 1, to: 4 }], []);
  assert.deepEqual(a.adjClose, [125, 124.8075, 129.04, 134.18, 131.4]);
  assert.deepEqual(a.adjVolume, [400, 800, 800, 800, 800]);
  assert.ok(Number.isNaN(a.prevClose[0]!));
  assert.deepEqual(a.prevClose.slice(1), [500, 124.8075, 129.04, 134.18]);
});

test('a cash dividend multiplies earlier adjusted closes by 1 - D / the close before the ex-date; a spin-off ratio that is no split divides them', () => {
  const close = [100, 100, 98, 98, 60];
  const a = adjustedColumns(DATES, close, [1, 1, 1, 1, 1], [], [
    { date: '2020-08-31', kind: 'dividend', value: 2 },
    { date: '2020-09-02', kind: 'ratio', value: 1.6 },
  ]);
  const f = (1 - 2 / 100) / 1.6;
  assert.deepEqual(a.adjClose, [100 * f, 100 * f, 98 / 1.6, 98 / 1.6, 60].map((x) => Math.round(x * 1e4) / 1e4));
  assert.equal(a.dividend[2], 2);
  assert.ok(Number.isNaN(a.dividend[1]!));
  assert.deepEqual(a.prevClose.slice(1), [100, 100, 98, 98], 'a spin-off is no share-basis change');
});

test('a source ratio that is a split of the split history (a day apart) counts once', () => {
  const close = [400, 400, 100, 100, 100];
  const a = adjustedColumns(DATES, close, [1, 1, 1, 1, 1], [{ date: '2020-08-31', from: 1, to: 4 }], [
    { date: '2020-09-01', kind: 'ratio', value: 4 },
  ]);
  assert.deepEqual(a.adjClose, [100, 100, 100, 100, 100]);
});
