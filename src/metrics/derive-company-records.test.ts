// Unit tests of the derived records on constructed statements and prices (every expected value
// is worked out by hand in the comment next to it).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CompanyStatements, PeriodRecord, PeriodType, Provenance, StatementType } from '../model/record-types.js';
import { fieldNames } from './registry.js';
import { deriveCompanyRecords } from './derive-company-records.js';
import type { MarketData } from '../market/market-data.js';

type Vals = Record<string, number>;

function rec(recordType: StatementType, period: PeriodType, date: string, fy: number, label: string, vals: Vals, filed?: string): PeriodRecord {
  const values: Record<string, number | null> = {};
  for (const f of fieldNames(recordType)) values[f] = null;
  const provenance: Record<string, Provenance> = {};
  for (const [k, v] of Object.entries(vals)) { values[k] = v; provenance[k] = { concept: `test:${k}`, filed: filed ?? date }; }
  return { recordType, period, date, fiscalYear: fy, periodLabel: label, values, provenance };
}

/** One period's three statements. */
function period(period: PeriodType, date: string, fy: number, label: string, is: Vals, bs: Vals, cf: Vals, filed?: string): PeriodRecord[] {
  return [rec('income_statement', period, date, fy, label, is, filed), rec('balance_sheet', period, date, fy, label, bs, filed), rec('cash_flow', period, date, fy, label, cf, filed)];
}

const BS_2022: Vals = { bs_c_and_ce_and_sti_detailed: 100, bs_cash_near_cash_item: 80, bs_acct_note_rcv: 50, bs_inventories: 40, bs_cur_asset_report: 200, bs_tot_asset: 1000, bs_acct_payable: 30, bs_cur_liab: 100, bs_st_borrow: 20, bs_lt_borrow: 180, bs_tot_liab: 600, bs_pure_retained_earnings: 300, bs_eqty_bef_minority_int_detailed: 400, bs_total_equity: 400, bs_sh_out: 100 };
const BS_2023: Vals = { ...BS_2022, bs_c_and_ce_and_sti_detailed: 150, bs_acct_note_rcv: 70, bs_inventories: 60, bs_cur_asset_report: 300, bs_tot_asset: 1200, bs_acct_payable: 50, bs_cur_liab: 150, bs_tot_liab: 600, bs_eqty_bef_minority_int_detailed: 600, bs_total_equity: 600, bs_sh_out: 200 };
const IS_2023: Vals = { is_sales_revenue_turnover: 1000, is_cogs: 600, is_gross_profit: 400, is_oper_income: 200, is_pretax_income: 180, is_inc_tax_exp: 36, is_net_income: 144, is_earn_for_common: 144, is_sh_for_diluted_eps: 200, is_avg_num_sh_for_eps: 190, diluted_eps: 0.72, eps: 0.76 };
const CF_2023: Vals = { cf_depr_amort: 50, cf_cash_from_oper: 250, cf_cap_expenditures: -70, cf_dvd_paid: -36, cf_cash_from_fin_act: -60 };

// ACME: 2-for-1 split on 2023-06-15. FY2022 as filed in early 2023 (100 shares); FY2023 after (200 shares).
function acme(): CompanyStatements {
  const records: PeriodRecord[] = [
    ...period('annual', '2022-12-31', 2022, '2022', { ...IS_2023, is_sales_revenue_turnover: 800, is_oper_income: 150, is_net_income: 100, is_sh_for_diluted_eps: 100, diluted_eps: 1 }, BS_2022, { ...CF_2023 }, '2023-02-20'),
    ...period('annual', '2023-12-31', 2023, '2023', IS_2023, BS_2023, CF_2023, '2024-02-20'),
  ];
  // four quarters of 2023: revenue 250 each, operating income 50, D&A 12.5, net income 36, CFO 62.5, capex -17.5
  const qEnds = ['2023-03-31', '2023-06-30', '2023-09-30', '2023-12-31'];
  qEnds.forEach((d, i) => records.push(...period('quarterly', d, 2023, `Q${i + 1}`,
    { is_sales_revenue_turnover: 250, is_cogs: 150, is_oper_income: 50, is_pretax_income: 45, is_inc_tax_exp: 9, is_net_income: 36, is_sh_for_diluted_eps: i === 0 ? 100 : 200, diluted_eps: i === 0 ? 0.36 : 0.18 },
    i === 3 ? BS_2023 : {},
    { cf_depr_amort: 12.5, cf_cash_from_oper: 62.5, cf_cap_expenditures: -17.5, cf_cash_from_fin_act: -15 }, addDays(d, 30))));
  // Q1 2024 with Q4 2023 missing in between? No: Q1 2024 exists, but Q2 2022..Q4 2022 do not (TTM of 2023-03-31 is null)
  return { cik: '0000000001', name: 'ACME', currency: 'USD', taxonomy: 'us-gaap', records, unmapped: [], sharesOutstanding: [{ date: '2023-02-01', value: 100 }, { date: '2023-08-01', value: 200 }] };
}

