// Period logic of standardization on tiny synthetic companyfacts built in the test: which fact
// wins, how quarters are derived, how fiscal years are labelled. Each test is named after the
// case it protects.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { standardizeCompany } from '../src/xbrl/standardize-company.js';
import { companyFacts, filing, standardized, type SyntheticFact } from './support/synthetic-facts.js';
import type { PeriodRecord } from '../src/model/record-types.js';

type F = SyntheticFact;
const run = standardized;

function find(records: PeriodRecord[], type: string, label: string, fiscalYear?: number): PeriodRecord {
  const rec = records.find((x) => x.recordType === type && x.periodLabel === label && (fiscalYear === undefined || x.fiscalYear === fiscalYear));
  assert.ok(rec, `no ${type} ${label} ${fiscalYear ?? ''}`);
  return rec;
}

// A calendar-year company with one year of 10-Qs and its 10-K.
const K23 = filing('0000001234-24-000001', '10-K', '2024-02-15', 2023, 'FY');
const Q1 = filing('0000001234-23-000010', '10-Q', '2023-05-01', 2023, 'Q1');
const Q2 = filing('0000001234-23-000020', '10-Q', '2023-08-01', 2023, 'Q2');
const Q3 = filing('0000001234-23-000030', '10-Q', '2023-11-01', 2023, 'Q3');

function calendarYearCompany() {
  return companyFacts({
    Revenues: [
      Q1('2023-01-01', '2023-03-31', 200),
      Q2('2023-04-01', '2023-06-30', 250), Q2('2023-01-01', '2023-06-30', 450),
      Q3('2023-07-01', '2023-09-30', 260), Q3('2023-01-01', '2023-09-30', 710),
      K23('2023-01-01', '2023-12-31', 1000),
    ],
    NetCashProvidedByUsedInOperatingActivities: [
      Q1('2023-01-01', '2023-03-31', 100),
      Q2('2023-01-01', '2023-06-30', 250),
      Q3('2023-01-01', '2023-09-30', 330),
      K23('2023-01-01', '2023-12-31', 500),
    ],
    PaymentsToAcquirePropertyPlantAndEquipment: [
      Q1('2023-01-01', '2023-03-31', 30), Q2('2023-01-01', '2023-06-30', 70),
      Q3('2023-01-01', '2023-09-30', 100), K23('2023-01-01', '2023-12-31', 150),
    ],
    PaymentsOfDividends: [K23('2023-01-01', '2023-12-31', 40)],
    CostOfRevenue: [K23('2023-01-01', '2023-12-31', 600)],
    LiabilitiesAndStockholdersEquity: [K23(null, '2023-12-31', 5000), Q3(null, '2023-09-30', 4800)],
    StockholdersEquity: [K23(null, '2023-12-31', 2000), Q3(null, '2023-09-30', 1900)],
    NetIncomeLoss: [
      Q1('2023-01-01', '2023-03-31', 20), Q2('2023-01-01', '2023-06-30', 45),
      Q3('2023-01-01', '2023-09-30', 70), K23('2023-01-01', '2023-12-31', 100),
    ],
  });
}

