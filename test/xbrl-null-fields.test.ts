// Regressions for the null fields and reported zeros of issue 30 (items 8, 10, 12), each named
// after the corpus company and period it fixes, on the corpus' real filings
// (sec/companyfacts.zip): values read from the named filings.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CompanyStatements, PeriodRecord, StatementType } from '../src/model/record-types.js';
import { noCorpus, recordOf, standardizedStatements } from './support/corpus-statements.js';

const CIKS: Record<string, string> = {
  AAPL: '0000320193',
};

let statements = new Map<string, CompanyStatements>();
function record(ticker: string, period: 'annual' | 'quarterly', date: string, type: StatementType): PeriodRecord {
  return recordOf(statements, ticker, period, date, type);
}

describe('null fields and reported zeros (issue 30) on real filings', { skip: noCorpus }, () => {
  before(async () => { statements = await standardizedStatements(CIKS); });

  test('apple-fiscal-2023-change-in-working-capital-and-non-cash-items', () => {
    // 10-K cash-flow statement, changes in operating assets and liabilities: accounts receivable
    // −1,688M, vendor non-trade receivables +1,271M, inventories −1,618M, other current and
    // non-current assets −5,684M, accounts payable −1,889M, other current and non-current
    // liabilities +3,031M: −6,577M. Operating cash flow 110,543M, net income 96,995M.
    const cf = record('AAPL', 'annual', '2023-09-30', 'cash_flow');
    assert.equal(cf.values.cf_chng_non_cash_work_cap, -6577000000);
    assert.equal(cf.values.cf_non_cash_items_detailed, 110543000000 - 96995000000 + 6577000000);
    const d = cf.provenance.cf_chng_non_cash_work_cap?.derivation ?? '';
    assert.match(d, /^cf_chng_non_cash_work_cap = -us-gaap:IncreaseDecreaseInAccountsReceivable /);
    assert.match(d, /\+ us-gaap:IncreaseDecreaseInOtherOperatingLiabilities/);
    assert.match(d, /\(lines of 0000320193-\d\d-\d{6}, 2022-09-25\.\.2023-09-30\)$/);
    assert.equal(cf.provenance.cf_non_cash_items_detailed?.derivation, 'cf_non_cash_items_detailed = cf_cash_from_oper - cf_net_inc - cf_chng_non_cash_work_cap');
  });

  test('apple-fiscal-2018-liabilities-increase-provides-cash', () => {
    // 10-K 2018: other current and non-current liabilities +38,490M (the transition tax) in a
    // change of working capital of +34,694M; deferred taxes −32,590M make non-cash items negative.
    const cf = record('AAPL', 'annual', '2018-09-29', 'cash_flow');
    assert.equal(cf.values.cf_chng_non_cash_work_cap, 34694000000);
    assert.equal(cf.values.cf_non_cash_items_detailed, 77434000000 - 59531000000 - 34694000000);
  });

  test('apple-fiscal-2024-quarters-of-working-capital-add-up-to-the-year', () => {
    const year = record('AAPL', 'annual', '2024-09-28', 'cash_flow').values.cf_chng_non_cash_work_cap;
    let sum = 0;
    for (const q of ['2023-12-30', '2024-03-30', '2024-06-29', '2024-09-28']) {
      const v = record('AAPL', 'quarterly', q, 'cash_flow').values.cf_chng_non_cash_work_cap;
      assert.equal(typeof v, 'number', q);
      sum += v as number;
    }
    assert.equal(sum, year);
  });
});
