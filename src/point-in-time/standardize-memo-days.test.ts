// The standardization memo over a company's filing dates (DatedViews giving each day's facts and
// what became known): a company-wide choice made from all the facts moves a year that no new
// fact touches, and the memo must see it (standardize-memo.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { standardizeCompanyFacts } from '../xbrl/standardize-company.js';
import { StandardizeMemo } from '../xbrl/standardize-memo.js';
import { viewOfParsedFacts } from '../sources/companyfacts-reader.js';
import { filingDates } from '../xbrl/point-in-time-view.js';
import { DatedViews } from './dated-views.js';
import { companyFacts, filing } from '../../test/support/synthetic-facts.js';
test('standardize memo: a year is resolved again when the balance-sheet total that marks balance sheets changes', () => {
  // FY2020's equity is reported 200 by its 10-K and 190 by a 10-Q's comparative. While only
  // Assets marks balance sheets (LiabilitiesAndStockholdersEquity comes from an 8-K only), the
  // 10-K's balance sheet gives 200. The 10-K for 2021 is the first periodic filing tagging
  // LiabilitiesAndStockholdersEquity: that total now decides, and 2020-12-31 (tagged with it by the
  // 8-K only) has no balance-sheet filing, so the latest value, 190, is taken. No fact of that 10-K
  // ends in FY2020, yet FY2020's balance sheet changes: the memo must not keep it.
  const k20 = filing('0000000001-21-000001', '10-K', '2021-02-20', 2020, 'FY');
  const e8k = filing('0000000001-21-000002', '8-K', '2021-06-01', 2021, 'Q2');
  const q21 = filing('0000000001-21-000003', '10-Q', '2021-08-01', 2021, 'Q2');
  const k21 = filing('0000000001-22-000001', '10-K', '2022-02-18', 2021, 'FY');
  const doc = companyFacts({
    Revenues: [k20('2020-01-01', '2020-12-31', 100), q21('2021-04-01', '2021-06-30', 30), q21('2021-01-01', '2021-06-30', 55), k21('2021-01-01', '2021-12-31', 120)],
    NetIncomeLoss: [k20('2020-01-01', '2020-12-31', 10), q21('2021-04-01', '2021-06-30', 3), q21('2021-01-01', '2021-06-30', 5), k21('2021-01-01', '2021-12-31', 12)],
    Assets: [k20(null, '2020-12-31', 500), q21(null, '2021-06-30', 510), k21(null, '2021-12-31', 530)],
    LiabilitiesAndStockholdersEquity: [e8k(null, '2020-12-31', 500), k21(null, '2021-12-31', 530)],
    StockholdersEquity: [k20(null, '2020-12-31', 200), q21(null, '2020-12-31', 190), q21(null, '2021-06-30', 210), k21(null, '2021-12-31', 230)],
  });
  const view = viewOfParsedFacts(doc as { facts: object });
  const views = new DatedViews(view);
  const memo = new StandardizeMemo();
  const equity2020: string[] = [];
  for (const day of filingDates(view)) {
    const known = views.at(day);
    memo.advance(views.changedEnds());
    const got = standardizeCompanyFacts(known, { fiscalYearEnd: '1231' }, memo);
    const want = standardizeCompanyFacts(known, { fiscalYearEnd: '1231' });
    assert.ok(JSON.stringify(got) === JSON.stringify(want), `${day}: the memo's statements differ from standardizing from scratch`);
    if (want.ok) {
      const bs = want.statements.records.find((r) => r.recordType === 'balance_sheet' && r.period === 'annual' && r.date === '2020-12-31');
      equity2020.push(`${day} ${bs?.values.bs_total_equity}`);
    }
  }
  assert.deepEqual(equity2020.slice(-2), ['2021-08-01 200', '2022-02-18 190'], 'the case this test is about happens');
});
