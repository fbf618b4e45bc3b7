// Enterprise-value record entries, in column order: market cap and EV at pr_last, EV multiples of
// TTM flows (METRICS.md EV). Enterprise value itself is shared with yield analysis.
import { add, divPos, mul, pct, sub, type N } from './arith.js';
import { debt, enterpriseValue, lastPrice, marketCap, perShareOut, ttmCashFlowFirm, ttmFcfFirm } from './common-measures.js';
import { DEBT, SHORT_AND_LONG_TERM_DEBT, TOT_DEBT_TO_TOT_CAP } from './credit.js';
import { copied, derived, type ComputedEntry, type FieldEntry } from './field-entry.js';
import { inputs, type PeriodInputs } from './period-inputs/input-slots.js';

const I = inputs('bs_total_equity', 'bs_cash_near_cash_item', 'is_sales_revenue_turnover', 'n_ebitda', 'is_oper_income');

export const ENTERPRISE_VALUE: ComputedEntry = derived({
  name: 'enterprise_value', unit: 'currency', description: 'enterprise value at pr_last',
  definition: 'market_cap + short_and_long_term_debt + preferred equity (optional) + minority interest (optional) - cash (bs_c_and_ce_and_sti_detailed)',
  inputs: ['market_cap', DEBT, 'aux_preferred_equity', 'aux_minority_interest', 'bs_c_and_ce_and_sti_detailed'],
  compute: enterpriseValue,
});

function dilutedMarketCap(p: PeriodInputs): N {
  return mul(lastPrice(p), p.dilutedShares);
}