function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * 86400000).toISOString().slice(0, 10);
}

function market(): MarketData {
  // as-traded closes: 20 before the split, 10 after; one close per week day is not needed for the logic
  const dates = ['2022-06-01', '2022-12-30', '2023-03-31', '2023-06-14', '2023-06-15', '2023-09-29', '2023-12-29'];
  const closes = [16, 20, 22, 24, 12, 11, 15];
  return { ticker: 'ACME', dates, closes, splits: [{ date: '2023-06-15', from: 1, to: 2 }] };
}

function find(records: PeriodRecord[], type: string, p: PeriodType, date: string): Record<string, number | null> {
  const r = records.find((x) => x.recordType === type && x.period === p && x.date === date);
  assert.ok(r, `${type} ${p} ${date} missing`);
  return r.values;
}

describe('deriveCompanyRecords on constructed statements', () => {
  const out = deriveCompanyRecords(acme(), market());

  test('every derived record type exists for every period, with every registry field (null, never undefined)', () => {
    for (const t of ['credit', 'liquidity', 'profitability', 'working_capital', 'yield_analysis', 'enterprise_value', 'multiples', 'per_share']) {
      const v = find(out, t, 'annual', '2023-12-31');
      for (const f of fieldNames(t as never)) assert.ok(f in v && v[f] !== undefined, `${t}.${f}`);
    }
  });

  test('statement derived fields of the period itself', () => {
    const is = find(out, 'income_statement', 'annual', '2023-12-31');
    assert.equal(is.ebitda, 250); // 200 + 50
    assert.equal(is.ebitda_margin, 25); // 250 / 1000
    assert.equal(is.gross_margin, 40);
    assert.equal(is.oper_margin, 20);
    assert.equal(is.profit_margin, 14.4);
    assert.equal(is.ebita, null); // amortization of intangibles not extracted by this build
    const bs = find(out, 'balance_sheet', 'annual', '2023-12-31');
    assert.equal(bs.net_debt, 50); // 20 + 180 - 150
    assert.equal(bs.net_debt_to_shrhldr_eqty, 8.3333); // 50 / 600
    assert.equal(bs.cur_ratio, 2); // 300 / 150
    const cf = find(out, 'cash_flow', 'annual', '2023-12-31');
    assert.equal(cf.cf_free_cash_flow, 180); // 250 - 70
    assert.equal(cf.free_cash_flow_equity, 180); // no debt lines in a reported financing section: net issuance 0
    assert.equal(cf.free_cash_flow_per_sh, 0.9); // 180 / 200
    assert.equal(cf.cash_flow_to_net_inc, 1.7361); // 250 / 144
    assert.equal(cf.pr_to_free_cash_flow, 16.6667); // market cap 15 x 200 = 3000 / 180
  });

  test('a reported statement value wins over its derivation', () => {
    const s = acme();
    const r = s.records.find((x) => x.recordType === 'income_statement' && x.date === '2023-12-31' && x.period === 'annual')!;
    r.values.ebitda = 999;
    const is = find(deriveCompanyRecords(s, market()), 'income_statement', 'annual', '2023-12-31');
    assert.equal(is.ebitda, 999);
  });

  test('market values across a split: price and shares on the record-date basis', () => {
    const ev22 = find(out, 'enterprise_value', 'annual', '2022-12-31');
    assert.equal(ev22.market_cap, 2000); // 20 (as traded 2022-12-30) x 100 shares (pre-split)
    assert.equal(ev22.enterprise_value, 2100); // 2000 + 200 debt - 100 cash
    const ev23 = find(out, 'enterprise_value', 'annual', '2023-12-31');
    assert.equal(ev23.market_cap, 3000); // 15 x 200
    const m23 = find(out, 'multiples', 'annual', '2023-12-31');
    assert.equal(m23.pr_last, 15);
    assert.equal(m23.pr_high, 15); // pre-split closes 22 and 24 become 11 and 12 on the post-split basis
    assert.equal(m23.pr_low, 11);
    assert.equal(m23.pe_ratio, 20.8333); // 15 / 0.72
    assert.equal(m23.pr_to_book_ratio, 5); // 15 / (600 / 200)
    const m22 = find(out, 'multiples', 'annual', '2022-12-31');
    assert.equal(m22.pr_high, 20); // window 2022-01-01..2022-12-30: 16 and 20
    assert.equal(m22.average_price_earnings_ratio, 18); // mean close 18 / EPS 1
  });

  test('a comparative restated after the split is brought back to the record-date basis', () => {
    const s = acme();
    // FY2022 diluted shares and EPS as restated in the FY2023 10-K (filed 2024-02-20, after the 2-for-1)
    const r = s.records.find((x) => x.recordType === 'income_statement' && x.date === '2022-12-31' && x.period === 'annual')!;
    r.values.is_sh_for_diluted_eps = 200; r.provenance.is_sh_for_diluted_eps = { filed: '2024-02-20' };
    r.values.diluted_eps = 0.5; r.provenance.diluted_eps = { filed: '2024-02-20' };
    const ps = find(deriveCompanyRecords(s, market()), 'per_share', 'annual', '2022-12-31');
    assert.equal(ps.is_sh_for_diluted_eps, 100);
    assert.equal(ps.diluted_eps, 1);
  });

  test('TTM: quarterly ratios use the four quarters ending at the quarter; a missing quarter gives null', () => {
    const ev = find(out, 'enterprise_value', 'quarterly', '2023-12-31');
    assert.equal(ev.ttm_net_sales, 1000); // 4 x 250
    assert.equal(ev.ttm_ebitda, 250); // 4 x (50 + 12.5)
    const early = find(out, 'enterprise_value', 'quarterly', '2023-09-30');
    assert.equal(early.ttm_net_sales, null); // Q4 2022 .. Q2 2023 not all present
    const ps = find(out, 'per_share', 'quarterly', '2023-12-31');
    assert.equal(ps.diluted_eps, 0.72); // Q1 0.36 on the pre-split basis -> 0.18, + 3 x 0.18
    const y = find(out, 'yield_analysis', 'quarterly', '2023-12-31');
    assert.equal(y.ttm_free_cash_flow, 180); // 4 x (62.5 - 17.5)
    assert.equal(y.free_cash_flow_yield, 6); // 180 / 3000
  });

  test('averages use the balance one year earlier', () => {
    const p = find(out, 'profitability', 'annual', '2023-12-31');
    assert.equal(p.return_com_eqy, 28.8); // 144 / ((400 + 600) / 2)
    assert.equal(p.return_on_asset, 13.0909); // 144 / 1100
    assert.equal(p.eff_tax_rate, 20); // 36 / 180
    assert.equal(p.dvd_payout_ratio, 25); // 36 / 144
    assert.equal(p.sustain_growth_rt, 21.6); // 28.8 x 0.75
    assert.equal(p.incremental_operating_margin, 25); // (200 - 150) / (1000 - 800)
    assert.equal(p.return_on_inv_capital, 22.8571); // NOPAT 200 x (1 - 0.2) = 160 / avg(200 + 400, 200 + 600) = 700
    const w = find(out, 'working_capital', 'annual', '2023-12-31');
    assert.equal(w.acct_rcv_turn, 16.6667); // 1000 / 60
    assert.equal(w.acct_rcv_days, 21.9); // 365 / 16.667
    assert.equal(w.invent_turn, 12); // 600 / 50
    assert.equal(w.accounts_payable_turnover, 15); // 600 / 40
    assert.equal(w.cash_conversion_cycle, 27.98); // 365/12 + 365/16.667 - 365/15 = 30.417 + 21.9 - 24.333
    assert.equal(find(out, 'profitability', 'annual', '2022-12-31').return_com_eqy, null); // no FY2021 balance
  });

  test('no price covering the date: price-based fields null, the rest computed', () => {
    const s = acme();
    const far = deriveCompanyRecords(s, { ...market(), dates: ['2020-01-02'], closes: [10] });
    const ev = find(far, 'enterprise_value', 'annual', '2023-12-31');
    assert.equal(ev.market_cap, null);
    assert.equal(ev.enterprise_value, null);
    assert.equal(ev.ttm_net_sales, 1000);
    assert.equal(find(far, 'multiples', 'annual', '2023-12-31').pe_ratio, null);
    assert.equal(find(far, 'liquidity', 'annual', '2023-12-31').altman_z_score, null);
    assert.equal(find(far, 'liquidity', 'annual', '2023-12-31').cur_ratio, 2);
    assert.equal(find(deriveCompanyRecords(s, null), 'multiples', 'annual', '2023-12-31').pr_last, null);
  });

  test('loss-making: P/E null when EPS <= 0; negative equity: equity ratios null, capital ratios kept', () => {
    const s = acme();
    const is = s.records.find((x) => x.recordType === 'income_statement' && x.date === '2023-12-31' && x.period === 'annual')!;
    is.values.diluted_eps = -0.5;
    const bs = s.records.find((x) => x.recordType === 'balance_sheet' && x.date === '2023-12-31' && x.period === 'annual')!;
    bs.values.bs_total_equity = -100; bs.values.bs_eqty_bef_minority_int_detailed = -100;
    const o = deriveCompanyRecords(s, market());
    assert.equal(find(o, 'multiples', 'annual', '2023-12-31').pe_ratio, null);
    assert.equal(find(o, 'multiples', 'annual', '2023-12-31').pr_to_book_ratio, null);
    const c = find(o, 'credit', 'annual', '2023-12-31');
    assert.equal(c.tot_debt_to_tot_eqy, null);
    assert.equal(c.tot_debt_to_tot_cap, 200); // 200 / (200 - 100)
    assert.equal(c.tot_debt_to_ebitda, 0.8); // 200 / 250
  });

  test('Altman Z on tangible assets (no goodwill extracted: null)', () => {
    assert.equal(find(out, 'liquidity', 'annual', '2023-12-31').altman_z_score, null);
    const s = acme();
    for (const r of s.records) if (r.recordType === 'balance_sheet') { r.values.aux_goodwill = null; r.values.aux_other_intangibles = null; }
    const bs = s.records.find((x) => x.recordType === 'balance_sheet' && x.date === '2023-12-31' && x.period === 'annual')!;
    bs.values.aux_goodwill = 200;
    const l = find(deriveCompanyRecords(s, market()), 'liquidity', 'annual', '2023-12-31');
    // TA' = 1000; 1.2 x 150/1000 + 1.4 x 300/1000 + 3.3 x 200/1000 + 0.6 x 3000/600 + 1.0 x 1000/1000
    assert.equal(l.altman_z_score, 5.26);
    const bsd = find(deriveCompanyRecords(s, market()), 'balance_sheet', 'annual', '2023-12-31');
    assert.equal(bsd.tce_ratio, 40); // (600 - 200) / (1200 - 200)
  });
});

