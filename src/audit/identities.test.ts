// Each identity on tiny hand-built records: a record that keeps it holds, a broken one is caught,
// a term composed from the others is not judged.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { PeriodRecord, Provenance, RecordType } from '../model/record-types.js';
import { IDENTITIES, type AuditCompany, type IdentityName } from './identities.js';

const K = { concept: 'us-gaap:X', accn: '0000000001-24-000001', form: '10-K', filed: '2024-02-15' };
function rec(recordType: RecordType, values: Record<string, number | null>, opts: { period?: 'annual' | 'quarterly'; label?: string; date?: string; provenance?: Record<string, Provenance> } = {}): PeriodRecord {
  const provenance: Record<string, Provenance> = {};
  for (const [f, v] of Object.entries(values)) if (v != null) provenance[f] = { ...K, concept: `us-gaap:${f}` };
  return { recordType, period: opts.period ?? 'annual', date: opts.date ?? '2023-12-31', fiscalYear: 2023, periodLabel: opts.label ?? '2023',
    values, provenance: { ...provenance, ...opts.provenance } };
}
interface Facts { mezzanine?: number[]; endingCash?: number; restricted?: number[]; fx?: number; equity?: number; disc?: number }
function company(records: PeriodRecord[], facts: Facts = {}): AuditCompany {
  return { cik: '0000000001', name: 'Test Co', ticker: 'TST', type: 'industrial', records,
    mezzanine: () => facts.mezzanine ?? [], endingCash: () => facts.endingCash ?? null,
    restrictedCash: () => facts.restricted ?? [],
    flowBeside: (_r, _f, concepts) => (concepts.some((x) => x.includes('ExchangeRate')) ? facts.fx : concepts.some((x) => x.includes('EquityMethod')) ? facts.equity : facts.disc) ?? null };
}
const run = (name: IdentityName, records: PeriodRecord[], facts?: Facts) => IDENTITIES[name](company(records, facts));
const holds = (name: IdentityName, records: PeriodRecord[], facts?: Facts): boolean[] => run(name, records, facts).map((c) => c.holds);

