// Cash-flow record entries, in column order: the lines xbrl/ fills through the concept map and the
// derived fields of the record's own period (free cash flow to the firm and to equity, per
// share), plus price to free cash flow on market cap and TTM free cash flow (METRICS.md).
import { add, divPos, type N } from './arith.js';
import { marketCap } from './common-measures.js';
import { derived, reported, type FieldEntry } from './field-entry.js';
import { EBITDA_MARGIN_OWN, EBITDA_OWN } from './income-statement.js';
import { inputs, type PeriodInputs } from './period-inputs/input-slots.js';

const I = inputs(
  'is_pretax_income', 'is_inc_tax_exp', 'n_fcf', 'n_interest_paid', 'is_sh_for_diluted_eps', 'n_net_debt_issuance',
  'cf_cash_from_oper', 'is_net_income',
);

/** x after tax at the record's own period's rate: clamped to [0, 50 %], 21 % when pre-tax income <= 0. */
function ownAfterTax(x: N, p: PeriodInputs): N {
  const pretax = p.cur.get(I.is_pretax_income);
  const tax = p.cur.get(I.is_inc_tax_exp);
  if (x === null || pretax === null) return null;
  if (pretax <= 0) return x * (1 - 0.21);
  if (tax === null) return null;
  return x * (1 - Math.min(0.5, Math.max(0, tax / pretax)));
}

export const CASH_FLOW: readonly FieldEntry[] = [
  reported('cf_net_inc', 'currency', ''),
  reported('cf_depr_amort', 'currency', ''),
  reported('cf_non_cash_items_detailed', 'currency', 'total non-cash items: cash from operations - net income - change in working capital'),
  reported('cf_stock_based_compensation', 'currency', ''),
  reported('cf_other_non_cash_adj_less_detailed', 'currency', ''),
  reported('cf_chng_non_cash_work_cap', 'currency', 'change in non-cash working capital: the tagged total, else the sum of the working-capital lines the filing tags'),
  reported('cf_acct_rcv_unbilled_rev', 'currency', 'change in receivables'),
  reported('cf_change_in_inventories', 'currency', ''),
  reported('cf_change_in_accounts_payable', 'currency', ''),
  reported('cf_inc_dec_in_ot_op_ast_liab_detail', 'currency', 'change in other operating assets and liabilities'),
  reported('cf_cash_from_oper', 'currency', 'cash from operating activities'),
  reported('cf_acquis_fxd_and_intang_detailed', 'currency', 'acquisitions of fixed and intangible assets'),
  reported('cf_purchase_of_fixed_prod_assets', 'currency', 'capex purchases'),
  reported('cf_net_chg_in_lt_invest_detailed', 'currency', ''),
  reported('cf_decr_invest', 'currency', 'proceeds from sale of investments'),
  reported('cf_incr_invest', 'currency', 'purchases of investments'),
  reported('cf_other_investing_act_detailed', 'currency', ''),
  reported('cf_cash_from_inv_act', 'currency', ''),
  reported('cf_dvd_paid', 'currency', ''),
  reported('cf_nt_csh_proc_pymt_debt', 'currency', 'net debt issuance/repayment'),
  reported('cf_proc_debt_and_capital_lease', 'currency', ''),
  reported('cf_pymt_debt_and_capital_lease', 'currency', ''),
  reported('cf_proc_fr_repurch_eqty_detailed', 'currency', 'net share repurchases'),
  reported('cf_decr_cap_stock', 'currency', 'share buybacks'),
  reported('cf_other_financing_act_excl_fx', 'currency', ''),
  reported('cf_cash_from_fin_act', 'currency', ''),
  reported('cf_net_chng_cash', 'currency', 'net change in cash'),
  reported('cf_cap_expenditures', 'currency', ''),
  EBITDA_OWN,
  EBITDA_MARGIN_OWN,
  derived({
    name: 'cf_free_cash_flow', unit: 'currency', description: 'free cash flow',
    definition: 'cf_cash_from_oper + cf_cap_expenditures',
    inputs: ['cf_cash_from_oper', 'cf_cap_expenditures'],
    compute: (p) => p.cur.get(I.n_fcf),
  }),
  derived({
    name: 'cf_free_cash_flow_firm', unit: 'currency', description: 'free cash flow to the firm',
    definition: "cf_free_cash_flow + interest paid x (1 - tax rate); tax rate of the record's own period clamped to [0, 50 %], 21 % when pre-tax income <= 0",
    inputs: ['cf_free_cash_flow', 'aux_interest_paid', 'is_inc_tax_exp', 'is_pretax_income'],
    compute: (p) => add(p.cur.get(I.n_fcf), ownAfterTax(p.cur.get(I.n_interest_paid), p)),
  }),
  derived({
    name: 'free_cash_flow_equity', unit: 'currency', description: 'free cash flow to equity',
    definition: 'cf_free_cash_flow + net debt issuance (cf_nt_csh_proc_pymt_debt, else proceeds + repayments; 0 when a reported financing section has no debt lines)',
    inputs: ['cf_free_cash_flow', 'cf_nt_csh_proc_pymt_debt', 'cf_proc_debt_and_capital_lease', 'cf_pymt_debt_and_capital_lease'],
    compute: (p) => add(p.cur.get(I.n_fcf), p.cur.get(I.n_net_debt_issuance)),
  }),
  derived({
    name: 'free_cash_flow_per_sh', unit: 'per_share', description: 'free cash flow per diluted share',
    definition: "cf_free_cash_flow / is_sh_for_diluted_eps of the record's own period (as filed)",
    inputs: ['cf_free_cash_flow', 'is_sh_for_diluted_eps'],
    compute: (p) => divPos(p.cur.get(I.n_fcf), p.cur.get(I.is_sh_for_diluted_eps)),
  }),
  derived({
    name: 'pr_to_free_cash_flow', unit: 'ratio', description: 'price to free cash flow (market cap basis)', spec: 'price to free cash flow',
    definition: 'market_cap at the record date / TTM cf_free_cash_flow (null when TTM free cash flow <= 0 or no price covers the date)',
    inputs: ['market_cap', 'cf_free_cash_flow'],
    compute: (p) => divPos(marketCap(p), p.ttm.get(I.n_fcf)),
  }),
  derived({
    name: 'cash_flow_to_net_inc', unit: 'ratio', description: 'operating cash flow to net income', spec: 'ratio',
    definition: 'cf_cash_from_oper / is_net_income (null when net income <= 0)',
    inputs: ['cf_cash_from_oper', 'is_net_income'],
    compute: (p) => divPos(p.cur.get(I.cf_cash_from_oper), p.cur.get(I.is_net_income)),
  }),
];
