// The standardization memo's rules without the corpus: which fiscal years the facts known since the
// memo's day make be resolved again (a window around the year), and when a record resolved again
// is the same data as the memo's (then the memo's object is kept).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dayNumber } from '../model/dates.js';
import type { FiscalYear } from './fiscal-calendar.js';
import type { PeriodRecord } from '../model/record-types.js';
import { StandardizeMemo, keepSameRecords, sameData } from './standardize-memo.js';

const fy2020: FiscalYear = { label: 2020, startDay: dayNumber('2020-01-01'), endDay: dayNumber('2020-12-31'), labelSource: 'annual-filing', quarterEnds: [null, null, null, dayNumber('2020-12-31')] };
const fy2022: FiscalYear = { ...fy2020, label: 2022, startDay: dayNumber('2022-01-01'), endDay: null, quarterEnds: [dayNumber('2022-03-31'), null, null, null] };

function settled(): StandardizeMemo {
  const memo = new StandardizeMemo();
  memo.advance(null);
  memo.settle(new Map(), [], { partial: new Map(), tax: new Map() });
  return memo;
}

test('standardize memo: a year is resolved again when a new fact ends in it or near it', () => {
  const memo = settled();
  assert.equal(memo.changed(fy2020), false, 'nothing new');
  memo.advance([dayNumber('2021-06-30')]); // a 10-Q of 2021: 181 days after the year's end
  assert.equal(memo.changed(fy2020), false);
  memo.advance([dayNumber('2021-04-20')]); // a cover page dated 110 days after the year's end
  assert.equal(memo.changed(fy2020), true);
  const other = settled();
  other.advance([dayNumber('2019-12-31')]); // the opening balance of 2020
  assert.equal(other.changed(fy2020), true);
  other.settle(new Map(), [], { partial: new Map(), tax: new Map() });
  other.advance([dayNumber('2019-06-30')]);
  assert.equal(other.changed(fy2020), false);
  other.advance([dayNumber('2023-02-01')]); // a year in progress reaches at most 380 days past its start
  assert.equal(other.changed(fy2022), true);
});

test('standardize memo: before a first day is settled, or after an unknown change, everything is resolved again', () => {
  const memo = new StandardizeMemo();
  assert.equal(memo.changed(fy2020), true);
  const after = settled();
  after.advance(null);
  assert.equal(after.changed(fy2020), true);
});

test('sameData: same keys in order and the same values, NaN equal, 0 not -0', () => {
  assert.ok(sameData({ a: 1, b: [1, { c: 'x' }], d: null }, { a: 1, b: [1, { c: 'x' }], d: null }));
  assert.ok(sameData({ a: NaN }, { a: NaN }));
  assert.ok(!sameData({ a: 0 }, { a: -0 }));
  assert.ok(!sameData({ a: 1, b: 2 }, { b: 2, a: 1 }), 'key order counts');
  assert.ok(!sameData({ a: undefined }, {}), 'an undefined value counts');
  assert.ok(!sameData([1, 2], { 0: 1, 1: 2 }));
  assert.ok(!sameData({ a: { b: 1 } }, { a: { b: 2 } }));
});

test('keepSameRecords: a record resolved again as the same data is the memo\'s object', () => {
  const rec = (date: string, v: number, filed: string): PeriodRecord => ({ recordType: 'income_statement', period: 'quarterly', date, fiscalYear: 2020, periodLabel: 'Q1',
    values: { is_net_income: v }, provenance: { is_net_income: { concept: 'us-gaap:NetIncomeLoss', filed } } });
  const old1 = rec('2020-03-31', 5, '2020-05-01'), old2 = rec('2020-06-30', 6, '2020-08-01');
  const records = [rec('2020-03-31', 5, '2020-05-01'), rec('2020-06-30', 6, '2021-08-01'), rec('2020-09-30', 7, '2020-11-01')];
  keepSameRecords(records, 0, { records: [old1, old2], scaleBefore: '', scaleAfter: [] });
  assert.equal(records[0], old1, 'the same data: the memo\'s object');
  assert.notEqual(records[1], old2, 'another filing named: a new record');
  assert.equal(records[2]!.date, '2020-09-30');
});