export const ENTERPRISE_VALUE_RECORD: readonly FieldEntry[] = [
  derived({
    name: 'market_cap', unit: 'currency', description: 'market capitalisation',
    definition: 'pr_last x bs_sh_out, both on the share basis of the record date',
    inputs: ['pr_last', 'bs_sh_out'],
    compute: marketCap,
  }),
  copied({
    name: 'bs_cash_near_cash_item', unit: 'currency', description: 'cash and equivalents',
    definition: 'reported (balance sheet at the record date); EV subtracts cash + short-term investments',
    inputs: ['bs_cash_near_cash_item'],
    compute: (p) => p.cur.get(I.bs_cash_near_cash_item),
  }),
  SHORT_AND_LONG_TERM_DEBT,
  ENTERPRISE_VALUE,
  derived({
    name: 'bs_tot_cap', unit: 'currency', description: 'total capital',
    definition: 'short_and_long_term_debt + bs_total_equity',
    inputs: [DEBT, 'bs_total_equity'],
    compute: (p) => add(debt(p), p.cur.get(I.bs_total_equity)),
  }),
  TOT_DEBT_TO_TOT_CAP,
  derived({
    name: 'total_debt_to_ev', unit: 'percent', description: 'total debt to enterprise value',
    definition: 'short_and_long_term_debt / enterprise_value x 100 (null when EV <= 0)',
    inputs: [DEBT, 'enterprise_value'],
    compute: (p) => pct(divPos(debt(p), enterpriseValue(p))),
  }),
  derived({
    name: 'ev_to_ttm_sales', unit: 'ratio', description: 'EV to TTM sales',
    definition: 'enterprise_value / TTM revenue',
    inputs: ['enterprise_value', 'is_sales_revenue_turnover'],
    compute: (p) => divPos(enterpriseValue(p), p.ttm.get(I.is_sales_revenue_turnover)),
  }),
  derived({
    name: 'ev_to_ttm_ebitda', unit: 'ratio', description: 'EV to TTM EBITDA',
    definition: 'enterprise_value / TTM ebitda (null when EBITDA <= 0)',
    inputs: ['enterprise_value', 'ebitda'],
    compute: (p) => divPos(enterpriseValue(p), p.ttm.get(I.n_ebitda)),
  }),
  derived({
    name: 'ev_to_ttm_ebit', unit: 'ratio', description: 'EV to TTM EBIT',
    definition: 'enterprise_value / TTM ebit (null when EBIT <= 0)',
    inputs: ['enterprise_value', 'ebit'],
    compute: (p) => divPos(enterpriseValue(p), p.ttm.get(I.is_oper_income)),
  }),
  derived({
    name: 'ev_to_ttm_cash_flow_firm', unit: 'ratio', description: 'EV to TTM cash flow to the firm',
    definition: 'enterprise_value / ttm_cash_flow_firm',
    inputs: ['enterprise_value', 'ttm_cash_flow_firm'],
    compute: (p) => divPos(enterpriseValue(p), ttmCashFlowFirm(p)),
  }),
  derived({
    name: 'ev_to_ttm_free_cash_flow_firm', unit: 'ratio', description: 'EV to TTM free cash flow to the firm',
    definition: 'enterprise_value / ttm_free_cash_flow_firm',
    inputs: ['enterprise_value', 'ttm_free_cash_flow_firm'],
    compute: (p) => divPos(enterpriseValue(p), ttmFcfFirm(p)),
  }),
  derived({
    name: 'diluted_mkt_cap', unit: 'currency', description: 'market cap on diluted weighted shares',
    definition: 'pr_last x is_sh_for_diluted_eps of the period (record-date share basis)',
    inputs: ['pr_last', 'is_sh_for_diluted_eps'],
    compute: dilutedMarketCap,
  }),
  derived({
    name: 'diluted_ev', unit: 'currency', description: 'EV on diluted market cap',
    definition: 'enterprise_value - market_cap + diluted_mkt_cap',
    inputs: ['enterprise_value', 'market_cap', 'diluted_mkt_cap'],
    compute: (p) => add(sub(enterpriseValue(p), marketCap(p)), dilutedMarketCap(p)),
  }),
  derived({
    name: 'ev_to_sh_out', unit: 'per_share', description: 'enterprise value per share', spec: 'enterprise value per share',
    definition: 'enterprise_value / bs_sh_out',
    inputs: ['enterprise_value', 'bs_sh_out'],
    compute: (p) => perShareOut(p, enterpriseValue(p)),
  }),
  derived({
    name: 'ttm_net_sales', unit: 'currency', description: 'TTM revenue',
    definition: 'TTM is_sales_revenue_turnover',
    inputs: ['is_sales_revenue_turnover'],
    compute: (p) => p.ttm.get(I.is_sales_revenue_turnover),
  }),
  derived({
    name: 'ttm_ebitda', unit: 'currency', description: 'TTM EBITDA',
    definition: 'TTM is_oper_income + TTM cf_depr_amort',
    inputs: ['is_oper_income', 'cf_depr_amort'],
    compute: (p) => p.ttm.get(I.n_ebitda),
  }),
  derived({
    name: 'ttm_oper_inc', unit: 'currency', description: 'TTM operating income',
    definition: 'TTM is_oper_income',
    inputs: ['is_oper_income'],
    compute: (p) => p.ttm.get(I.is_oper_income),
  }),
  derived({
    name: 'ttm_cash_flow_firm', unit: 'currency', description: 'TTM cash flow to the firm',
    definition: 'TTM cf_cash_from_oper + TTM interest paid x (1 - tax rate clamped to [0, 50 %], 21 % when pre-tax income <= 0)',
    inputs: ['cf_cash_from_oper', 'aux_interest_paid', 'is_inc_tax_exp', 'is_pretax_income'],
    compute: ttmCashFlowFirm,
  }),
  derived({
    name: 'ttm_free_cash_flow_firm', unit: 'currency', description: 'TTM free cash flow to the firm',
    definition: 'TTM free cash flow + TTM interest paid x (1 - tax rate)',
    inputs: ['cf_free_cash_flow', 'aux_interest_paid'],
    compute: ttmFcfFirm,
  }),
];
