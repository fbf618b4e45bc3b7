// Definitions of every derived field, per record type: the formula (as published by the
// registry, /v2/excel/metrics and docs/metrics.md) and the fields it reads. Statement fields not
// listed here are reported values (XBRL concept map). Where METRICS.md was ambiguous or wrong,
// the text below is the corrected definition (see docs/metrics.md, "Definition fixes").
import type { RecordType } from '../model/record-types.js';

export interface Definition {
  definition: string;
  inputs: readonly string[];
  description?: string;
}

const TTM = 'window flows (fiscal year; TTM for quarterly records)';
const DEBT = 'short_and_long_term_debt';
const CASH = 'bs_c_and_ce_and_sti_detailed';

const ev: Definition = { definition: 'market_cap + short_and_long_term_debt + preferred equity (optional) + minority interest (optional) - cash (bs_c_and_ce_and_sti_detailed)', inputs: ['market_cap', DEBT, 'aux_preferred_equity', 'aux_minority_interest', CASH], description: 'enterprise value at pr_last' };
const debt: Definition = { definition: 'short-term borrowings (bs_st_borrow, else bs_short_term_debt_detailed) + long-term borrowings (bs_lt_borrow, else bs_long_term_borrowings_detailed); a borrowing line absent from a classified balance sheet (current liabilities reported) counts as 0; null for unclassified balance sheets (banks, insurers) missing a line', inputs: ['bs_st_borrow', 'bs_short_term_debt_detailed', 'bs_lt_borrow', 'bs_long_term_borrowings_detailed'], description: 'total debt' };
const creditShared: Record<string, Definition> = {
  com_eqy_to_tot_asset: { definition: 'common equity / bs_tot_asset x 100; common equity = bs_eqty_bef_minority_int_detailed - preferred equity (optional)', inputs: ['bs_eqty_bef_minority_int_detailed', 'aux_preferred_equity', 'bs_tot_asset'], description: 'common equity to total assets' },
  lt_debt_to_tot_eqy: { definition: 'long-term borrowings / bs_total_equity x 100 (null when equity <= 0)', inputs: ['bs_lt_borrow', 'bs_total_equity'], description: 'long-term debt to total equity' },
  lt_debt_to_tot_cap: { definition: 'long-term borrowings / (short_and_long_term_debt + bs_total_equity) x 100', inputs: ['bs_lt_borrow', DEBT, 'bs_total_equity'], description: 'long-term debt to total capital' },
  lt_debt_to_tot_asset: { definition: 'long-term borrowings / bs_tot_asset x 100', inputs: ['bs_lt_borrow', 'bs_tot_asset'], description: 'long-term debt to total assets' },
  tot_debt_to_tot_eqy: { definition: 'short_and_long_term_debt / bs_total_equity x 100 (null when equity <= 0)', inputs: [DEBT, 'bs_total_equity'], description: 'total debt to total equity' },
  tot_debt_to_tot_cap: { definition: 'short_and_long_term_debt / (short_and_long_term_debt + bs_total_equity) x 100', inputs: [DEBT, 'bs_total_equity'], description: 'total debt to total capital' },
  tot_debt_to_tot_asset: { definition: 'short_and_long_term_debt / bs_tot_asset x 100', inputs: [DEBT, 'bs_tot_asset'], description: 'total debt to total assets' },
};
const ebitdaOwn: Definition = { definition: "is_oper_income + cf_depr_amort of the record's own period", inputs: ['is_oper_income', 'cf_depr_amort'], description: 'earnings before interest, taxes, depreciation and amortization' };
const ebitdaMarginOwn: Definition = { definition: "ebitda / is_sales_revenue_turnover x 100 (record's own period; null when revenue <= 0)", inputs: ['ebitda', 'is_sales_revenue_turnover'], description: 'EBITDA margin' };

function multipleSet(names: readonly [string, string, string, string], what: string, formula: (price: string) => string, inputs: string[]): Record<string, Definition> {
  const prices = ['pr_last', 'mean close of the 52 weeks', 'pr_high', 'pr_low'];
  const label = ['at the last close', 'at the mean close of the 52 weeks', 'at the 52-week high close', 'at the 52-week low close'];
  const out: Record<string, Definition> = {};
  names.forEach((n, i) => { out[n] = { definition: formula(prices[i]!), inputs: [...inputs, i === 0 ? 'pr_last' : i === 2 ? 'pr_high' : i === 3 ? 'pr_low' : 'prices'], description: `${what} ${label[i]}` }; });
  return out;
}

