// Balance-sheet record entries, in column order: the lines xbrl/ fills through the concept map and
// the derived fields (net debt and its ratio to equity, TCE ratio, current ratio, and the cash
// conversion cycle of the working-capital record of the same date).
import { divPos, pct, sub, type N } from './arith.js';
import { netDebt } from './common-measures.js';
import { DEBT, NET_DEBT_TO_SHRHLDR_EQTY } from './credit.js';
import { derived, reported, withSpec, type FieldEntry } from './field-entry.js';
import { CUR_RATIO } from './liquidity.js';
import { inputs, type PeriodInputs } from './period-inputs/input-slots.js';
import { cashConversionCycle } from './working-capital.js';

const I = inputs('bs_tot_asset', 'n_goodwill_intangibles', 'bs_total_equity');

function tangibleCommonEquityRatio(p: PeriodInputs): N {
  const gwi = p.cur.get(I.n_goodwill_intangibles);
  return pct(divPos(sub(p.cur.get(I.bs_total_equity), gwi), sub(p.cur.get(I.bs_tot_asset), gwi)));
}

export const BALANCE_SHEET: readonly FieldEntry[] = [
  reported('bs_c_and_ce_and_sti_detailed', 'currency', 'cash, equivalents and short-term investments'),
  reported('bs_cash_near_cash_item', 'currency', 'cash and equivalents'),
  reported('bs_mkt_sec_other_st_invest', 'currency', 'marketable securities and short-term investments'),
  reported('bs_acct_note_rcv', 'currency', 'accounts and notes receivable'),
  reported('bs_accts_rec_excl_notes_rec', 'currency', 'accounts receivable excluding notes'),
  reported('bs_other_current_receivable', 'currency', 'other current receivables'),
  reported('bs_inventories', 'currency', 'total inventories'),
  reported('bs_other_inv', 'currency', 'other inventories'),
  reported('bs_other_current_assets_detailed', 'currency', 'other current assets'),
  reported('bs_cur_asset_report', 'currency', 'total current assets'),
  reported('bs_net_fix_asset', 'currency', 'net property, plant and equipment'),
  reported('bs_gross_fix_asset', 'currency', 'gross property, plant and equipment'),
  reported('bs_accum_depr', 'currency', 'accumulated depreciation'),
  reported('bs_lt_invest', 'currency', 'long-term investments'),
  reported('bs_long_term_investments', 'currency', 'long-term investments (detailed)'),
  reported('bs_other_assets_def_chrg_other', 'currency', 'other non-current assets'),
  reported('bs_other_noncurrent_assets_detailed', 'currency', 'other non-current assets (detailed)'),
  reported('bs_tot_non_cur_asset', 'currency', 'total non-current assets'),
  reported('bs_tot_asset', 'currency', 'total assets'),
  reported('bs_acct_payable_and_accruals_detailed', 'currency', 'accounts payable and accruals'),
  reported('bs_acct_payable', 'currency', 'accounts payable'),
  reported('bs_taxes_payable', 'currency', 'taxes payable'),
  reported('bs_accrual', 'currency', 'accrued expenses'),
  reported('bs_st_borrow', 'currency', 'short-term borrowings'),
  reported('bs_short_term_debt_detailed', 'currency', 'short-term debt (detailed)'),
  reported('bs_other_current_liabs_sub_detailed', 'currency', 'other current liabilities (sub-detailed)'),
  reported('bs_st_deferred_revenue', 'currency', 'short-term deferred revenue'),
  reported('bs_other_current_liabs_detailed', 'currency', 'other current liabilities'),
  reported('bs_cur_liab', 'currency', 'total current liabilities'),
  reported('bs_lt_borrow', 'currency', 'long-term borrowings'),
  reported('bs_long_term_borrowings_detailed', 'currency', 'long-term borrowings (detailed)'),
  reported('bs_other_noncur_liabs_sub_detailed', 'currency', 'other non-current liabilities (sub-detailed)'),
  reported('bs_other_noncurrent_liabs_detailed', 'currency', 'other non-current liabilities'),
  reported('bs_non_cur_liab', 'currency', 'total non-current liabilities'),
  reported('bs_tot_liab', 'currency', 'total liabilities'),
  reported('bs_sh_cap_and_apic', 'currency', 'share capital and additional paid-in capital'),
  reported('bs_common_stock', 'currency', 'common stock'),
  reported('bs_pure_retained_earnings', 'currency', 'retained earnings (may be negative)'),
  reported('bs_other_ins_res_to_shrhldr_eqy', 'currency', 'other comprehensive income / loss'),
  reported('bs_eqty_bef_minority_int_detailed', 'currency', 'equity before minority interest'),
  reported('bs_total_equity', 'currency', "total shareholders' equity"),
  reported('bs_tot_liab_and_eqy', 'currency', 'total liabilities and equity'),
  reported('bs_sh_out', 'shares', 'shares outstanding'),
  derived({
    name: 'net_debt', unit: 'currency', description: 'total debt minus cash and short-term investments', spec: 'total debt minus cash',
    definition: 'short_and_long_term_debt - cash (bs_c_and_ce_and_sti_detailed, else bs_cash_near_cash_item + bs_mkt_sec_other_st_invest)',
    inputs: [DEBT, 'bs_c_and_ce_and_sti_detailed', 'bs_cash_near_cash_item', 'bs_mkt_sec_other_st_invest'],
    compute: netDebt,
  }),
  withSpec(NET_DEBT_TO_SHRHLDR_EQTY, "net debt to shareholders' equity"),
  derived({
    name: 'tce_ratio', unit: 'percent', description: 'tangible common equity ratio', spec: 'tangible common equity ratio',
    definition: '(bs_total_equity - goodwill - other intangibles) / (bs_tot_asset - goodwill - other intangibles) x 100',
    inputs: ['bs_total_equity', 'aux_goodwill', 'aux_other_intangibles', 'bs_tot_asset'],
    compute: tangibleCommonEquityRatio,
  }),
  withSpec(CUR_RATIO, 'current ratio'),
  derived({
    name: 'cash_conversion_cycle', unit: 'days', description: 'cash conversion cycle in days', spec: 'days',
    definition: 'invent_days + acct_rcv_days - accounts_payable_turnover_days (working-capital record of the same date; TTM flows)',
    inputs: ['invent_days', 'acct_rcv_days', 'accounts_payable_turnover_days'],
    compute: cashConversionCycle,
  }),
];
