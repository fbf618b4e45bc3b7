// The spans of a company's screen row (screen-versions-table.ts screenSpans) on synthetic record
// versions (values made up here, and said so): a new period known opens a span, a restatement of
// the newest period opens one on its filing day, a restatement of an older period changes nothing,
// a ttm row is made by the derived records only (a later balance sheet alone is no newer ttm row),
// and no span starts before the first record is known. Real-company equality with the as_of
// reference path is test/screener-as-of-sql.test.ts.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { OPEN_END, screenSpans, type ScreenVersionInput } from './screen-versions-table.js';
import type { RecordType } from '../../model/record-types.js';

const v = (recordType: RecordType, period: string, date: string, from: string, to: string | null, values: Record<string, number>): ScreenVersionInput =>
  ({ recordType, period, date, from, to, body: JSON.stringify({ date, fiscal_year: Number(date.slice(0, 4)), period_label: date.slice(0, 4), ...values }) });

const span = (s: ReturnType<typeof screenSpans>[number]) => ({ from: s.from, to: s.to, date: s.row.date, revenue: s.row.values.get('is_sales_revenue_turnover') ?? null, cap: s.row.values.get('market_cap') ?? null });

describe('screen versions: spans of the newest row (synthetic versions)', () => {
  test('a new period and a restatement of the newest period open spans; an older period\u2019s restatement does not', () => {
    const versions = [
      v('income_statement', 'annual', '2018-12-31', '2019-02-20', '2020-09-01', { is_sales_revenue_turnover: 100 }),
      v('income_statement', 'annual', '2018-12-31', '2020-09-01', null, { is_sales_revenue_turnover: 101 }),
      v('income_statement', 'annual', '2019-12-31', '2020-02-25', '2020-08-01', { is_sales_revenue_turnover: 200 }),
      v('income_statement', 'annual', '2019-12-31', '2020-08-01', null, { is_sales_revenue_turnover: 210 }),
      v('enterprise_value', 'annual', '2019-12-31', '2020-02-25', null, { market_cap: 5000 }),
      // a quarterly record is no annual row
      v('income_statement', 'quarterly', '2020-03-31', '2020-05-01', null, { is_sales_revenue_turnover: 60 }),
    ];
    assert.deepEqual(screenSpans('annual', versions).map(span), [
      { from: '2019-02-20', to: '2020-02-25', date: '2018-12-31', revenue: 100, cap: null },
      { from: '2020-02-25', to: '2020-08-01', date: '2019-12-31', revenue: 200, cap: 5000 },
      { from: '2020-08-01', to: OPEN_END, date: '2019-12-31', revenue: 210, cap: 5000 },
    ]);
  });

  test('ttm rows are made by the derived records; the balance sheet only adds to them', () => {
    const versions = [
      // the balance sheet first: the versions' order does not matter
      v('balance_sheet', 'quarterly', '2020-03-31', '2020-05-01', null, { bs_tot_asset: 900 }),
      v('multiples', 'quarterly', '2020-03-31', '2020-05-01', null, { pe_ratio: 12 }),
      // a newer balance sheet without derived records of its quarter is no newer ttm row
      v('balance_sheet', 'quarterly', '2020-06-30', '2020-08-01', null, { bs_tot_asset: 950 }),
    ];
    const spans = screenSpans('ttm', versions);
    assert.equal(spans.length, 1);
    assert.deepEqual({ from: spans[0]!.from, to: spans[0]!.to, date: spans[0]!.row.date }, { from: '2020-05-01', to: OPEN_END, date: '2020-03-31' });
    assert.equal(spans[0]!.row.values.get('pe_ratio'), 12);
    assert.equal(spans[0]!.row.values.get('bs_tot_asset'), 900);
    // the quarterly kind reads every record type: the balance sheet's newer quarter is its newest row
    assert.deepEqual(screenSpans('quarterly', versions).map((s) => [s.from, s.to, s.row.date]), [['2020-05-01', '2020-08-01', '2020-03-31'], ['2020-08-01', OPEN_END, '2020-06-30']]);
  });

  test('a period withdrawn (its only version ends) gives the span back to the period before', () => {
    const versions = [
      v('income_statement', 'annual', '2018-12-31', '2019-02-20', null, { is_sales_revenue_turnover: 100 }),
      v('income_statement', 'annual', '2019-12-31', '2020-02-25', '2020-03-10', { is_sales_revenue_turnover: 200 }),
    ];
    assert.deepEqual(screenSpans('annual', versions).map((s) => [s.from, s.to, s.row.date]), [
      ['2019-02-20', '2020-02-25', '2018-12-31'], ['2020-02-25', '2020-03-10', '2019-12-31'], ['2020-03-10', OPEN_END, '2018-12-31'],
    ]);
    assert.deepEqual(screenSpans('annual', []), []);
  });
});