describe('checkedSharesOut', async () => {
  const { checkedSharesOut } = await import('./period-inputs/share-basis.js');
  test('aapl-2014-03-29-shares-tagged-in-thousands: the cover page count wins', () => {
    // 10-Q for 2014-03-29 tags CommonStockSharesOutstanding = 861,745; its cover page (2014-04-11) says 861,381,000
    assert.equal(checkedSharesOut(861_745, [{ date: '2014-04-11', value: 861_381_000 }], [], '2014-03-29'), 861_381_000);
  });
  test('a consistent balance-sheet count is kept; the cover page is converted across a split', () => {
    assert.equal(checkedSharesOut(5_989_171_000, [{ date: '2014-07-11', value: 5_987_867_000 }], [], '2014-06-28'), 5_989_171_000);
    // no balance count; cover dated after a 7-for-1: brought back to the record date basis
    assert.equal(checkedSharesOut(null, [{ date: '2014-06-20', value: 7_000 }], [{ date: '2014-06-09', from: 1, to: 7 }], '2014-06-01'), 1_000);
  });
});

describe('checkedSharesOut against the period weighted shares', async () => {
  const { checkedSharesOut } = await import('./period-inputs/share-basis.js');
  test('ajg-2020-03-31-cover-page-scaled-1e6: no candidate agrees -> the weighted basic shares, else null', () => {
    assert.equal(checkedSharesOut(189_621_000_000_000, [], [], '2020-03-31', [null, 188_700_000], 188_700_000), 188_700_000);
    assert.equal(checkedSharesOut(189_621_000_000_000, [], [], '2020-03-31', [null, 188_700_000]), null);
  });
  test('googl-one-class-count: class A count vs all-class weighted shares -> weighted shares', () => {
    assert.equal(checkedSharesOut(5_900_000_000, [], [], '2022-12-31', [13_159_000_000, 13_063_000_000], 13_063_000_000), 13_063_000_000);
  });
  test('nflx-2015-06-30-cover-dated-before-the-7-for-1: the balance count agreeing with weighted shares wins', () => {
    // balance count 426,004,831 filed 2015-07-17 after the split, already brought back: 60,857,833
    const split = [{ date: '2015-07-15', from: 1, to: 7 }];
    assert.equal(checkedSharesOut(60_857_833, [{ date: '2015-06-30', value: 426_004_831 }], split, '2015-06-30', [62_299_571, 60_762_857]), 60_857_833);
  });
});