describe('quarters', () => {
  test('q4-equals-fy-minus-nine-months', () => {
    const s = run(calendarYearCompany());
    const q4 = find(s.records, 'income_statement', 'Q4', 2023);
    assert.equal(q4.date, '2023-12-31');
    assert.equal(q4.start, '2023-10-01');
    assert.equal(q4.values.is_sales_revenue_turnover, 290);
    assert.equal(q4.provenance.is_sales_revenue_turnover!.derivation, 'Q4 = FY - 9M (us-gaap:Revenues)');
    assert.equal(q4.provenance.is_sales_revenue_turnover!.accn, '0000001234-24-000001');
  });

  test('reported-three-month-values-are-used-as-reported', () => {
    const s = run(calendarYearCompany());
    const q2 = find(s.records, 'income_statement', 'Q2', 2023);
    assert.equal(q2.values.is_sales_revenue_turnover, 250);
    assert.equal(q2.provenance.is_sales_revenue_turnover!.derivation, undefined);
    assert.equal(q2.provenance.is_sales_revenue_turnover!.form, '10-Q');
  });

  test('quarterly-cash-flows-come-from-ytd-differences', () => {
    const s = run(calendarYearCompany());
    const got = ['Q1', 'Q2', 'Q3', 'Q4'].map((q) => find(s.records, 'cash_flow', q, 2023).values.cf_cash_from_oper);
    assert.deepEqual(got, [100, 150, 80, 170]);
    const q2 = find(s.records, 'cash_flow', 'Q2', 2023);
    assert.equal(q2.provenance.cf_cash_from_oper!.derivation, 'Q2 = 6M - Q1 (us-gaap:NetCashProvidedByUsedInOperatingActivities)');
    const capex = ['Q1', 'Q2', 'Q3', 'Q4'].map((q) => find(s.records, 'cash_flow', q, 2023).values.cf_cap_expenditures);
    assert.deepEqual(capex, [-30, -40, -30, -50]);
  });

  test('missing-10-q-leaves-derived-quarter-null-never-annual-copy', () => {
    // Net income has no 9-month value (its Q3 10-Q is missing for that concept): Q4 net income
    // cannot be derived and must stay null even though the annual value exists.
    const facts = calendarYearCompany();
    const ni = (facts.facts['us-gaap'] as Record<string, { units: Record<string, F[]> }>).NetIncomeLoss!;
    ni.units.USD = ni.units.USD!.filter((f) => f.accn !== '0000001234-23-000030');
    const s = run(facts);
    const q4 = find(s.records, 'income_statement', 'Q4', 2023);
    assert.equal(q4.values.is_net_income, null);
    assert.equal(q4.provenance.is_net_income, undefined);
    assert.notEqual(q4.values.is_net_income, 100);
    const q3 = find(s.records, 'income_statement', 'Q3', 2023);
    assert.equal(q3.values.is_net_income, null, 'Q3 = 9M - 6M needs the 9M value');
    // Other concepts of the same quarters still resolve.
    assert.equal(q4.values.is_sales_revenue_turnover, 290);
  });

  test('restated-year-is-not-subtracted-from-an-unrestated-nine-months', () => {
    // The next 10-K recasts the year for a discontinued business (1000 -> 700); the 9 months were
    // never recast. FY(recast) - 9M(original) = -10 would book the recast in Q4: tenk pairs the
    // year as originally reported with the 9 months on file then.
    const K24 = filing('0000001234-25-000001', '10-K', '2025-02-15', 2024, 'FY');
    const s = run(companyFacts({
      Revenues: [
        Q1('2023-01-01', '2023-03-31', 200), Q2('2023-01-01', '2023-06-30', 450), Q3('2023-01-01', '2023-09-30', 710),
        K23('2023-01-01', '2023-12-31', 1000), K24('2023-01-01', '2023-12-31', 700), K24('2024-01-01', '2024-12-31', 800),
      ],
    }));
    assert.equal(find(s.records, 'income_statement', '2023').values.is_sales_revenue_turnover, 700, 'the annual record shows the restated year');
    const q4 = find(s.records, 'income_statement', 'Q4', 2023);
    assert.equal(q4.values.is_sales_revenue_turnover, 290);
    assert.match(q4.provenance.is_sales_revenue_turnover!.derivation!, /as originally reported/);
  });

  test('year-and-nine-months-both-restated-use-the-restated-pair', () => {
    const K24 = filing('0000001234-25-000001', '10-K', '2025-02-15', 2024, 'FY');
    const Q3of24 = filing('0000001234-24-000030', '10-Q', '2024-11-01', 2024, 'Q3');
    const s = run(companyFacts({
      Revenues: [
        Q1('2023-01-01', '2023-03-31', 200), Q2('2023-01-01', '2023-06-30', 450), Q3('2023-01-01', '2023-09-30', 710),
        Q3of24('2023-01-01', '2023-09-30', 500), Q3of24('2024-01-01', '2024-09-30', 600),
        K23('2023-01-01', '2023-12-31', 1000), K24('2023-01-01', '2023-12-31', 700), K24('2024-01-01', '2024-12-31', 800),
      ],
    }));
    assert.equal(find(s.records, 'income_statement', 'Q4', 2023).values.is_sales_revenue_turnover, 200);
  });

  test('annual-value-tagged-on-a-quarter-context-is-ignored', () => {
    // Tractor Supply's fiscal 2022 10-K tags the 2020 annual revenue on the 2020 Q4 context.
    const K25 = filing('0000001234-25-000001', '10-K', '2025-02-15', 2024, 'FY');
    const facts = calendarYearCompany();
    (facts.facts['us-gaap'] as Record<string, { units: Record<string, F[]> }>).Revenues!.units.USD!.push(K25('2023-10-01', '2023-12-31', 1000));
    const q4 = find(run(facts).records, 'income_statement', 'Q4', 2023);
    assert.equal(q4.values.is_sales_revenue_turnover, 290);
  });

  test('a-quarter-equal-to-its-year-that-the-year-to-date-values-confirm-is-kept', () => {
    // The whole year's buyback in one quarter (issue 17, item 16): Q2's 3-month 500 equals the
    // year, and 6M − Q1 = 500 − 0 agrees, so it is a real quarter, not a mis-tagged year; Q1's
    // own 3-month value equal to the year is its year-to-date value and is kept too.
    const facts = calendarYearCompany();
    (facts.facts['us-gaap'] as Record<string, unknown>).PaymentsForRepurchaseOfCommonStock = { label: 'x', units: { USD: [
      Q1('2023-01-01', '2023-03-31', 0), Q2('2023-04-01', '2023-06-30', 500), Q2('2023-01-01', '2023-06-30', 500),
      Q3('2023-01-01', '2023-09-30', 500), K23('2023-01-01', '2023-12-31', 500),
    ] } };
    (facts.facts['us-gaap'] as Record<string, unknown>).ProceedsFromIssuanceOfLongTermDebt = { label: 'x', units: { USD: [
      Q1('2023-01-01', '2023-03-31', 300), Q2('2023-01-01', '2023-06-30', 300), Q3('2023-01-01', '2023-09-30', 300), K23('2023-01-01', '2023-12-31', 300),
    ] } };
    const s = run(facts);
    assert.equal(find(s.records, 'cash_flow', 'Q2', 2023).values.cf_decr_cap_stock, -500);
    assert.equal(find(s.records, 'cash_flow', 'Q4', 2023).values.cf_decr_cap_stock, 0);
    assert.equal(find(s.records, 'cash_flow', 'Q1', 2023).values.cf_proc_debt_and_capital_lease, 300);
    assert.equal(find(s.records, 'cash_flow', 'Q2', 2023).values.cf_proc_debt_and_capital_lease, 0);
  });

  test('negative-derived-revenue-means-mixed-bases-and-stays-null', () => {
    // The 10-K already presents a business as discontinued (year 700) while the 9 months
    // included it (710): FY - 9M = -10 is not a quarter's revenue.
    const s = run(companyFacts({
      Revenues: [Q1('2023-01-01', '2023-03-31', 200), Q2('2023-01-01', '2023-06-30', 450), Q3('2023-01-01', '2023-09-30', 710), K23('2023-01-01', '2023-12-31', 700)],
      NetIncomeLoss: [Q3('2023-01-01', '2023-09-30', 70), K23('2023-01-01', '2023-12-31', 80)],
      NetCashProvidedByUsedInOperatingActivities: [Q1('2023-01-01', '2023-03-31', 100), Q3('2023-01-01', '2023-09-30', 330), K23('2023-01-01', '2023-12-31', 300)],
    }));
    const q4 = find(s.records, 'income_statement', 'Q4', 2023);
    assert.equal(q4.values.is_sales_revenue_turnover, null);
    assert.equal(find(s.records, 'cash_flow', 'Q4', 2023).values.cf_cash_from_oper, -30, 'a cash flow can be negative');
  });

  test('dividends-declared-per-share-add-up-over-quarters', () => {
    const s = run(companyFacts({
      Revenues: [Q1('2023-01-01', '2023-03-31', 1), Q2('2023-01-01', '2023-06-30', 2), Q3('2023-01-01', '2023-09-30', 3), K23('2023-01-01', '2023-12-31', 4)],
      'CommonStockDividendsPerShareDeclared@USD/shares': [
        Q1('2023-01-01', '2023-03-31', 0.24), Q2('2023-01-01', '2023-06-30', 0.48),
        Q3('2023-01-01', '2023-09-30', 0.72), K23('2023-01-01', '2023-12-31', 0.97),
      ],
    }));
    assert.equal(find(s.records, 'income_statement', 'Q4', 2023).values.div_per_shr, 0.25);
    assert.equal(find(s.records, 'income_statement', '2023').values.div_per_shr, 0.97);
  });

  test('q4-diluted-shares-are-time-weighted-and-eps-derived-from-them', () => {
    const s = run(companyFacts({
      NetIncomeLoss: [Q3('2023-01-01', '2023-09-30', 270), K23('2023-01-01', '2023-12-31', 370)],
      'WeightedAverageNumberOfDilutedSharesOutstanding@shares': [Q3('2023-01-01', '2023-09-30', 100), K23('2023-01-01', '2023-12-31', 96)],
      Revenues: [Q1('2023-01-01', '2023-03-31', 1), Q2('2023-01-01', '2023-06-30', 2), Q3('2023-01-01', '2023-09-30', 3), K23('2023-01-01', '2023-12-31', 4)],
    }));
    const q4 = find(s.records, 'income_statement', 'Q4', 2023);
    // (96 × 365 − 100 × 273) / 92 = 84.1 → 84
    assert.equal(q4.values.is_sh_for_diluted_eps, 84);
    assert.match(q4.provenance.is_sh_for_diluted_eps!.derivation!, /time-weighted/);
    assert.equal(q4.values.diluted_eps, 1.19); // 100 / 84
    assert.match(q4.provenance.diluted_eps!.derivation!, /is_earn_for_common \/ is_sh_for_diluted_eps/);
  });
});

