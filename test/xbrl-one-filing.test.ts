// Regressions for issue 30 items 1 and 5 (one filing's view of each period: no mixed vintages), each
// named after the corpus company and period it fixes, on the corpus' real filings
// (sec/companyfacts.zip). The rule: src/xbrl/period-values/period-filing.ts; docs/xbrl.md,
// "Restatements under another concept".
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CompanyStatements, PeriodRecord } from '../src/model/record-types.js';
import { companyfactsZip, noCorpus, readZipEntries, recordOf, standardizedStatements } from './support/corpus-statements.js';
import { readCompanyFacts } from '../src/sources/companyfacts-reader.js';
import { READ_CONCEPTS, standardizeCompanyFacts } from '../src/xbrl/standardize-company.js';
import { viewAt } from '../src/xbrl/point-in-time-view.js';
import { companyFacts, filing, standardized, type SyntheticFact } from './support/synthetic-facts.js';

const CIKS: Record<string, string> = { DD: '0001666700', GEN: '0000849399', SLB: '0000087347', EBAY: '0001065088', HSIC: '0001000228', MPC: '0001510295' };

let statements = new Map<string, CompanyStatements>();
function income(ticker: string, date: string): PeriodRecord {
  return recordOf(statements, ticker, 'annual', date, 'income_statement');
}