export const DEFINITIONS: Partial<Record<RecordType, Record<string, Definition>>> = {
  income_statement: {
    ebitda: ebitdaOwn,
    ebita: { definition: "is_oper_income + amortization of intangibles of the record's own period (0 when the filer reports none)", inputs: ['is_oper_income', 'aux_amortization_intangibles'], description: 'earnings before interest, taxes and amortization' },
    ebit: { definition: 'is_oper_income', inputs: ['is_oper_income'], description: 'earnings before interest and taxes (operating income)' },
    ebitda_margin: ebitdaMarginOwn,
    gross_margin: { definition: 'is_gross_profit (else revenue - cost of revenue) / is_sales_revenue_turnover x 100 (null when revenue <= 0)', inputs: ['is_gross_profit', 'is_cogs', 'is_sales_revenue_turnover'], description: 'gross margin' },
    oper_margin: { definition: 'is_oper_income / is_sales_revenue_turnover x 100 (null when revenue <= 0)', inputs: ['is_oper_income', 'is_sales_revenue_turnover'], description: 'operating margin' },
    profit_margin: { definition: 'is_net_income / is_sales_revenue_turnover x 100 (null when revenue <= 0)', inputs: ['is_net_income', 'is_sales_revenue_turnover'], description: 'net profit margin' },
  },
  balance_sheet: {
    net_debt: { definition: 'short_and_long_term_debt - cash (bs_c_and_ce_and_sti_detailed, else bs_cash_near_cash_item + bs_mkt_sec_other_st_invest)', inputs: [DEBT, CASH, 'bs_cash_near_cash_item', 'bs_mkt_sec_other_st_invest'], description: 'total debt minus cash and short-term investments' },
    net_debt_to_shrhldr_eqty: { definition: 'net_debt / bs_total_equity x 100 (null when equity <= 0)', inputs: ['net_debt', 'bs_total_equity'], description: "net debt to shareholders' equity" },
    tce_ratio: { definition: '(bs_total_equity - goodwill - other intangibles) / (bs_tot_asset - goodwill - other intangibles) x 100', inputs: ['bs_total_equity', 'aux_goodwill', 'aux_other_intangibles', 'bs_tot_asset'], description: 'tangible common equity ratio' },
    cur_ratio: { definition: 'bs_cur_asset_report / bs_cur_liab', inputs: ['bs_cur_asset_report', 'bs_cur_liab'], description: 'current ratio' },
    cash_conversion_cycle: { definition: 'invent_days + acct_rcv_days - accounts_payable_turnover_days (working-capital record of the same date; TTM flows)', inputs: ['invent_days', 'acct_rcv_days', 'accounts_payable_turnover_days'], description: 'cash conversion cycle in days' },
  },
  cash_flow: {
    ebitda: ebitdaOwn,
    ebitda_margin: ebitdaMarginOwn,
    cf_free_cash_flow: { definition: 'cf_cash_from_oper + cf_cap_expenditures', inputs: ['cf_cash_from_oper', 'cf_cap_expenditures'], description: 'free cash flow' },
    cf_free_cash_flow_firm: { definition: "cf_free_cash_flow + interest paid x (1 - tax rate); tax rate of the record's own period clamped to [0, 50 %], 21 % when pre-tax income <= 0", inputs: ['cf_free_cash_flow', 'aux_interest_paid', 'is_inc_tax_exp', 'is_pretax_income'], description: 'free cash flow to the firm' },
    free_cash_flow_equity: { definition: 'cf_free_cash_flow + net debt issuance (cf_nt_csh_proc_pymt_debt, else proceeds + repayments; 0 when a reported financing section has no debt lines)', inputs: ['cf_free_cash_flow', 'cf_nt_csh_proc_pymt_debt', 'cf_proc_debt_and_capital_lease', 'cf_pymt_debt_and_capital_lease'], description: 'free cash flow to equity' },
    free_cash_flow_per_sh: { definition: "cf_free_cash_flow / is_sh_for_diluted_eps of the record's own period (as filed)", inputs: ['cf_free_cash_flow', 'is_sh_for_diluted_eps'], description: 'free cash flow per diluted share' },
    pr_to_free_cash_flow: { definition: 'market_cap at the record date / TTM cf_free_cash_flow (null when TTM free cash flow <= 0 or no price covers the date)', inputs: ['market_cap', 'cf_free_cash_flow'], description: 'price to free cash flow (market cap basis)' },
    cash_flow_to_net_inc: { definition: 'cf_cash_from_oper / is_net_income (null when net income <= 0)', inputs: ['cf_cash_from_oper', 'is_net_income'], description: 'operating cash flow to net income' },
  },
  credit: {
    short_and_long_term_debt: debt,
    bs_st_borrow: { definition: 'reported (balance sheet at the record date)', inputs: ['bs_st_borrow'], description: 'short-term borrowings' },
    bs_lt_borrow: { definition: 'reported (balance sheet at the record date)', inputs: ['bs_lt_borrow'], description: 'long-term borrowings' },
    tot_debt_to_ebitda: { definition: `short_and_long_term_debt / TTM ebitda (null when EBITDA <= 0); ${TTM}`, inputs: [DEBT, 'ebitda'], description: 'total debt to EBITDA' },
    net_debt_to_ebitda: { definition: 'net_debt / TTM ebitda (null when EBITDA <= 0)', inputs: ['net_debt', 'ebitda'], description: 'net debt to EBITDA' },
    total_debt_to_ebit: { definition: 'short_and_long_term_debt / TTM ebit (null when EBIT <= 0)', inputs: [DEBT, 'ebit'], description: 'total debt to EBIT' },
    net_debt_to_ebit: { definition: 'net_debt / TTM ebit (null when EBIT <= 0)', inputs: ['net_debt', 'ebit'], description: 'net debt to EBIT' },
    ...creditShared,
    net_debt_to_shrhldr_eqty: { definition: 'net_debt / bs_total_equity x 100 (null when equity <= 0)', inputs: ['net_debt', 'bs_total_equity'], description: "net debt to shareholders' equity" },
    net_debt_to_capital: { definition: 'net_debt / (net_debt + bs_total_equity) x 100 (null when the denominator <= 0)', inputs: ['net_debt', 'bs_total_equity'], description: 'net debt to net capital' },
    ebitda: { definition: `TTM is_oper_income + TTM cf_depr_amort; ${TTM}`, inputs: ['is_oper_income', 'cf_depr_amort'], description: 'EBITDA over the window' },
    ebitda_after_capex: { definition: 'TTM ebitda + TTM cf_cap_expenditures', inputs: ['ebitda', 'cf_cap_expenditures'], description: 'EBITDA after capital expenditures' },
    is_oper_income: { definition: `TTM is_oper_income; ${TTM}`, inputs: ['is_oper_income'], description: 'operating income over the window' },
  },
  liquidity: {
    cash_ratio: { definition: 'cash (bs_c_and_ce_and_sti_detailed) / bs_cur_liab', inputs: [CASH, 'bs_cur_liab'], description: 'cash ratio' },
    cur_ratio: { definition: 'bs_cur_asset_report / bs_cur_liab', inputs: ['bs_cur_asset_report', 'bs_cur_liab'], description: 'current ratio' },
    quick_ratio: { definition: '(cash + receivables (bs_acct_note_rcv, else bs_accts_rec_excl_notes_rec)) / bs_cur_liab', inputs: [CASH, 'bs_acct_note_rcv', 'bs_accts_rec_excl_notes_rec', 'bs_cur_liab'], description: 'quick ratio' },
    cfo_to_avg_current_liabilities: { definition: 'TTM cf_cash_from_oper / avg bs_cur_liab', inputs: ['cf_cash_from_oper', 'bs_cur_liab'], description: 'operating cash flow to average current liabilities' },
    ...creditShared,
    cash_flow_to_tot_liab: { definition: 'TTM cf_cash_from_oper / bs_tot_liab x 100', inputs: ['cf_cash_from_oper', 'bs_tot_liab'], description: 'operating cash flow to total liabilities' },
    cap_expend_ratio: { definition: 'TTM cf_cash_from_oper / |TTM cf_cap_expenditures| (null when capex is 0)', inputs: ['cf_cash_from_oper', 'cf_cap_expenditures'], description: 'operating cash flow to capital expenditures' },
    altman_z_score: { definition: "1.2 WC/TA' + 1.4 RE/TA' + 3.3 TTM EBIT/TA' + 0.6 market_cap/bs_tot_liab + 1.0 TTM revenue/TA'; WC = bs_cur_asset_report - bs_cur_liab; TA' = bs_tot_asset - goodwill - other intangibles. Bands: > 2.99 safe, 1.81-2.99 grey, < 1.81 distress", inputs: ['bs_cur_asset_report', 'bs_cur_liab', 'bs_pure_retained_earnings', 'is_oper_income', 'market_cap', 'bs_tot_liab', 'is_sales_revenue_turnover', 'bs_tot_asset', 'aux_goodwill', 'aux_other_intangibles'], description: 'Altman Z-score (1968 coefficients, tangible assets)' },
  },
  profitability: {
    return_com_eqy: { definition: 'TTM is_earn_for_common (else is_net_income) / avg common equity x 100 (null when avg <= 0)', inputs: ['is_earn_for_common', 'is_net_income', 'bs_eqty_bef_minority_int_detailed', 'aux_preferred_equity'], description: 'return on common equity' },
    return_on_asset: { definition: 'TTM is_net_income / avg bs_tot_asset x 100', inputs: ['is_net_income', 'bs_tot_asset'], description: 'return on assets' },
    return_on_cap: { definition: 'TTM (is_net_income + interest expense x (1 - tax rate)) / avg (short_and_long_term_debt + bs_total_equity) x 100; tax rate clamped to [0, 50 %], 21 % when pre-tax income <= 0', inputs: ['is_net_income', 'aux_interest_expense', 'is_inc_tax_exp', 'is_pretax_income', DEBT, 'bs_total_equity'], description: 'return on capital' },
    return_on_inv_capital: { definition: 'TTM NOPAT / avg invested capital x 100; NOPAT = TTM ebit x (1 - tax rate clamped to [0, 50 %], 21 % when pre-tax income <= 0); invested capital = debt + total equity + allowance for doubtful accounts (optional) + net deferred tax liabilities (optional) + bs_taxes_payable (optional)', inputs: ['is_oper_income', 'is_inc_tax_exp', 'is_pretax_income', DEBT, 'bs_total_equity', 'aux_allowance_doubtful_accounts', 'aux_net_deferred_tax_liabilities', 'bs_taxes_payable'], description: 'return on invested capital' },
    gross_margin: { definition: 'TTM gross profit / TTM revenue x 100', inputs: ['is_gross_profit', 'is_sales_revenue_turnover'], description: 'gross margin over the window' },
    ebitda_margin: { definition: 'TTM ebitda / TTM revenue x 100', inputs: ['ebitda', 'is_sales_revenue_turnover'], description: 'EBITDA margin over the window' },
    oper_margin: { definition: 'TTM is_oper_income / TTM revenue x 100', inputs: ['is_oper_income', 'is_sales_revenue_turnover'], description: 'operating margin over the window' },
    incremental_operating_margin: { definition: '(TTM operating income - the same a year earlier) / (TTM revenue - the same a year earlier) x 100 (null when revenue did not change)', inputs: ['is_oper_income', 'is_sales_revenue_turnover'], description: 'incremental operating margin' },
    pretax_inc_to_net_sales: { definition: 'TTM is_pretax_income / TTM revenue x 100', inputs: ['is_pretax_income', 'is_sales_revenue_turnover'], description: 'pre-tax margin' },
    profit_margin: { definition: 'TTM is_net_income / TTM revenue x 100', inputs: ['is_net_income', 'is_sales_revenue_turnover'], description: 'net margin over the window' },
    net_income_to_common_margin: { definition: 'TTM is_earn_for_common (else is_net_income) / TTM revenue x 100', inputs: ['is_earn_for_common', 'is_sales_revenue_turnover'], description: 'earnings for common to revenue' },
    eff_tax_rate: { definition: 'TTM is_inc_tax_exp / TTM is_pretax_income x 100 (null when pre-tax income <= 0)', inputs: ['is_inc_tax_exp', 'is_pretax_income'], description: 'effective tax rate' },
    dvd_payout_ratio: { definition: '|TTM cf_dvd_paid| / TTM is_net_income x 100 (null when net income <= 0; 0 when a reported financing section has no dividend line)', inputs: ['cf_dvd_paid', 'is_net_income'], description: 'dividend payout ratio' },
    sustain_growth_rt: { definition: 'return_com_eqy x (1 - dvd_payout_ratio / 100)', inputs: ['return_com_eqy', 'dvd_payout_ratio'], description: 'sustainable growth rate' },
  },
  working_capital: {
    acct_rcv_turn: { definition: 'TTM revenue / avg receivables (bs_acct_note_rcv, else bs_accts_rec_excl_notes_rec)', inputs: ['is_sales_revenue_turnover', 'bs_acct_note_rcv'], description: 'receivables turnover' },
    acct_rcv_days: { definition: '365 / acct_rcv_turn', inputs: ['acct_rcv_turn'], description: 'days sales outstanding' },
    invent_turn: { definition: 'TTM cost of revenue (is_cogs, else is_cog_and_services_sold) / avg bs_inventories', inputs: ['is_cogs', 'is_cog_and_services_sold', 'bs_inventories'], description: 'inventory turnover' },
    invent_days: { definition: '365 / invent_turn', inputs: ['invent_turn'], description: 'days inventory outstanding' },
    accounts_payable_turnover: { definition: 'TTM cost of revenue / avg bs_acct_payable', inputs: ['is_cogs', 'bs_acct_payable'], description: 'payables turnover' },
    accounts_payable_turnover_days: { definition: '365 / accounts_payable_turnover', inputs: ['accounts_payable_turnover'], description: 'days payables outstanding' },
    cash_conversion_cycle: { definition: 'invent_days + acct_rcv_days - accounts_payable_turnover_days (negative is possible; invent_days counts 0 when a classified balance sheet has no inventory line at either date). Bands: < 0 cash before suppliers are paid, 0-30 efficient, 30-90 normal, > 90 capital tied up', inputs: ['invent_days', 'acct_rcv_days', 'accounts_payable_turnover_days'], description: 'cash conversion cycle in days' },
    inv_to_cash_days: { definition: 'invent_days + acct_rcv_days (invent_days 0 without inventories, as in the cycle)', inputs: ['invent_days', 'acct_rcv_days'], description: 'inventory to cash days (operating cycle)' },
    bs_inventories: { definition: 'reported (balance sheet at the record date)', inputs: ['bs_inventories'], description: 'total inventories' },
    bs_other_inv: { definition: 'reported (balance sheet at the record date)', inputs: ['bs_other_inv'], description: 'other inventories' },
  },
  yield_analysis: {
    ttm_cash_from_oper: { definition: 'TTM cf_cash_from_oper', inputs: ['cf_cash_from_oper'], description: 'TTM cash from operations' },
    ttm_cap_expend: { definition: 'TTM cf_cap_expenditures', inputs: ['cf_cap_expenditures'], description: 'TTM capital expenditures' },
    ttm_free_cash_flow: { definition: 'TTM cf_cash_from_oper + TTM cf_cap_expenditures', inputs: ['cf_cash_from_oper', 'cf_cap_expenditures'], description: 'TTM free cash flow' },
    free_cash_flow_yield: { definition: 'ttm_free_cash_flow / market_cap x 100. Bands: > 8 potentially undervalued, 4-8 moderate, < 4 lower', inputs: ['ttm_free_cash_flow', 'market_cap'], description: 'free cash flow yield' },
    cf_dvd_paid: { definition: 'TTM cf_dvd_paid (a quarter whose reported financing section has no dividend line counts 0)', inputs: ['cf_dvd_paid'], description: 'TTM dividends paid' },
    cf_proc_fr_repurch_eqty_detailed: { definition: 'TTM cf_proc_fr_repurch_eqty_detailed (same rule)', inputs: ['cf_proc_fr_repurch_eqty_detailed'], description: 'TTM net share repurchases' },
    cf_pymt_debt_and_capital_lease: { definition: 'TTM cf_pymt_debt_and_capital_lease (same rule)', inputs: ['cf_pymt_debt_and_capital_lease'], description: 'TTM debt and capital lease repayments' },
    cf_other_financing_act_excl_fx: { definition: 'TTM cf_other_financing_act_excl_fx (same rule)', inputs: ['cf_other_financing_act_excl_fx'], description: 'TTM other financing activities' },
    ttm_cff: { definition: 'TTM cf_cash_from_fin_act', inputs: ['cf_cash_from_fin_act'], description: 'TTM cash from financing' },
    shareholder_yield_cff: { definition: '-ttm_cff / market_cap x 100', inputs: ['ttm_cff', 'market_cap'], description: 'shareholder yield on cash from financing' },
    returned_capital_ex_debt: { definition: '-(TTM dividends paid + TTM net share repurchases) (positive when cash is returned)', inputs: ['cf_dvd_paid', 'cf_proc_fr_repurch_eqty_detailed'], description: 'capital returned to shareholders' },
    shareholder_yield_ex_debt: { definition: 'returned_capital_ex_debt / market_cap x 100', inputs: ['returned_capital_ex_debt', 'market_cap'], description: 'shareholder yield excluding debt' },
    cf_cash_from_oper: { definition: 'TTM cf_cash_from_oper', inputs: ['cf_cash_from_oper'], description: 'TTM cash from operations' },
    cf_cap_expenditures: { definition: 'TTM cf_cap_expenditures', inputs: ['cf_cap_expenditures'], description: 'TTM capital expenditures' },
    cf_free_cash_flow_firm: { definition: 'TTM free cash flow + TTM interest paid x (1 - tax rate clamped to [0, 50 %], 21 % when pre-tax income <= 0)', inputs: ['cf_free_cash_flow', 'aux_interest_paid', 'is_inc_tax_exp', 'is_pretax_income'], description: 'TTM free cash flow to the firm' },
    enterprise_value: ev,
    ttm_fcf_to_firm_yield: { definition: 'cf_free_cash_flow_firm (TTM) / enterprise_value x 100 (null when EV <= 0)', inputs: ['cf_free_cash_flow_firm', 'enterprise_value'], description: 'free cash flow to firm yield' },
    capital_yield: { definition: '-(TTM dividends paid + TTM net repurchases + TTM net debt issuance) / enterprise_value x 100', inputs: ['cf_dvd_paid', 'cf_proc_fr_repurch_eqty_detailed', 'cf_nt_csh_proc_pymt_debt', 'enterprise_value'], description: 'capital yield' },
  },
  enterprise_value: {
    market_cap: { definition: 'pr_last x bs_sh_out, both on the share basis of the record date', inputs: ['pr_last', 'bs_sh_out'], description: 'market capitalisation' },
    bs_cash_near_cash_item: { definition: 'reported (balance sheet at the record date); EV subtracts cash + short-term investments', inputs: ['bs_cash_near_cash_item'], description: 'cash and equivalents' },
    short_and_long_term_debt: debt,
    enterprise_value: ev,
    bs_tot_cap: { definition: 'short_and_long_term_debt + bs_total_equity', inputs: [DEBT, 'bs_total_equity'], description: 'total capital' },
    tot_debt_to_tot_cap: creditShared.tot_debt_to_tot_cap!,
    total_debt_to_ev: { definition: 'short_and_long_term_debt / enterprise_value x 100 (null when EV <= 0)', inputs: [DEBT, 'enterprise_value'], description: 'total debt to enterprise value' },
    ev_to_ttm_sales: { definition: 'enterprise_value / TTM revenue', inputs: ['enterprise_value', 'is_sales_revenue_turnover'], description: 'EV to TTM sales' },
    ev_to_ttm_ebitda: { definition: 'enterprise_value / TTM ebitda (null when EBITDA <= 0)', inputs: ['enterprise_value', 'ebitda'], description: 'EV to TTM EBITDA' },
    ev_to_ttm_ebit: { definition: 'enterprise_value / TTM ebit (null when EBIT <= 0)', inputs: ['enterprise_value', 'ebit'], description: 'EV to TTM EBIT' },
    ev_to_ttm_cash_flow_firm: { definition: 'enterprise_value / ttm_cash_flow_firm', inputs: ['enterprise_value', 'ttm_cash_flow_firm'], description: 'EV to TTM cash flow to the firm' },
    ev_to_ttm_free_cash_flow_firm: { definition: 'enterprise_value / ttm_free_cash_flow_firm', inputs: ['enterprise_value', 'ttm_free_cash_flow_firm'], description: 'EV to TTM free cash flow to the firm' },
    diluted_mkt_cap: { definition: 'pr_last x is_sh_for_diluted_eps of the period (record-date share basis)', inputs: ['pr_last', 'is_sh_for_diluted_eps'], description: 'market cap on diluted weighted shares' },
    diluted_ev: { definition: 'enterprise_value - market_cap + diluted_mkt_cap', inputs: ['enterprise_value', 'market_cap', 'diluted_mkt_cap'], description: 'EV on diluted market cap' },
    ev_to_sh_out: { definition: 'enterprise_value / bs_sh_out', inputs: ['enterprise_value', 'bs_sh_out'], description: 'enterprise value per share' },
    ttm_net_sales: { definition: 'TTM is_sales_revenue_turnover', inputs: ['is_sales_revenue_turnover'], description: 'TTM revenue' },
    ttm_ebitda: { definition: 'TTM is_oper_income + TTM cf_depr_amort', inputs: ['is_oper_income', 'cf_depr_amort'], description: 'TTM EBITDA' },
    ttm_oper_inc: { definition: 'TTM is_oper_income', inputs: ['is_oper_income'], description: 'TTM operating income' },
    ttm_cash_flow_firm: { definition: 'TTM cf_cash_from_oper + TTM interest paid x (1 - tax rate clamped to [0, 50 %], 21 % when pre-tax income <= 0)', inputs: ['cf_cash_from_oper', 'aux_interest_paid', 'is_inc_tax_exp', 'is_pretax_income'], description: 'TTM cash flow to the firm' },
    ttm_free_cash_flow_firm: { definition: 'TTM free cash flow + TTM interest paid x (1 - tax rate)', inputs: ['cf_free_cash_flow', 'aux_interest_paid'], description: 'TTM free cash flow to the firm' },
  },
  multiples: {
    ...multipleSet(['pe_ratio', 'average_price_earnings_ratio', 'pe_ratio_with_high_clos_pr', 'pe_ratio_with_low_clos_pr'], 'price / TTM diluted EPS', (p) => `${p} / TTM diluted_eps (record-date share basis; null when EPS <= 0)`, ['diluted_eps']),
    ...multipleSet(['pr_to_book_ratio', 'average_price_to_book_ratio', 'high_closing_price_to_book_ratio', 'low_closing_price_to_book_ratio'], 'price / book value per share', (p) => `${p} / book_val_per_sh (null when book value <= 0)`, ['book_val_per_sh']),
    ...multipleSet(['pr_to_tang_bv_per_sh', 'average_price_to_tangible_bps', 'high_price_to_tangible_bps', 'low_price_to_tangible_bps'], 'price / tangible book value per share', (p) => `${p} / tang_book_val_per_sh (null when tangible book value <= 0)`, ['tang_book_val_per_sh']),
    ...multipleSet(['pr_to_sales_ratio', 'average_price_to_sales_ratio', 'high_closing_price_to_sales_ratio', 'low_closing_price_to_sales_ratio'], 'price / TTM revenue per diluted share', (p) => `${p} / (TTM revenue / is_sh_for_diluted_eps)`, ['revenue_per_sh']),
    ...multipleSet(['pr_to_cash_flow', 'average_price_to_cash_flow', 'high_closing_price_to_cash_flow', 'low_closing_price_to_cash_flow'], 'price / TTM operating cash flow per diluted share', (p) => `${p} / cash_flow_per_sh (null when <= 0)`, ['cash_flow_per_sh']),
    ...multipleSet(['pr_to_free_cash_flow', 'average_price_to_free_cash_flow', 'high_price_to_free_cash_flow', 'low_price_to_free_cash_flow'], 'price / TTM free cash flow per diluted share', (p) => `${p} / free_cash_flow_per_sh (null when <= 0)`, ['free_cash_flow_per_sh']),
    ...multipleSet(['ev_to_ttm_sales', 'average_ev_to_ttm_sales', 'high_ev_to_ttm_sales', 'low_ev_to_ttm_sales'], 'EV / TTM revenue', (p) => `EV at ${p} / TTM revenue`, ['enterprise_value', 'is_sales_revenue_turnover']),
    ...multipleSet(['ev_to_ttm_ebitda', 'avg_ev_to_ttm_ebitda', 'high_ev_to_ttm_ebitda', 'low_ev_to_ttm_ebitda'], 'EV / TTM EBITDA', (p) => `EV at ${p} / TTM ebitda (null when EBITDA <= 0)`, ['enterprise_value', 'ebitda']),
    ...multipleSet(['ev_to_ttm_ebit', 'average_ev_to_ttm_ebit', 'high_ev_to_ttm_ebit', 'low_ev_to_ttm_ebit'], 'EV / TTM EBIT', (p) => `EV at ${p} / TTM ebit (null when EBIT <= 0)`, ['enterprise_value', 'ebit']),
    ...multipleSet(['enterprise_value', 'average_enterprise_value', 'high_enterprise_value', 'low_enterprise_value'], 'enterprise value', (p) => `${p} x bs_sh_out + short_and_long_term_debt + preferred (optional) + minority interest (optional) - cash`, ['bs_sh_out', DEBT, CASH]),
    pr_last: { definition: 'as-traded close on the last trading day on or before the record date (within 7 days), on the share basis of the record date', inputs: ['prices'], description: 'last closing price' },
    pr_high: { definition: 'highest close of the 52 weeks (364 days) ending at the record date, each close on the share basis of the record date', inputs: ['prices', 'splits'], description: '52-week high close' },
    pr_low: { definition: 'lowest close of the 52 weeks ending at the record date, on the share basis of the record date', inputs: ['prices', 'splits'], description: '52-week low close' },
    bs_sh_out: { definition: 'shares outstanding at the record date (balance sheet), restated comparatives brought back to the share basis of the record date with the split history', inputs: ['bs_sh_out', 'splits'], description: 'shares outstanding' },
  },
  per_share: {
    bs_sh_out: { definition: 'shares outstanding at the record date, on the share basis of the record date', inputs: ['bs_sh_out', 'splits'], description: 'shares outstanding' },
    is_sh_for_diluted_eps: { definition: 'diluted weighted shares of the period (quarter or year), on the share basis of the record date', inputs: ['is_sh_for_diluted_eps', 'splits'], description: 'diluted weighted shares' },
    is_avg_num_sh_for_eps: { definition: 'basic weighted shares of the period, on the share basis of the record date', inputs: ['is_avg_num_sh_for_eps', 'splits'], description: 'basic weighted shares' },
    revenue_per_sh: { definition: 'TTM revenue / is_sh_for_diluted_eps', inputs: ['is_sales_revenue_turnover', 'is_sh_for_diluted_eps'], description: 'revenue per diluted share' },
    ebitda_per_sh: { definition: 'TTM ebitda / is_sh_for_diluted_eps', inputs: ['ebitda', 'is_sh_for_diluted_eps'], description: 'EBITDA per diluted share' },
    oper_inc_per_sh: { definition: 'TTM is_oper_income / is_sh_for_diluted_eps', inputs: ['is_oper_income', 'is_sh_for_diluted_eps'], description: 'operating income per diluted share' },
    eps: { definition: 'reported basic EPS, summed over the TTM quarters for quarterly records, on the share basis of the record date', inputs: ['eps'], description: 'basic EPS' },
    eps_cont_ops: { definition: 'reported, summed over TTM for quarterly records, record-date share basis', inputs: ['eps_cont_ops'], description: 'basic EPS from continuing operations' },
    diluted_eps: { definition: 'reported, summed over TTM for quarterly records, record-date share basis', inputs: ['diluted_eps'], description: 'diluted EPS' },
    dil_eps_cont_ops: { definition: 'reported, summed over TTM for quarterly records, record-date share basis', inputs: ['dil_eps_cont_ops'], description: 'diluted EPS from continuing operations' },
    div_per_shr: { definition: 'reported dividends declared per share, summed over TTM for quarterly records, record-date share basis', inputs: ['div_per_shr'], description: 'dividends per share' },
    cash_flow_per_sh: { definition: 'TTM cf_cash_from_oper / is_sh_for_diluted_eps', inputs: ['cf_cash_from_oper', 'is_sh_for_diluted_eps'], description: 'operating cash flow per diluted share' },
    free_cash_flow_per_sh: { definition: 'TTM free cash flow / is_sh_for_diluted_eps', inputs: ['cf_free_cash_flow', 'is_sh_for_diluted_eps'], description: 'free cash flow per diluted share' },
    cash_st_investments_per_sh: { definition: 'cash (bs_c_and_ce_and_sti_detailed) / bs_sh_out', inputs: [CASH, 'bs_sh_out'], description: 'cash and short-term investments per share' },
    book_val_per_sh: { definition: 'common equity / bs_sh_out; common equity = bs_eqty_bef_minority_int_detailed - preferred (optional)', inputs: ['bs_eqty_bef_minority_int_detailed', 'aux_preferred_equity', 'bs_sh_out'], description: 'book value per share' },
    tang_book_val_per_sh: { definition: '(common equity - goodwill - other intangibles) / bs_sh_out', inputs: ['bs_eqty_bef_minority_int_detailed', 'aux_goodwill', 'aux_other_intangibles', 'bs_sh_out'], description: 'tangible book value per share' },
  },
};