describe('share counts', () => {
  test('share-count-tagged-in-millions-is-scaled-and-its-derived-quarter-too', () => {
    // McDonald's tags 721.9 diluted shares (millions) for 2024; net income 8,223M / EPS 11.39.
    const s = run(companyFacts({
      NetIncomeLoss: [Q3('2023-07-01', '2023-09-30', 2_255_000_000), Q3('2023-01-01', '2023-09-30', 6_000_000_000), K23('2023-01-01', '2023-12-31', 8_223_000_000)],
      'EarningsPerShareDiluted@USD/shares': [Q3('2023-07-01', '2023-09-30', 3.13), Q3('2023-01-01', '2023-09-30', 8.3), K23('2023-01-01', '2023-12-31', 11.39)],
      'WeightedAverageNumberOfDilutedSharesOutstanding@shares': [Q3('2023-07-01', '2023-09-30', 720.0), Q3('2023-01-01', '2023-09-30', 722.9), K23('2023-01-01', '2023-12-31', 721.9)],
      Revenues: [Q1('2023-01-01', '2023-03-31', 1), Q2('2023-01-01', '2023-06-30', 2), Q3('2023-01-01', '2023-09-30', 3), K23('2023-01-01', '2023-12-31', 4)],
    }));
    const y = find(s.records, 'income_statement', '2023');
    assert.equal(y.values.is_sh_for_diluted_eps, 721_900_000);
    assert.match(y.provenance.is_sh_for_diluted_eps!.derivation!, /x 1000000/);
    // Q3's own fact is checked against its EPS (which marks its 10-Q as filed in millions);
    // Q4 = (721.9M x 365 - 722.9M x 273) / 92 from the two scaled filings.
    assert.equal(find(s.records, 'income_statement', 'Q3', 2023).values.is_sh_for_diluted_eps, 720_000_000);
    const q4 = find(s.records, 'income_statement', 'Q4', 2023);
    assert.equal(q4.values.is_sh_for_diluted_eps, 718_932_609);
  });

  test('diluted-count-is-the-basic-count-only-when-diluted-eps-equals-basic-eps', () => {
    // Exxon Mobil tags no diluted count since 2013; its basic and diluted EPS are the same figure.
    const K22 = filing('0000001234-23-000001', '10-K', '2023-02-15', 2022, 'FY');
    const s = run(companyFacts({
      NetIncomeLoss: [K22('2022-01-01', '2022-12-31', 1_000_000_000), K23('2023-01-01', '2023-12-31', 1_200_000_000)],
      Revenues: [K22('2022-01-01', '2022-12-31', 9_000_000_000), K23('2023-01-01', '2023-12-31', 9_500_000_000)],
      'EarningsPerShareBasic@USD/shares': [K22('2022-01-01', '2022-12-31', 2.5), K23('2023-01-01', '2023-12-31', 3.02)],
      'EarningsPerShareDiluted@USD/shares': [K22('2022-01-01', '2022-12-31', 2.5), K23('2023-01-01', '2023-12-31', 3.0)],
      'WeightedAverageNumberOfSharesOutstandingBasic@shares': [K22('2022-01-01', '2022-12-31', 400_000_000), K23('2023-01-01', '2023-12-31', 397_000_000)],
    }));
    const y22 = find(s.records, 'income_statement', '2022');
    assert.equal(y22.values.is_sh_for_diluted_eps, 400_000_000);
    assert.equal(y22.provenance.is_sh_for_diluted_eps!.derivation, 'is_sh_for_diluted_eps = is_avg_num_sh_for_eps (eps = diluted_eps)');
    // 3.02 basic against 3.00 diluted: something dilutes, and its count is not reported
    assert.equal(find(s.records, 'income_statement', '2023').values.is_sh_for_diluted_eps, null);
  });
});