describe('accounting identities on hand-built records', () => {
  test('balance: assets = liabilities + equity, or + tagged mezzanine; a composed term is not judged', () => {
    assert.deepEqual(holds('balance', [rec('balance_sheet', { bs_tot_asset: 1000, bs_tot_liab: 600, bs_total_equity: 400 })]), [true]);
    assert.deepEqual(holds('balance', [rec('balance_sheet', { bs_tot_asset: 1000, bs_tot_liab: 600, bs_total_equity: 396 })]), [true]); // 0.4 %
    assert.deepEqual(holds('balance', [rec('balance_sheet', { bs_tot_asset: 1000, bs_tot_liab: 600, bs_total_equity: 300 })]), [false]);
    assert.deepEqual(holds('balance', [rec('balance_sheet', { bs_tot_asset: 1000, bs_tot_liab: 600, bs_total_equity: 300 })], { mezzanine: [100] }), [true]);
    const composed = rec('balance_sheet', { bs_tot_asset: 1000, bs_tot_liab: 600, bs_total_equity: 300 },
      { provenance: { bs_tot_liab: { derivation: 'bs_tot_liab = bs_tot_liab_and_eqy - bs_total_equity' } } });
    assert.deepEqual(holds('balance', [composed]), []);
    const miss = run('balance', [rec('balance_sheet', { bs_tot_asset: 1000, bs_tot_liab: 600, bs_total_equity: 300 })])[0]!;
    assert.equal(miss.gap, 0.1);
    assert.equal(miss.evidence[0]!.provenance?.accn, K.accn);
  });

  test('current-within-total: current totals within totals and current lines within current totals', () => {
    const ok = { bs_tot_asset: 1000, bs_cur_asset_report: 400, bs_cash_near_cash_item: 100, bs_acct_note_rcv: 150, bs_inventories: 100,
      bs_tot_liab: 600, bs_cur_liab: 300, bs_acct_payable: 120, bs_st_borrow: 50 };
    assert.deepEqual(holds('current-within-total', [rec('balance_sheet', ok)]), [true]);
    assert.deepEqual(holds('current-within-total', [rec('balance_sheet', { ...ok, bs_cur_asset_report: 1200 })]), [false]);
    assert.deepEqual(holds('current-within-total', [rec('balance_sheet', { ...ok, bs_inventories: 300 })]), [false]); // 550 of lines > 400
    assert.deepEqual(holds('current-within-total', [rec('balance_sheet', { ...ok, bs_st_borrow: 250 })]), [false]);
    assert.deepEqual(holds('current-within-total', [rec('balance_sheet', { bs_tot_asset: 1000 })]), []);
  });

  test('gross-profit: revenue − cost of revenue = gross profit; a derived gross profit is not judged', () => {
    assert.deepEqual(holds('gross-profit', [rec('income_statement', { is_sales_revenue_turnover: 1000, is_cogs: 600, is_gross_profit: 400 })]), [true]);
    assert.deepEqual(holds('gross-profit', [rec('income_statement', { is_sales_revenue_turnover: 1000, is_cogs: 600, is_gross_profit: 450 })]), [false]);
    assert.deepEqual(holds('gross-profit', [rec('income_statement', { is_sales_revenue_turnover: 1000, is_cogs: 600, is_gross_profit: 400 },
      { provenance: { is_gross_profit: { derivation: 'is_gross_profit = is_sales_revenue_turnover - is_cogs' } } })]), []);
  });

  test('pretax-identity: pre-tax − tax = net income incl. minority interest, or continuing operations', () => {
    assert.deepEqual(holds('pretax-identity', [rec('income_statement', { is_pretax_income: 100, is_inc_tax_exp: 21, is_ni_including_minority_int_ratio: 79 })]), [true]);
    assert.deepEqual(holds('pretax-identity', [rec('income_statement', { is_pretax_income: 100, is_inc_tax_exp: 21, is_ni_including_minority_int_ratio: 60, is_inc_bef_xo_item: 79 })]), [true]);
    assert.deepEqual(holds('pretax-identity', [rec('income_statement', { is_pretax_income: 100, is_inc_tax_exp: 21, is_ni_including_minority_int_ratio: 90 })]), [false]);
    assert.deepEqual(holds('pretax-identity', [rec('income_statement', { is_pretax_income: 100, is_inc_tax_exp: 21 })]), []);
    // equity-method income shown after tax, discontinued operations below continuing operations
    const ni = (v: number): PeriodRecord[] => [rec('income_statement', { is_pretax_income: 100, is_inc_tax_exp: 21, is_ni_including_minority_int_ratio: v })];
    assert.deepEqual(holds('pretax-identity', ni(89), { equity: 10 }), [true]);
    assert.deepEqual(holds('pretax-identity', ni(74), { disc: -5 }), [true]);
    assert.deepEqual(holds('pretax-identity', ni(84), { equity: 10, disc: -5 }), [true]);
    assert.deepEqual(holds('pretax-identity', ni(95), { equity: 10, disc: -5 }), [false]);
  });

  test('cash-flow-sections: operating + investing + financing = change in cash', () => {
    const cf = { cf_cash_from_oper: 500, cf_cash_from_inv_act: -300, cf_cash_from_fin_act: -150, cf_net_chng_cash: 50 };
    assert.deepEqual(holds('cash-flow-sections', [rec('cash_flow', cf)]), [true]);
    assert.deepEqual(holds('cash-flow-sections', [rec('cash_flow', { ...cf, cf_net_chng_cash: 80 })]), [false]); // 30 of 500: 6 %
    // the change in cash after a tagged exchange-rate effect of 30
    assert.deepEqual(holds('cash-flow-sections', [rec('cash_flow', { ...cf, cf_net_chng_cash: 80 })], { fx: 30 }), [true]);
    assert.deepEqual(holds('cash-flow-sections', [rec('cash_flow', { ...cf, cf_net_chng_cash: 80 })], { fx: -30 }), [false]);
  });

  test('cash-ending: balance-sheet cash = tagged ending cash, else previous cash + change in cash', () => {
    const bs = rec('balance_sheet', { bs_cash_near_cash_item: 200 });
    const cf = rec('cash_flow', { cf_net_chng_cash: 50 });
    assert.deepEqual(holds('cash-ending', [bs, cf], { endingCash: 200 }), [true]);
    assert.deepEqual(holds('cash-ending', [bs, cf], { endingCash: 260 }), [false]);
    assert.deepEqual(holds('cash-ending', [bs, cf], { endingCash: 260, restricted: [60] }), [true]); // restricted cash reported apart
    const prev = rec('balance_sheet', { bs_cash_near_cash_item: 150 }, { date: '2022-12-31', label: '2022' });
    assert.deepEqual(holds('cash-ending', [prev, bs, cf]), [true]);
    const prevWrong = rec('balance_sheet', { bs_cash_near_cash_item: 100 }, { date: '2022-12-31', label: '2022' });
    assert.deepEqual(holds('cash-ending', [prevWrong, bs, cf]), [false]);
    assert.deepEqual(holds('cash-ending', [prevWrong, bs, cf], { fx: 50 }), [true]); // a change in cash before a tagged exchange-rate effect
    assert.deepEqual(holds('cash-ending', [bs]), []); // no cash-flow record at the date
  });

  test('quarters-sum: four quarters add up to their fiscal year', () => {
    const q = (label: string, v: number): PeriodRecord => rec('income_statement', { is_sales_revenue_turnover: v }, { period: 'quarterly', label });
    const fy = rec('income_statement', { is_sales_revenue_turnover: 1000 });
    const checks = run('quarters-sum', [fy, q('Q1', 200), q('Q2', 250), q('Q3', 260), q('Q4', 290)]);
    assert.deepEqual(checks.map((c) => c.holds), [true]);
    assert.equal(checks[0]!.evidence.length, 5); // the year and its four quarters
    assert.deepEqual(holds('quarters-sum', [fy, q('Q1', 200), q('Q2', 250), q('Q3', 260), q('Q4', 390)]), [false]);
    assert.deepEqual(holds('quarters-sum', [fy, q('Q1', 200), q('Q2', 250), q('Q3', 260)]), []); // a quarter missing
  });
});