test('whole-number ratios are share splits; vendor-booked spin-offs do not rescale share counts', () => {
  // FY2022 diluted shares restated to 7,000 in a filing after an event dated 2023-06-15: brought
  // back to the 2022 basis only when the event is a share split
  const cases: Array<[from: number, to: number, expected: number]> = [
    [1, 7, 1_000], // NFLX 7-for-1
    [1, 1.5, 4_667], // BAM 3-for-2
    [6.99999, 1, 49_000], // BSPM 1-for-7 with float noise
    [1, 1.841, 7_000], // BAX: Baxalta spin-off
    [1, 1.334, 7_000], // ARNC: Alcoa Corp spin-off
  ];
  for (const [from, to, expected] of cases) {
    const s = acme();
    const r = s.records.find((x) => x.recordType === 'income_statement' && x.date === '2022-12-31' && x.period === 'annual')!;
    r.values.is_sh_for_diluted_eps = 7_000; r.provenance.is_sh_for_diluted_eps = { filed: '2024-02-20' };
    const ps = find(deriveCompanyRecords(s, { ...market(), splits: [{ date: '2023-06-15', from, to }] }), 'per_share', 'annual', '2022-12-31');
    assert.equal(ps.is_sh_for_diluted_eps, expected, `${from}:${to}`);
  }
});