describe('fact selection', () => {
  test('restated-comparative-later-filing-wins', () => {
    const K22 = filing('0000001234-23-000001', '10-K', '2023-02-15', 2022, 'FY');
    const s = run(companyFacts({
      NetIncomeLoss: [K22('2022-01-01', '2022-12-31', 100), K23('2022-01-01', '2022-12-31', 90), K23('2023-01-01', '2023-12-31', 120)],
    }));
    const y22 = find(s.records, 'income_statement', '2022');
    assert.equal(y22.values.is_net_income, 90);
    assert.equal(y22.provenance.is_net_income!.accn, '0000001234-24-000001');
  });

  test('amended-10-k-wins-over-the-original', () => {
    const KA = filing('0000001234-24-000099', '10-K/A', '2024-06-01', 2023, 'FY');
    const s = run(companyFacts({ NetIncomeLoss: [K23('2023-01-01', '2023-12-31', 120), KA('2023-01-01', '2023-12-31', 118)] }));
    const y = find(s.records, 'income_statement', '2023');
    assert.equal(y.values.is_net_income, 118);
    assert.equal(y.provenance.is_net_income!.form, '10-K/A');
  });

  test('non-periodic-form-never-beats-a-periodic-one', () => {
    const EightK = filing('0000001234-24-000500', '8-K', '2024-09-01', 2024, 'Q2');
    const s = run(companyFacts({ NetIncomeLoss: [K23('2023-01-01', '2023-12-31', 120), EightK('2023-01-01', '2023-12-31', 999)] }));
    assert.equal(find(s.records, 'income_statement', '2023').values.is_net_income, 120);
  });

  test('eps-and-shares-stay-as-originally-reported-after-a-split', () => {
    // The next 10-K restates the year's EPS for a 10-for-1 split: tenk keeps the original.
    const K24 = filing('0000001234-25-000001', '10-K', '2025-02-15', 2024, 'FY');
    const s = run(companyFacts({
      NetIncomeLoss: [K23('2023-01-01', '2023-12-31', 120), K24('2024-01-01', '2024-12-31', 150), K24('2023-01-01', '2023-12-31', 120)],
      'EarningsPerShareDiluted@USD/shares': [K23('2023-01-01', '2023-12-31', 11.93), K24('2023-01-01', '2023-12-31', 1.19), K24('2024-01-01', '2024-12-31', 1.5)],
    }));
    assert.equal(find(s.records, 'income_statement', '2023').values.diluted_eps, 11.93);
    assert.equal(find(s.records, 'income_statement', '2024').values.diluted_eps, 1.5);
  });
});

