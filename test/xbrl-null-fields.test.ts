// Regressions for the null fields and reported zeros of issue 30 (items 8, 10, 12), each named
// after the corpus company and period it fixes, on the corpus' real filings
// (sec/companyfacts.zip): values read from the named filings.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CompanyStatements, PeriodRecord, StatementType } from '../src/model/record-types.js';
import { companyfactsZip, noCorpus, readZipEntries, recordOf, standardizedStatements } from './support/corpus-statements.js';
import { standardized } from './support/synthetic-facts.js';

const CIKS: Record<string, string> = {
  AAPL: '0000320193', FAST: '0000815556', RL: '0001037038', AXON: '0001069183', WDAY: '0001327811',
  DLTR: '0000935703', VRSN: '0001014473',
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

  test('fastenal-2014-all-debt-current-noncurrent-line-reported-as-zero', () => {
    // 10-K for 2015, balance sheet at 2014-12-31: current portion of debt 90M, long-term debt 0
    // (LongTermDebtNoncurrent = 0); the debt note's LongTermDebt (90M, the total) replaced the 0.
    const bs = record('FAST', 'annual', '2014-12-31', 'balance_sheet');
    assert.equal(bs.values.bs_lt_borrow, 0);
    assert.equal(bs.provenance.bs_lt_borrow?.concept, 'us-gaap:LongTermDebtNoncurrent');
    assert.equal(bs.values.bs_st_borrow, 90000000);
  });

  test('ralph-lauren-fiscal-2013-and-axon-2024-debt-all-current', () => {
    // Ralph Lauren at 2013-03-30: the euro notes (267M) current, long-term debt 0.
    const rl = record('RL', 'annual', '2013-03-30', 'balance_sheet');
    assert.equal(rl.values.bs_lt_borrow, 0);
    assert.equal(rl.values.bs_st_borrow, 267000000);
    // Axon at 2024-12-31: convertible notes (680.3M) current, LongTermDebtNoncurrent 0 (its 2025
    // 10-Qs); the 10-K's ConvertibleLongTermNotesPayable is the same current amount.
    const axon = record('AXON', 'annual', '2024-12-31', 'balance_sheet');
    assert.equal(axon.values.bs_lt_borrow, 0);
    assert.equal(axon.values.bs_st_borrow, 680289000);
  });

  test('dollar-tree-fiscal-2019-receivables-within-other-current-assets-are-no-balance-sheet-line', () => {
    // 10-K for fiscal 2019, balance sheet at 2020-02-01: cash 539.2M + merchandise inventories
    // 3,522.0M + other current assets 208.2M = current assets 4,269.4M. The 113.3M of
    // AccountsReceivableNetCurrent is a part of the other current assets (with 94.9M of
    // miscellaneous ones) in a note; it was served as the receivables.
    for (const period of ['annual', 'quarterly'] as const) {
      const bs = record('DLTR', period, '2020-02-01', 'balance_sheet');
      assert.equal(bs.values.bs_acct_note_rcv, null);
      assert.equal(bs.values.bs_accts_rec_excl_notes_rec, null);
      assert.equal(bs.provenance.bs_acct_note_rcv?.nullReason, true);
      assert.match(bs.provenance.bs_acct_note_rcv?.derivation ?? '', /current assets of 4269400000 without it; us-gaap:AccountsReceivableNetCurrent \(113300000\)/);
      assert.equal(bs.values.bs_cur_asset_report, 4269400000);
      assert.equal(bs.values.bs_other_current_assets_detailed, 208200000);
    }
    // fiscal 2018 (2019-02-02, the same 10-K's comparative: 100.9M in other current assets) alike
    assert.equal(record('DLTR', 'annual', '2019-02-02', 'balance_sheet').values.bs_acct_note_rcv, null);
  });

  test('verisign-2023-receivables-within-other-current-assets-are-no-balance-sheet-line', () => {
    // 10-K for 2023, balance sheet at 2023-12-31: cash 240.1M + marketable securities 686.3M +
    // other current assets 61.9M = current assets 988.3M; the 6.3M of accounts receivable is in
    // the other current assets (a note).
    const bs = record('VRSN', 'annual', '2023-12-31', 'balance_sheet');
    assert.equal(bs.values.bs_acct_note_rcv, null);
    assert.equal(bs.provenance.bs_acct_note_rcv?.nullReason, true);
    assert.equal(bs.values.bs_cur_asset_report, 988300000);
  });

  test('workday-fiscal-2018-convertible-notes-are-its-long-term-debt', () => {
    // 10-K balance sheet at 2018-01-31: convertible senior notes, net 1,149.8M
    // (ConvertibleDebtNoncurrent), its only noncurrent debt line (null before).
    const bs = record('WDAY', 'annual', '2018-01-31', 'balance_sheet');
    assert.equal(bs.values.bs_lt_borrow, 1149845000);
    assert.equal(bs.provenance.bs_lt_borrow?.concept, 'us-gaap:ConvertibleDebtNoncurrent');
  });
});

// The corpus' insurers with companyfacts (SIC 6300–6411 in their submissions; the others of that
// range in submissions.zip have no facts): Cincinnati Financial, Humana, Brown & Brown,
// Gallagher, UnitedHealth, Erie Indemnity, Berkshire Hathaway, Centene, Molina, Cigna.
const INSURERS = ['0000020286', '0000049071', '0000079282', '0000354190', '0000731766', '0000922621', '0001067983', '0001071739',
  '0001179929', '0001739940'];
/** Standard concepts a balance sheet's debt total can be tagged with (any of the families). */
const DEBT_TOTAL = /^(LongTermDebt|DebtInstrumentCarryingAmount|DebtLongtermAndShorttermCombinedAmount|NotesPayable|SeniorNotes|SeniorLongTermNotes|UnsecuredDebt|SecuredDebt|ConvertibleDebt|ConvertibleNotesPayable|OtherLongTermDebt|LongTermNotesPayable|DebtAndCapitalLeaseObligations|ShortTermBorrowings)/;

describe('insurers\' long-term debt (issue 30 item 12) on real filings', { skip: noCorpus }, () => {
  test('every-corpus-insurer-has-long-term-debt-in-its-latest-annual-balance-sheet-where-it-tags-one', async () => {
    const files = await readZipEntries(companyfactsZip, new Set(INSURERS.map((c) => `CIK${c}.json`)));
    assert.equal(files.size, INSURERS.length);
    for (const [name, bytes] of files) {
      const doc = JSON.parse(bytes.toString('utf8')) as { facts: { 'us-gaap'?: Record<string, { units: Record<string, Array<{ end: string; start?: string; val: number }>> }> } };
      const s = standardized(doc);
      const annual = s.records.filter((r) => r.recordType === 'balance_sheet' && r.period === 'annual').sort((a, b) => (a.date < b.date ? -1 : 1));
      const latest = annual[annual.length - 1]!;
      if (latest.values.bs_lt_borrow != null) continue;
      // null only where the companyfacts hold no debt total at that date (Berkshire tags its
      // borrowings only on a segment dimension; Erie Indemnity has had no debt since 2022)
      const tagged = Object.entries(doc.facts['us-gaap'] ?? {}).filter(([c, v]) => DEBT_TOTAL.test(c) && !/Maturit|FairValue|Repayments|Proceeds|Interest|Covenant|Term$|Unamortized|Issuance|Face/.test(c)
        && (v.units.USD ?? []).some((f) => f.start === undefined && f.end === latest.date && f.val !== 0));
      assert.deepEqual(tagged.map(([c]) => c), [], `${name} ${latest.date}: bs_lt_borrow null although debt is tagged`);
    }
  });
});