test('reg-2011-03-31-shares-scaled-1000x-without-weighted-shares: checked against the fiscal year, null', () => {
  const s = acme();
  const q4bs = s.records.find((x) => x.recordType === 'balance_sheet' && x.period === 'quarterly' && x.date === '2023-12-31')!;
  q4bs.values.bs_sh_out = 200_000; // x1000 scaling error
  const q4is = s.records.find((x) => x.recordType === 'income_statement' && x.period === 'quarterly' && x.date === '2023-12-31')!;
  q4is.values.is_sh_for_diluted_eps = null;
  const out = deriveCompanyRecords(s, market());
  assert.equal(find(out, 'enterprise_value', 'quarterly', '2023-12-31').market_cap, null); // FY2023 diluted 200 disagrees
  assert.equal(find(out, 'enterprise_value', 'annual', '2023-12-31').market_cap, 3000); // the annual record is unaffected
});

test('a company reporting no weighted shares: a mis-scaled count is checked against the neighbouring balance sheets', () => {
  const s = acme();
  for (const r of s.records) if (r.recordType === 'income_statement') { r.values.is_sh_for_diluted_eps = null; r.values.is_avg_num_sh_for_eps = null; }
  const fy23 = s.records.find((x) => x.recordType === 'balance_sheet' && x.period === 'annual' && x.date === '2023-12-31')!;
  fy23.values.bs_sh_out = 200_000; // x1000 scaling error, in both records of that date
  const q4 = s.records.find((x) => x.recordType === 'balance_sheet' && x.period === 'quarterly' && x.date === '2023-12-31')!;
  q4.values.bs_sh_out = 200_000;
  const q3 = s.records.find((x) => x.recordType === 'balance_sheet' && x.period === 'quarterly' && x.date === '2023-09-30')!;
  q3.values.bs_sh_out = 200;
  const out = deriveCompanyRecords(s, market());
  // neighbour: the 2023-09-30 balance sheet's 200 shares disagree with 200,000
  assert.equal(find(out, 'enterprise_value', 'annual', '2023-12-31').market_cap, null);
  assert.equal(find(out, 'enterprise_value', 'annual', '2022-12-31').market_cap, 2000);
});

test('a company without inventories: cycle with 0 inventory days, inventory turnover null', () => {
  const s = acme();
  for (const r of s.records) if (r.recordType === 'balance_sheet') r.values.bs_inventories = null;
  const w = find(deriveCompanyRecords(s, market()), 'working_capital', 'annual', '2023-12-31');
  assert.equal(w.invent_turn, null);
  assert.equal(w.invent_days, null);
  assert.equal(w.cash_conversion_cycle, -2.43); // 0 + 21.9 - 24.33
  assert.equal(w.inv_to_cash_days, 21.9);
});

test('brk-share-classes: the price series matching the reported share count is used', () => {
  const s = acme();
  // class B trades at 1/1500 of class A, the filer's share count is in class A equivalents
  const classA = market();
  const classB: MarketData = { ...market(), ticker: 'ACME-B', closes: market().closes.map((c) => c / 1500) };
  const out = deriveCompanyRecords(s, { ...classB, alternatives: [classA] });
  assert.equal(find(out, 'multiples', 'annual', '2023-12-31').pr_last, 15); // class A price
  // with a single series nothing is switched
  assert.equal(find(deriveCompanyRecords(s, classB), 'multiples', 'annual', '2023-12-31').pr_last, 0.01);
});