describe('fiscal years', () => {
  test('52-53-week-years-and-their-quarters', () => {
    // A retailer on a 52/53-week calendar ending the Saturday nearest January 31.
    const K = filing('0000005555-24-000001', '10-K', '2024-03-20', 2023, 'FY');
    const q1 = filing('0000005555-23-000001', '10-Q', '2023-06-01', 2023, 'Q1');
    const q2 = filing('0000005555-23-000002', '10-Q', '2023-09-01', 2023, 'Q2');
    const q3 = filing('0000005555-23-000003', '10-Q', '2023-12-01', 2023, 'Q3');
    const s = run(companyFacts({
      Revenues: [
        K('2022-01-30', '2023-01-28', 900), // 52 weeks (comparative)
        K('2023-01-29', '2024-02-03', 1100), // 53 weeks
        q1('2023-01-29', '2023-04-29', 250),
        q2('2023-04-30', '2023-07-29', 260), q2('2023-01-29', '2023-07-29', 510),
        q3('2023-07-30', '2023-10-28', 270), q3('2023-01-29', '2023-10-28', 780),
      ],
    }), '0203');
    const fy = find(s.records, 'income_statement', '2023');
    assert.equal(fy.date, '2024-02-03');
    assert.equal(fy.start, '2023-01-29');
    const q4 = find(s.records, 'income_statement', 'Q4', 2023);
    assert.equal(q4.start, '2023-10-29');
    assert.equal(q4.date, '2024-02-03'); // a 14-week quarter
    assert.equal(q4.values.is_sales_revenue_turnover, 320);
    // The 52-week comparative year is labelled with the company's offset (end year − 1).
    const prior = s.records.find((r) => r.recordType === 'income_statement' && r.period === 'annual' && r.date === '2023-01-28');
    assert.equal(prior?.fiscalYear, 2022);
  });

  test('nvda-fiscal-year-ends-in-january', () => {
    const K = filing('0001045810-24-000029', '10-K', '2024-02-21', 2024, 'FY');
    const s = run(companyFacts({ Revenues: [K('2022-01-31', '2023-01-29', 26974), K('2023-01-30', '2024-01-28', 60922)] }), '0128');
    const y = s.records.find((r) => r.period === 'annual' && r.date === '2024-01-28' && r.recordType === 'income_statement');
    assert.equal(y?.fiscalYear, 2024);
    assert.equal(y?.periodLabel, '2024');
    const prior = s.records.find((r) => r.period === 'annual' && r.date === '2023-01-29' && r.recordType === 'income_statement');
    assert.equal(prior?.fiscalYear, 2023);
  });

  test('retailer-calls-year-ending-in-february-by-its-start-year', () => {
    const K = filing('0000027419-24-000010', '10-K', '2024-03-13', 2023, 'FY');
    const s = run(companyFacts({ Revenues: [K('2023-01-29', '2024-02-03', 107412)] }), '0203');
    const y = find(s.records, 'income_statement', '2023');
    assert.equal(y.date, '2024-02-03');
    assert.equal(y.fiscalYear, 2023);
  });

  test('forward-looking-periods-create-no-fiscal-year', () => {
    // A 10-K filed in February 2024 that tags an amount for the coming year (a commitment
    // schedule) must not produce a 2024 record.
    const s = run(companyFacts({ Revenues: [K23('2023-01-01', '2023-12-31', 1000), K23('2024-01-01', '2024-12-31', 50)] }));
    assert.deepEqual(s.records.filter((r) => r.period === 'annual' && r.recordType === 'income_statement').map((r) => r.date), ['2023-12-31']);
  });

  test('quarters-take-the-fiscal-year-of-the-year-that-contains-them', () => {
    const K = filing('0000320193-23-000106', '10-K', '2023-11-03', 2023, 'FY');
    const q = filing('0000320193-23-000006', '10-Q', '2023-02-03', 2023, 'Q1');
    const s = run(companyFacts({ Revenues: [K('2022-09-25', '2023-09-30', 383285), q('2022-09-25', '2022-12-31', 117154)] }), '0930');
    const q1 = find(s.records, 'income_statement', 'Q1');
    assert.equal(q1.fiscalYear, 2023);
    assert.equal(q1.date, '2022-12-31');
  });
});

