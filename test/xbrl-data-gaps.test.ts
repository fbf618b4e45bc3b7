// Regressions for the data gaps of issue 17, each named after the company and period it fixes,
// on the corpus' real filings (sec/companyfacts.zip): values read from the named filings.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CompanyStatements, PeriodRecord, StatementType } from '../src/model/record-types.js';
import { noCorpus, recordOf, standardizedStatements } from './support/corpus-statements.js';

const CIKS: Record<string, string> = {
  JPM: '0000019617', XOM: '0000034088', DLR: '0001297996', ESS: '0000920522', AAPL: '0000320193',
  WMT: '0000104169', ABT: '0000001800', JBHT: '0000728535', TROW: '0001113169',
};

let statements = new Map<string, CompanyStatements>();
function record(ticker: string, period: 'annual' | 'quarterly', date: string, type: StatementType): PeriodRecord {
  return recordOf(statements, ticker, period, date, type);
}

describe('data gaps (issue 17) on real filings', { skip: noCorpus }, () => {
  before(async () => { statements = await standardizedStatements(CIKS); });

  test('jpmorgan-2024-long-term-debt-on-an-unclassified-balance-sheet', () => {
    // 10-K 2024 balance sheet: long-term debt 401,418M (tagged including current maturities),
    // short-term borrowings 52,893M; no current liabilities.
    const bs = record('JPM', 'annual', '2024-12-31', 'balance_sheet');
    assert.equal(bs.values.bs_lt_borrow, 401418000000);
    assert.equal(bs.values.bs_long_term_borrowings_detailed, 401418000000);
    assert.equal(bs.values.bs_st_borrow, 52893000000);
    assert.match(bs.provenance.bs_lt_borrow?.derivation ?? '', /LongTermDebtAndCapitalLeaseObligationsIncludingCurrentMaturities/);
    // every year since 2018 (null before this rule)
    for (const y of [2018, 2019, 2020, 2021, 2022, 2023, 2025]) {
      assert.ok((record('JPM', 'annual', `${y}-12-31`, 'balance_sheet').values.bs_lt_borrow ?? 0) > 2e11, `JPM ${y}`);
    }
  });

  test('digital-realty-and-essex-2023-debt-lines-of-reits', () => {
    assert.match(record('DLR', 'annual', '2023-12-31', 'balance_sheet').provenance.bs_lt_borrow?.derivation ?? '', /DebtInstrumentCarryingAmount/);
    const ess = record('ESS', 'annual', '2023-12-31', 'balance_sheet');
    assert.match(ess.provenance.bs_lt_borrow?.derivation ?? '', /SecuredDebt \+ us-gaap:UnsecuredDebt/);
  });

  test('apple-classified-balance-sheet-keeps-its-noncurrent-debt', () => {
    // the unclassified-only rule never replaces a classified filer's non-current debt (fiscal 2023: 95,281M)
    const bs = record('AAPL', 'annual', '2023-09-30', 'balance_sheet');
    assert.equal(bs.values.bs_lt_borrow, 95281000000);
    assert.equal(bs.provenance.bs_lt_borrow?.derivation, undefined);
  });

  test('walmart-fiscal-2016-q1-declares-the-whole-years-dividend', () => {
    // 10-Q 0000104169-15-000022 (quarter ending 2015-04-30): dividends declared per share 1.96,
    // the fiscal year's whole declaration (10-K: 1.96); the year-to-date values agree, so Q1 is
    // kept (it was dropped as "a quarter equal to its year") and Q4 = FY - 9M = 0.
    assert.equal(record('WMT', 'quarterly', '2015-04-30', 'income_statement').values.div_per_shr, 1.96);
    assert.equal(record('WMT', 'quarterly', '2016-01-31', 'income_statement').values.div_per_shr, 0);
  });

  test('abbott-2009-q1-issued-the-whole-years-long-term-debt', () => {
    // Q1 2009 proceeds from long-term debt 3,000M = the year's 3,000M (10-Q comparatives of 2010).
    assert.equal(record('ABT', 'quarterly', '2009-03-31', 'cash_flow').values.cf_proc_debt_and_capital_lease, 3000000000);
  });

  test('jb-hunt-2024-other-receivables-are-not-total-receivables', () => {
    // 10-K 2024: trade receivables 1,224,166K (AccountsReceivableNetCurrent); "Other
    // receivables" 257,774K tagged AccountsAndOtherReceivablesNetCurrent, which outranked it.
    const bs = record('JBHT', 'annual', '2024-12-31', 'balance_sheet');
    assert.equal(bs.values.bs_acct_note_rcv, 1224166000);
    assert.equal(bs.provenance.bs_acct_note_rcv?.concept, 'us-gaap:AccountsReceivableNetCurrent');
  });

  test('t-rowe-price-2024-receivables-on-its-only-receivables-line', () => {
    // 10-K 2024: accounts receivable and accrued revenue 877.4M, tagged AccountsReceivableNet
    // (unclassified balance sheet): the total receivables line too, not only the trade one.
    assert.equal(record('TROW', 'annual', '2024-12-31', 'balance_sheet').values.bs_acct_note_rcv, 877400000);
  });

  test('exxon-2024-q4-diluted-eps-from-q4-earnings-and-the-q4-count', () => {
    // Exxon tags no diluted count; its basic and diluted EPS are equal for 2024 (7.84) and the
    // first nine months as reported, so the Q4 diluted count is the time-weighted Q4
    // basic count and Q4 diluted EPS = 7,610M / that count: 1.73 (1.72 published).
    const q4 = record('XOM', 'quarterly', '2024-12-31', 'income_statement');
    assert.equal(q4.values.is_net_income, 7610000000);
    assert.equal(q4.values.is_sh_for_diluted_eps, q4.values.is_avg_num_sh_for_eps);
    assert.match(q4.provenance.is_sh_for_diluted_eps?.derivation ?? '', /as reported for FY and 9M/);
    assert.ok(Math.abs(q4.values.diluted_eps! - 1.72) <= 0.03, `Q4 diluted EPS ${q4.values.diluted_eps}`);
  });
});
