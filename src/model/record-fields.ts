// The columns of every record type, in the interface spec's order: the shape of the records that
// flow from xbrl/ and metrics/ into the dataset and out of the API (JSON key order, TSV columns).
// The metric registry (metrics/registry.ts) has one entry per field named here and checks that
// it covers exactly these lists.
import type { RecordType } from './record-types.js';

export const RECORD_FIELDS: Readonly<Record<RecordType, readonly string[]>> = {
  income_statement: [
    'is_sales_revenue_turnover', 'is_sales_and_services_revenues', 'is_cogs',
    'is_cog_and_services_sold', 'is_gross_profit', 'is_operating_expn', 'is_sg_and_a_expense',
    'is_operating_expenses_r_and_d', 'is_oper_income', 'is_nonop_income_loss',
    'is_other_nonop_income_loss', 'is_pretax_income', 'is_inc_tax_exp', 'is_inc_bef_xo_item',
    'is_ni_including_minority_int_ratio', 'is_net_income', 'is_earn_for_common',
    'is_avg_num_sh_for_eps', 'eps', 'eps_cont_ops', 'is_sh_for_diluted_eps', 'diluted_eps',
    'dil_eps_cont_ops', 'ebitda', 'ebita', 'ebit', 'ebitda_margin', 'gross_margin', 'oper_margin',
    'profit_margin', 'div_per_shr', 'is_depr_exp',
  ],
  balance_sheet: [
    'bs_c_and_ce_and_sti_detailed', 'bs_cash_near_cash_item', 'bs_mkt_sec_other_st_invest',
    'bs_acct_note_rcv', 'bs_accts_rec_excl_notes_rec', 'bs_other_current_receivable',
    'bs_inventories', 'bs_other_inv', 'bs_other_current_assets_detailed', 'bs_cur_asset_report',
    'bs_net_fix_asset', 'bs_gross_fix_asset', 'bs_accum_depr', 'bs_lt_invest',
    'bs_long_term_investments', 'bs_other_assets_def_chrg_other',
    'bs_other_noncurrent_assets_detailed', 'bs_tot_non_cur_asset', 'bs_tot_asset',
    'bs_acct_payable_and_accruals_detailed', 'bs_acct_payable', 'bs_taxes_payable', 'bs_accrual',
    'bs_st_borrow', 'bs_short_term_debt_detailed', 'bs_other_current_liabs_sub_detailed',
    'bs_st_deferred_revenue', 'bs_other_current_liabs_detailed', 'bs_cur_liab', 'bs_lt_borrow',
    'bs_long_term_borrowings_detailed', 'bs_other_noncur_liabs_sub_detailed',
    'bs_other_noncurrent_liabs_detailed', 'bs_non_cur_liab', 'bs_tot_liab', 'bs_sh_cap_and_apic',
    'bs_common_stock', 'bs_pure_retained_earnings', 'bs_other_ins_res_to_shrhldr_eqy',
    'bs_eqty_bef_minority_int_detailed', 'bs_total_equity', 'bs_tot_liab_and_eqy', 'bs_sh_out',
    'net_debt', 'net_debt_to_shrhldr_eqty', 'tce_ratio', 'cur_ratio', 'cash_conversion_cycle',
  ],
  cash_flow: [
    'cf_net_inc', 'cf_depr_amort', 'cf_non_cash_items_detailed', 'cf_stock_based_compensation',
    'cf_other_non_cash_adj_less_detailed', 'cf_chng_non_cash_work_cap', 'cf_acct_rcv_unbilled_rev',
    'cf_change_in_inventories', 'cf_change_in_accounts_payable',
    'cf_inc_dec_in_ot_op_ast_liab_detail', 'cf_cash_from_oper', 'cf_acquis_fxd_and_intang_detailed',
    'cf_purchase_of_fixed_prod_assets', 'cf_net_chg_in_lt_invest_detailed', 'cf_decr_invest',
    'cf_incr_invest', 'cf_other_investing_act_detailed', 'cf_cash_from_inv_act', 'cf_dvd_paid',
    'cf_nt_csh_proc_pymt_debt', 'cf_proc_debt_and_capital_lease', 'cf_pymt_debt_and_capital_lease',
    'cf_proc_fr_repurch_eqty_detailed', 'cf_decr_cap_stock', 'cf_other_financing_act_excl_fx',
    'cf_cash_from_fin_act', 'cf_net_chng_cash', 'cf_cap_expenditures', 'ebitda', 'ebitda_margin',
    'cf_free_cash_flow', 'cf_free_cash_flow_firm', 'free_cash_flow_equity', 'free_cash_flow_per_sh',
    'pr_to_free_cash_flow', 'cash_flow_to_net_inc',
  ],
  credit: [
    'short_and_long_term_debt', 'bs_st_borrow', 'bs_lt_borrow', 'tot_debt_to_ebitda',
    'net_debt_to_ebitda', 'total_debt_to_ebit', 'net_debt_to_ebit', 'com_eqy_to_tot_asset',
    'lt_debt_to_tot_eqy', 'lt_debt_to_tot_cap', 'lt_debt_to_tot_asset', 'tot_debt_to_tot_eqy',
    'tot_debt_to_tot_cap', 'tot_debt_to_tot_asset', 'net_debt_to_shrhldr_eqty',
    'net_debt_to_capital', 'ebitda', 'ebitda_after_capex', 'is_oper_income',
  ],
  liquidity: [
    'cash_ratio', 'cur_ratio', 'quick_ratio', 'cfo_to_avg_current_liabilities',
    'com_eqy_to_tot_asset', 'lt_debt_to_tot_eqy', 'lt_debt_to_tot_cap', 'lt_debt_to_tot_asset',
    'tot_debt_to_tot_eqy', 'tot_debt_to_tot_cap', 'tot_debt_to_tot_asset', 'cash_flow_to_tot_liab',
    'cap_expend_ratio', 'altman_z_score',
  ],
  profitability: [
    'return_com_eqy', 'return_on_asset', 'return_on_cap', 'return_on_inv_capital', 'gross_margin',
    'ebitda_margin', 'oper_margin', 'incremental_operating_margin', 'pretax_inc_to_net_sales',
    'profit_margin', 'net_income_to_common_margin', 'eff_tax_rate', 'dvd_payout_ratio',
    'sustain_growth_rt',
  ],
  working_capital: [
    'acct_rcv_turn', 'acct_rcv_days', 'invent_turn', 'invent_days', 'accounts_payable_turnover',
    'accounts_payable_turnover_days', 'cash_conversion_cycle', 'inv_to_cash_days', 'bs_inventories',
    'bs_other_inv',
  ],
  yield_analysis: [
    'ttm_cash_from_oper', 'ttm_cap_expend', 'ttm_free_cash_flow', 'free_cash_flow_yield',
    'cf_dvd_paid', 'cf_proc_fr_repurch_eqty_detailed', 'cf_pymt_debt_and_capital_lease',
    'cf_other_financing_act_excl_fx', 'ttm_cff', 'shareholder_yield_cff',
    'returned_capital_ex_debt', 'shareholder_yield_ex_debt', 'cf_cash_from_oper',
    'cf_cap_expenditures', 'cf_free_cash_flow_firm', 'enterprise_value', 'ttm_fcf_to_firm_yield',
    'capital_yield',
  ],
  enterprise_value: [
    'market_cap', 'bs_cash_near_cash_item', 'short_and_long_term_debt', 'enterprise_value',
    'bs_tot_cap', 'tot_debt_to_tot_cap', 'total_debt_to_ev', 'ev_to_ttm_sales', 'ev_to_ttm_ebitda',
    'ev_to_ttm_ebit', 'ev_to_ttm_cash_flow_firm', 'ev_to_ttm_free_cash_flow_firm',
    'diluted_mkt_cap', 'diluted_ev', 'ev_to_sh_out', 'ttm_net_sales', 'ttm_ebitda', 'ttm_oper_inc',
    'ttm_cash_flow_firm', 'ttm_free_cash_flow_firm',
  ],
  multiples: [
    'pe_ratio', 'average_price_earnings_ratio', 'pe_ratio_with_high_clos_pr',
    'pe_ratio_with_low_clos_pr', 'pr_to_book_ratio', 'average_price_to_book_ratio',
    'high_closing_price_to_book_ratio', 'low_closing_price_to_book_ratio', 'pr_to_tang_bv_per_sh',
    'average_price_to_tangible_bps', 'high_price_to_tangible_bps', 'low_price_to_tangible_bps',
    'pr_to_sales_ratio', 'average_price_to_sales_ratio', 'high_closing_price_to_sales_ratio',
    'low_closing_price_to_sales_ratio', 'pr_to_cash_flow', 'average_price_to_cash_flow',
    'high_closing_price_to_cash_flow', 'low_closing_price_to_cash_flow', 'pr_to_free_cash_flow',
    'average_price_to_free_cash_flow', 'high_price_to_free_cash_flow',
    'low_price_to_free_cash_flow', 'ev_to_ttm_sales', 'average_ev_to_ttm_sales',
    'high_ev_to_ttm_sales', 'low_ev_to_ttm_sales', 'ev_to_ttm_ebitda', 'avg_ev_to_ttm_ebitda',
    'high_ev_to_ttm_ebitda', 'low_ev_to_ttm_ebitda', 'ev_to_ttm_ebit', 'average_ev_to_ttm_ebit',
    'high_ev_to_ttm_ebit', 'low_ev_to_ttm_ebit', 'enterprise_value', 'average_enterprise_value',
    'high_enterprise_value', 'low_enterprise_value', 'pr_last', 'pr_high', 'pr_low', 'bs_sh_out',
  ],
  per_share: [
    'bs_sh_out', 'is_sh_for_diluted_eps', 'is_avg_num_sh_for_eps', 'revenue_per_sh',
    'ebitda_per_sh', 'oper_inc_per_sh', 'eps', 'eps_cont_ops', 'diluted_eps', 'dil_eps_cont_ops',
    'div_per_shr', 'cash_flow_per_sh', 'free_cash_flow_per_sh', 'cash_st_investments_per_sh',
    'book_val_per_sh', 'tang_book_val_per_sh',
  ],
};

const NO_CURRENCY: ReadonlySet<RecordType> = new Set<RecordType>(['enterprise_value', 'multiples', 'per_share']);

/** The metadata columns of a record type, before its fields (no currency where the spec has none). */
export function metadataColumns(recordType: RecordType): readonly string[] {
  return NO_CURRENCY.has(recordType)
    ? ['ticker', 'date', 'period', 'period_label', 'fiscal_year']
    : ['ticker', 'date', 'period', 'period_label', 'fiscal_year', 'currency'];
}

/** The fields of a record type, in output order. */
export function fieldNames(recordType: RecordType): readonly string[] {
  return RECORD_FIELDS[recordType];
}

/** Every column of a record type, metadata first, in output order. */
export function recordColumns(recordType: RecordType): readonly string[] {
  return [...metadataColumns(recordType), ...fieldNames(recordType)];
}