describe('statement values', () => {
  test('totals-derived-from-the-accounting-identity-are-marked', () => {
    const s = run(calendarYearCompany());
    const bs = find(s.records, 'balance_sheet', '2023');
    assert.equal(bs.values.bs_tot_liab, 3000);
    assert.equal(bs.provenance.bs_tot_liab!.derivation, 'bs_tot_liab = bs_tot_liab_and_eqy - bs_total_equity');
    assert.equal(bs.values.bs_tot_asset, 5000, 'total assets = total liabilities and equity');
    const is = find(s.records, 'income_statement', '2023');
    assert.equal(is.values.is_gross_profit, 400);
    assert.equal(is.provenance.is_gross_profit!.derivation, 'is_gross_profit = is_sales_revenue_turnover - is_cogs');
  });

  test('cash-outflows-are-negative', () => {
    const s = run(calendarYearCompany());
    const cf = find(s.records, 'cash_flow', '2023');
    assert.equal(cf.values.cf_cap_expenditures, -150);
    assert.equal(cf.values.cf_purchase_of_fixed_prod_assets, -150);
    assert.equal(cf.values.cf_dvd_paid, -40);
  });

  test('eps-from-continuing-operations-equals-eps-only-without-discontinued-operations', () => {
    const K24 = filing('0000001234-25-000001', '10-K', '2025-02-15', 2024, 'FY');
    const s = run(companyFacts({
      NetIncomeLoss: [K23('2023-01-01', '2023-12-31', 100), K24('2024-01-01', '2024-12-31', 90)],
      'EarningsPerShareBasic@USD/shares': [K23('2023-01-01', '2023-12-31', 1.0), K24('2024-01-01', '2024-12-31', 0.9)],
      IncomeLossFromDiscontinuedOperationsNetOfTax: [K24('2024-01-01', '2024-12-31', -20)],
    }));
    const y23 = find(s.records, 'income_statement', '2023');
    assert.equal(y23.values.eps_cont_ops, 1.0);
    assert.match(y23.provenance.eps_cont_ops!.derivation!, /no us-gaap:IncomeLossFromDiscontinuedOperationsNetOfTax/);
    assert.equal(find(s.records, 'income_statement', '2024').values.eps_cont_ops, null);
  });

  test('fields-without-facts-are-null-never-zero', () => {
    const s = run(calendarYearCompany());
    const is = find(s.records, 'income_statement', '2023');
    assert.equal(is.values.is_operating_expenses_r_and_d, null);
    assert.equal(is.values.ebitda, null, 'derived metrics are left to the metrics stage');
    assert.ok('is_operating_expenses_r_and_d' in is.values);
    const bs = find(s.records, 'balance_sheet', 'Q3', 2023);
    assert.equal(bs.values.bs_inventories, null);
  });

  test('balance-sheet-is-the-instant-at-the-period-end', () => {
    const s = run(calendarYearCompany());
    const q3 = find(s.records, 'balance_sheet', 'Q3', 2023);
    assert.equal(q3.date, '2023-09-30');
    assert.equal(q3.start, undefined);
    assert.equal(q3.values.bs_total_equity, 1900);
  });

  test('shares-outstanding-fall-back-to-the-cover-page-after-the-balance-date', () => {
    const dei = { dei: { EntityCommonStockSharesOutstanding: { units: { shares: [
      { end: '2024-02-01', val: 1_000_000, accn: '0000001234-24-000001', fy: 2023, fp: 'FY', form: '10-K', filed: '2024-02-15' },
    ] } } } };
    const base = calendarYearCompany();
    const s = run({ ...base, facts: { ...base.facts, ...dei } });
    const bs = find(s.records, 'balance_sheet', '2023');
    assert.equal(bs.values.bs_sh_out, 1_000_000);
    assert.equal(bs.provenance.bs_sh_out!.concept, 'dei:EntityCommonStockSharesOutstanding');
    assert.deepEqual(s.sharesOutstanding, [{ date: '2024-02-01', value: 1_000_000 }]);
  });

  test('unmapped-concepts-are-reported-with-fact-counts', () => {
    const facts = calendarYearCompany();
    (facts.facts['us-gaap'] as Record<string, unknown>).SomeCustomDisclosure = { units: { USD: [K23(null, '2023-12-31', 1), K23(null, '2022-12-31', 2)] } };
    const s = run(facts);
    assert.deepEqual(s.unmapped.find((u) => u.concept === 'SomeCustomDisclosure'), { taxonomy: 'us-gaap', concept: 'SomeCustomDisclosure', factCount: 2 });
    assert.equal(s.unmapped.find((u) => u.concept === 'Revenues'), undefined);
  });

  test('bad-input-is-a-result-with-a-reason', () => {
    for (const bad of [null, 42, {}, { facts: {} }, { facts: { 'us-gaap': {} } }]) {
      const r = standardizeCompany(bad, { fiscalYearEnd: null });
      assert.equal(r.ok, false);
      if (!r.ok) assert.ok(r.reason.length > 0);
    }
  });

  test('malformed-facts-are-skipped-not-fatal', () => {
    const facts = calendarYearCompany();
    const g = facts.facts['us-gaap'] as Record<string, unknown>;
    (g.Revenues as { units: Record<string, unknown[]> }).units.USD!.push(null, { end: 'garbage', val: 1 }, { start: '2023-01-01', end: '2023-12-31', val: 'x' });
    g.BrokenConcept = null;
    g.NoUnits = { label: 'x' };
    const s = run(facts);
    assert.equal(find(s.records, 'income_statement', '2023').values.is_sales_revenue_turnover, 1000);
  });

  test('ifrs-filer-reports-in-its-own-currency', () => {
    const K = filing('0001046179-24-000010', '20-F', '2024-04-18', 2023, 'FY');
    const facts = { cik: 1046179, entityName: 'IFRS Co', facts: { 'ifrs-full': {
      Revenue: { units: { TWD: [K('2023-01-01', '2023-12-31', 2161735841000)] } },
      ProfitLoss: { units: { TWD: [K('2023-01-01', '2023-12-31', 838497664000)] } },
    } } };
    const s = run(facts);
    assert.equal(s.currency, 'TWD');
    assert.equal(s.taxonomy, 'ifrs-full');
    const y = find(s.records, 'income_statement', '2023');
    assert.equal(y.values.is_sales_revenue_turnover, 2161735841000);
    assert.equal(y.provenance.is_sales_revenue_turnover!.concept, 'ifrs-full:Revenue');
  });
});