describe('one filing per period (issue 30, items 1 and 5) on real filings', { skip: noCorpus }, () => {
  before(async () => { statements = await standardizedStatements(CIKS); });

  test('dupont-2020-revenue-is-the-latest-10-ks-continuing-operations-with-its-costs', () => {
    // 10-K for 2020: Revenues 20,397M; 10-K for 2021 (filed 2022-02-11): contract revenue
    // 14,338M; 10-K for 2022 (filed 2023-02-15): 11,128M beside cost of goods sold 7,063M. The
    // 20,397M was served beside the 7,063M cost (the cost's concept did not change, the revenue's did).
    const r = income('DD', '2020-12-31');
    assert.equal(r.values.is_sales_revenue_turnover, 11128000000);
    assert.equal(r.values.is_cogs, 7063000000);
    assert.equal(r.provenance.is_sales_revenue_turnover?.accn, '0001666700-23-000008');
    assert.equal(r.provenance.is_cogs?.accn, r.provenance.is_sales_revenue_turnover?.accn);
  });

  test('dupont-2019-revenue-is-the-10-k-for-2021s-with-its-costs', () => {
    // 10-K for 2019 and 2020: Revenues 21,512M; 10-K for 2021 (filed 2022-02-11, the latest
    // reporting 2019): 15,436M beside cost of goods sold 10,026M
    const r = income('DD', '2019-12-31');
    assert.equal(r.values.is_sales_revenue_turnover, 15436000000);
    assert.equal(r.values.is_cogs, 10026000000);
    assert.equal(r.provenance.is_sales_revenue_turnover?.accn, '0001666700-22-000009');
    assert.equal(r.provenance.is_cogs?.accn, r.provenance.is_sales_revenue_turnover?.accn);
  });

  test('gen-digital-fiscal-2014-revenue-without-veritas-as-its-10-k-for-fiscal-2016-restates-it', () => {
    // Symantec's 10-K for fiscal 2014 (Revenues 6,676M) was restated by the 10-K for fiscal 2016
    // for the sale of Veritas: net revenues 4,183M (SalesRevenueNet) = gross profit 3,392M +
    // cost of revenues 791M, all from that filing (6,676M was served beside the restated 791M).
    const r = income('GEN', '2014-03-28');
    assert.equal(r.values.is_sales_revenue_turnover, 4183000000);
    assert.equal(r.values.is_sales_revenue_turnover! - r.values.is_cogs!, r.values.is_gross_profit);
    assert.equal(r.provenance.is_sales_revenue_turnover?.accn, r.provenance.is_cogs?.accn);
  });

  test('ebay-2014-revenue-without-paypal-after-the-spin-off-beside-its-restated-costs', () => {
    // item 5: the years before a spin-off kept the former whole's revenue (Revenues 17,902M, 10-K
    // for 2014) beside cost of revenue and gross profit from the 10-K for 2016, which restates
    // 2014 without PayPal: net revenues 8,790M (SalesRevenueNet) = 1,663M + 7,127M
    const r = income('EBAY', '2014-12-31');
    assert.equal(r.values.is_sales_revenue_turnover, 8790000000);
    assert.equal(r.values.is_sales_revenue_turnover! - r.values.is_cogs!, r.values.is_gross_profit);
    assert.equal(r.provenance.is_sales_revenue_turnover?.accn, r.provenance.is_gross_profit?.accn);
    assert.equal(income('EBAY', '2013-12-31').values.is_sales_revenue_turnover, 8257000000);
  });

  test('henry-schein-2018-revenue-without-the-animal-health-business-spun-off-into-covetrus', () => {
    // 10-K for 2018: Revenues 13,202.0M; the 10-K for 2020 (filed 2021-02-17) restates 2018 for
    // the spin-off: 9,417.6M (contract revenue) = cost of sales 6,506.9M + gross profit 2,910.7M
    const r = income('HSIC', '2018-12-29');
    assert.equal(r.values.is_sales_revenue_turnover, 9417603000);
    assert.equal(r.values.is_sales_revenue_turnover! - r.values.is_cogs!, r.values.is_gross_profit);
    assert.equal(r.provenance.is_sales_revenue_turnover?.accn, r.provenance.is_cogs?.accn);
  });

  test('marathon-petroleum-2015-revenue-stays-its-sales-where-the-later-10-k-tags-only-lease-revenue', () => {
    // The 10-K for 2017 restates some 2015 lines by a few percent but tags of its revenue only
    // the lease revenue (16M): a value out of proportion with the filing's restatements is
    // another line, so the 10-K for 2015's sales (72,051M) stay, marked in provenance
    const r = income('MPC', '2015-12-31');
    assert.equal(r.values.is_sales_revenue_turnover, 72051000000);
    assert.match(r.provenance.is_sales_revenue_turnover?.derivation ?? '', /^from an earlier filing: /);
  });

  test('schlumberger-2014-cost-of-revenue-stays-the-total-where-the-later-10-k-tags-only-its-parts', () => {
    // The 10-K for 2016 states 2014 unchanged but tags its cost of revenue only as two lines
    // (CostOfGoodsSold 3,606M, CostOfServices 33,792M): it restates nothing, so the total
    // 37,398M of the 10-K for 2015 stays (a part line is never the field for the whole year).
    const r = income('SLB', '2014-12-31');
    assert.equal(r.values.is_cogs, 37398000000);
    assert.equal(r.values.is_sales_revenue_turnover, 48580000000);
  });

  test('dupont-2020-as-first-reported-keeps-the-10-k-for-2020s-revenue', async () => {
    // first_filed serves each record as computed on the first filing date it appeared (the
    // 10-K for 2020, filed 2021-02-12): Revenues 20,397M; on the 10-K for 2021's date the
    // record is that filing's restatement, 14,338M
    const files = await readZipEntries(companyfactsZip, new Set([`CIK${CIKS.DD}.json`]));
    const view = readCompanyFacts(files.get(`CIK${CIKS.DD}.json`)!, READ_CONCEPTS);
    assert.ok(view, 'DD: read');
    const revenueOn = (asOf: string): number | null | undefined => {
      const r = standardizeCompanyFacts(viewAt(view!, { asOf, firstFiled: false }), { fiscalYearEnd: null });
      assert.ok(r.ok, `DD standardized as of ${asOf}`);
      return r.statements.records.find((x) => x.recordType === 'income_statement' && x.period === 'annual' && x.date === '2020-12-31')?.values.is_sales_revenue_turnover;
    };
    assert.equal(revenueOn('2021-02-12'), 20397000000);
    assert.equal(revenueOn('2022-02-11'), 14338000000);
  });
});

