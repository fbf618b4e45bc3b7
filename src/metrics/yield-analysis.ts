// Yield-analysis record entries, in column order: TTM cash flows returned to holders against
// market cap and EV (METRICS.md Yield).
import { add, divPos, neg, pct, type N } from './arith.js';
import { enterpriseValue, marketCap, ttmFcfFirm } from './common-measures.js';
import { ENTERPRISE_VALUE } from './enterprise-value.js';
import { derived, type FieldEntry } from './field-entry.js';
import { inputs, type PeriodInputs } from './period-inputs/input-slots.js';

const I = inputs(
  'n_fcf', 'n_dividends', 'n_repurchases', 'cf_cash_from_fin_act', 'cf_cash_from_oper', 'cf_cap_expenditures',
  'n_debt_repayment', 'n_other_financing', 'n_net_debt_issuance',
);

/** Cash returned to shareholders: -(TTM dividends + TTM net repurchases), positive when returned. */
function returnedExDebt(p: PeriodInputs): N {
  return neg(add(p.ttm.get(I.n_dividends), p.ttm.get(I.n_repurchases)));
}

function cashFromOperations(p: PeriodInputs): N {
  return p.ttm.get(I.cf_cash_from_oper);
}

function capitalExpenditures(p: PeriodInputs): N {
  return p.ttm.get(I.cf_cap_expenditures);
}

export const YIELD_ANALYSIS: readonly FieldEntry[] = [
  derived({
    name: 'ttm_cash_from_oper', unit: 'currency', description: 'TTM cash from operations',
    definition: 'TTM cf_cash_from_oper',
    inputs: ['cf_cash_from_oper'],
    compute: cashFromOperations,
  }),
  derived({
    name: 'ttm_cap_expend', unit: 'currency', description: 'TTM capital expenditures',
    definition: 'TTM cf_cap_expenditures',
    inputs: ['cf_cap_expenditures'],
    compute: capitalExpenditures,
  }),
  derived({
    name: 'ttm_free_cash_flow', unit: 'currency', description: 'TTM free cash flow',
    definition: 'TTM cf_cash_from_oper + TTM cf_cap_expenditures',
    inputs: ['cf_cash_from_oper', 'cf_cap_expenditures'],
    compute: (p) => p.ttm.get(I.n_fcf),
  }),
  derived({
    name: 'free_cash_flow_yield', unit: 'percent', description: 'free cash flow yield',
    definition: 'ttm_free_cash_flow / market_cap x 100. Bands: > 8 potentially undervalued, 4-8 moderate, < 4 lower',
    inputs: ['ttm_free_cash_flow', 'market_cap'],
    compute: (p) => pct(divPos(p.ttm.get(I.n_fcf), marketCap(p))),
  }),
  derived({
    name: 'cf_dvd_paid', unit: 'currency', description: 'TTM dividends paid',
    definition: 'TTM cf_dvd_paid (a quarter whose reported financing section has no dividend line counts 0)',
    inputs: ['cf_dvd_paid'],
    compute: (p) => p.ttm.get(I.n_dividends),
  }),
  derived({
    name: 'cf_proc_fr_repurch_eqty_detailed', unit: 'currency', description: 'TTM net share repurchases',
    definition: 'TTM cf_proc_fr_repurch_eqty_detailed (same rule)',
    inputs: ['cf_proc_fr_repurch_eqty_detailed'],
    compute: (p) => p.ttm.get(I.n_repurchases),
  }),
  derived({
    name: 'cf_pymt_debt_and_capital_lease', unit: 'currency', description: 'TTM debt and capital lease repayments',
    definition: 'TTM cf_pymt_debt_and_capital_lease (same rule)',
    inputs: ['cf_pymt_debt_and_capital_lease'],
    compute: (p) => p.ttm.get(I.n_debt_repayment),
  }),
  derived({
    name: 'cf_other_financing_act_excl_fx', unit: 'currency', description: 'TTM other financing activities',
    definition: 'TTM cf_other_financing_act_excl_fx (same rule)',
    inputs: ['cf_other_financing_act_excl_fx'],
    compute: (p) => p.ttm.get(I.n_other_financing),
  }),
  derived({
    name: 'ttm_cff', unit: 'currency', description: 'TTM cash from financing', spec: 'TTM cash from financing',
    definition: 'TTM cf_cash_from_fin_act',
    inputs: ['cf_cash_from_fin_act'],
    compute: (p) => p.ttm.get(I.cf_cash_from_fin_act),
  }),
  derived({
    name: 'shareholder_yield_cff', unit: 'percent', description: 'shareholder yield on cash from financing',
    definition: '-ttm_cff / market_cap x 100',
    inputs: ['ttm_cff', 'market_cap'],
    compute: (p) => pct(divPos(neg(p.ttm.get(I.cf_cash_from_fin_act)), marketCap(p))),
  }),
  derived({
    name: 'returned_capital_ex_debt', unit: 'currency', description: 'capital returned to shareholders',
    definition: '-(TTM dividends paid + TTM net share repurchases) (positive when cash is returned)',
    inputs: ['cf_dvd_paid', 'cf_proc_fr_repurch_eqty_detailed'],
    compute: returnedExDebt,
  }),
  derived({
    name: 'shareholder_yield_ex_debt', unit: 'percent', description: 'shareholder yield excluding debt',
    definition: 'returned_capital_ex_debt / market_cap x 100',
    inputs: ['returned_capital_ex_debt', 'market_cap'],
    compute: (p) => pct(divPos(returnedExDebt(p), marketCap(p))),
  }),
  derived({
    name: 'cf_cash_from_oper', unit: 'currency', description: 'TTM cash from operations',
    definition: 'TTM cf_cash_from_oper',
    inputs: ['cf_cash_from_oper'],
    compute: cashFromOperations,
  }),
  derived({
    name: 'cf_cap_expenditures', unit: 'currency', description: 'TTM capital expenditures',
    definition: 'TTM cf_cap_expenditures',
    inputs: ['cf_cap_expenditures'],
    compute: capitalExpenditures,
  }),
  derived({
    name: 'cf_free_cash_flow_firm', unit: 'currency', description: 'TTM free cash flow to the firm',
    definition: 'TTM free cash flow + TTM interest paid x (1 - tax rate clamped to [0, 50 %], 21 % when pre-tax income <= 0)',
    inputs: ['cf_free_cash_flow', 'aux_interest_paid', 'is_inc_tax_exp', 'is_pretax_income'],
    compute: ttmFcfFirm,
  }),
  ENTERPRISE_VALUE,
  derived({
    name: 'ttm_fcf_to_firm_yield', unit: 'percent', description: 'free cash flow to firm yield',
    definition: 'cf_free_cash_flow_firm (TTM) / enterprise_value x 100 (null when EV <= 0)',
    inputs: ['cf_free_cash_flow_firm', 'enterprise_value'],
    compute: (p) => pct(divPos(ttmFcfFirm(p), enterpriseValue(p))),
  }),
  derived({
    name: 'capital_yield', unit: 'percent', description: 'capital yield',
    definition: '-(TTM dividends paid + TTM net repurchases + TTM net debt issuance) / enterprise_value x 100',
    inputs: ['cf_dvd_paid', 'cf_proc_fr_repurch_eqty_detailed', 'cf_nt_csh_proc_pymt_debt', 'enterprise_value'],
    compute: (p) => pct(divPos(neg(add(p.ttm.get(I.n_dividends), p.ttm.get(I.n_repurchases), p.ttm.get(I.n_net_debt_issuance))), enterpriseValue(p))),
  }),
];
