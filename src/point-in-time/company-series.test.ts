// The "last record per date" rule of computed series: date order, and of several records with the
// same date the last one derived, as the records table keeps the last one written.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lastRecordPerDate } from './company-series.js';

const row = (date: string, id: string) => ({ date, id });

test('last record per date: ordered by date, one per date, the last derived of a repeated date', () => {
  const list = [row('2021-12-31', 'a'), row('2020-12-31', 'b'), row('2021-12-31', 'c'), row('2019-12-31', 'd'), row('2021-12-31', 'e'), row('2020-12-31', 'f')];
  lastRecordPerDate(list);
  assert.deepEqual(list, [row('2019-12-31', 'd'), row('2020-12-31', 'f'), row('2021-12-31', 'e')]);
});

test('last record per date: distinct dates are only sorted; an empty series stays empty', () => {
  const list = [row('2022-06-30', 'a'), row('2021-06-30', 'b'), row('2023-06-30', 'c')];
  lastRecordPerDate(list);
  assert.deepEqual(list.map((r) => r.id), ['b', 'a', 'c']);
  const none: Array<{ date: string }> = [];
  lastRecordPerDate(none);
  assert.deepEqual(none, []);
});