// The rule on tiny synthetic companies (no corpus needed): a 10-K for 2022 and one for 2024 that
// recasts 2022 for a discontinued business, moving revenue to another concept.
describe('one filing per period on synthetic facts', () => {
  type SF = SyntheticFact;
  const K22 = filing('0000001234-23-000001', '10-K', '2023-02-15', 2022, 'FY');
  const K24 = filing('0000001234-25-000001', '10-K', '2025-02-15', 2024, 'FY');
  const Y22 = ['2022-01-01', '2022-12-31'] as const;
  const Y24 = ['2024-01-01', '2024-12-31'] as const;
  const base = (): Record<string, SF[]> => ({
    Revenues: [K22(...Y22, 1000)],
    RevenueFromContractWithCustomerExcludingAssessedTax: [K24(...Y22, 600), K24(...Y24, 700)],
    CostOfGoodsAndServicesSold: [K22(...Y22, 700), K24(...Y22, 400), K24(...Y24, 450)],
    Assets: [K22(null, '2022-12-31', 1000), K24(null, '2024-12-31', 1000)],
    LiabilitiesAndStockholdersEquity: [K22(null, '2022-12-31', 1000), K24(null, '2024-12-31', 1000)],
  });
  const year = (s: CompanyStatements, fy: number): PeriodRecord =>
    s.records.find((x) => x.recordType === 'income_statement' && x.period === 'annual' && x.fiscalYear === fy)!;

  test('a year recast under another concept is taken from the recasting filing, with its costs', () => {
    const r = year(standardized(companyFacts(base())), 2022);
    assert.equal(r.values.is_sales_revenue_turnover, 600);
    assert.equal(r.values.is_cogs, 400);
    assert.equal(r.provenance.is_sales_revenue_turnover?.accn, '0000001234-25-000001');
  });

  test('a field the recasting filing does not restate keeps its earlier value, marked in provenance', () => {
    // the later filing tags only a part line of revenue (a tenth of it) while costs shrink by 43 %
    const s = standardized(companyFacts({ ...base(), RevenueFromContractWithCustomerExcludingAssessedTax: [K24(...Y22, 100), K24(...Y24, 700)] }));
    const r = year(s, 2022);
    assert.equal(r.values.is_sales_revenue_turnover, 1000);
    assert.match(r.provenance.is_sales_revenue_turnover?.derivation ?? '', /^from an earlier filing: the period's latest filing \(10-K filed 2025-02-15\)/);
  });

  test('a later filing that restates nothing leaves the year as first taken', () => {
    // the 2024 10-K repeats 2022's cost unchanged and tags a revenue line under another concept
    const s = standardized(companyFacts({ ...base(), CostOfGoodsAndServicesSold: [K22(...Y22, 700), K24(...Y22, 700), K24(...Y24, 450)] }));
    assert.equal(year(s, 2022).values.is_sales_revenue_turnover, 1000);
  });

  test('a year whose revenue an older filing tagged under another concept, its costs unchanged by the next filing, is recast too', () => {
    // the 10-K for 2018 tags Revenues; the 10-K for 2019 repeats the year unchanged under contract
    // revenue (ASC 606) with the same costs; the 10-K for 2020 recasts 2018. The costs' versions
    // begin with the 10-K for 2019, so the 10-K for 2018 (where Revenues comes from) was not
    // counted as restated: 1,000 was served beside the recast costs of 400.
    const A = filing('0000001234-19-000001', '10-K', '2019-02-15', 2018, 'FY');
    const B = filing('0000001234-20-000001', '10-K', '2020-02-15', 2019, 'FY');
    const L = filing('0000001234-21-000001', '10-K', '2021-02-15', 2020, 'FY');
    const Y18 = ['2018-01-01', '2018-12-31'] as const, Y19 = ['2019-01-01', '2019-12-31'] as const, Y20 = ['2020-01-01', '2020-12-31'] as const;
    const s = standardized(companyFacts({
      Revenues: [A(...Y18, 1000)],
      RevenueFromContractWithCustomerExcludingAssessedTax: [B(...Y18, 1000), B(...Y19, 1100), L(...Y18, 600), L(...Y19, 650), L(...Y20, 700)],
      CostOfGoodsAndServicesSold: [A(...Y18, 700), B(...Y18, 700), B(...Y19, 750), L(...Y18, 400), L(...Y19, 420), L(...Y20, 450)],
      Assets: [A(null, '2018-12-31', 1000), L(null, '2020-12-31', 1000)],
      LiabilitiesAndStockholdersEquity: [A(null, '2018-12-31', 1000), L(null, '2020-12-31', 1000)],
    }));
    const r = year(s, 2018);
    assert.equal(r.values.is_sales_revenue_turnover, 600);
    assert.equal(r.values.is_cogs, 400);
    assert.equal(r.provenance.is_sales_revenue_turnover?.accn, '0000001234-21-000001');
  });

  test('per-share values keep the first filing (split restatements are not recasts)', () => {
    const s = standardized(companyFacts({ ...base(),
      'EarningsPerShareBasic@USD/shares': [K22(...Y22, 2), K24(...Y22, 1), K24(...Y24, 1.5)] }));
    assert.equal(year(s, 2022).values.eps, 2);
  });
});
