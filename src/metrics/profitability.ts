// Profitability record entries, in column order: returns on average balances and TTM margins
// (METRICS.md Profitability).
import { abs, add, avg, div, divPos, mul, pct, sub, type N } from './arith.js';
import { afterTax, effectiveTaxRate } from './common-measures.js';
import { derived, type FieldEntry } from './field-entry.js';
import { inputs, type InputValues, type PeriodInputs } from './period-inputs/input-slots.js';

const I = inputs(
  'is_sales_revenue_turnover', 'is_net_income', 'is_oper_income', 'is_gross_profit', 'n_cogs', 'n_earn_common',
  'n_common_equity', 'n_debt', 'n_total_equity', 'n_invested_capital_extra', 'n_dividends', 'bs_tot_asset',
  'n_interest_expense', 'n_ebitda', 'is_pretax_income',
);
const DEBT = 'short_and_long_term_debt';

/** Capital (debt + total equity) of a period's balances. */
function capital(x: InputValues): N {
  return add(x.get(I.n_debt), x.get(I.n_total_equity));
}

/** Invested capital: capital plus the allowances, deferred tax liabilities and taxes payable. */
function invested(x: InputValues): N {
  return add(capital(x), x.get(I.n_invested_capital_extra));
}

function revenue(p: PeriodInputs): N {
  return p.ttm.get(I.is_sales_revenue_turnover);
}

/** A TTM flow as a percentage of TTM revenue (null when revenue <= 0). */
function margin(x: N, p: PeriodInputs): N {
  return pct(divPos(x, revenue(p)));
}

function returnOnCommonEquity(p: PeriodInputs): N {
  return pct(divPos(p.ttm.get(I.n_earn_common), avg(p.prior.get(I.n_common_equity), p.cur.get(I.n_common_equity))));
}

function payoutRatio(p: PeriodInputs): N {
  return pct(divPos(abs(p.ttm.get(I.n_dividends)), p.ttm.get(I.is_net_income)));
}

function sustainableGrowth(p: PeriodInputs): N {
  const roe = returnOnCommonEquity(p);
  const payout = payoutRatio(p);
  return roe === null || payout === null ? null : mul(roe, 1 - payout / 100);
}

function incrementalOperatingMargin(p: PeriodInputs): N {
  const dRev = sub(revenue(p), p.ttmPrior.get(I.is_sales_revenue_turnover));
  const dOi = sub(p.ttm.get(I.is_oper_income), p.ttmPrior.get(I.is_oper_income));
  return pct(div(dOi, dRev));
}

export const PROFITABILITY: readonly FieldEntry[] = [
  derived({
    name: 'return_com_eqy', unit: 'percent', description: 'return on common equity', spec: 'return on common equity',
    definition: 'TTM is_earn_for_common (else is_net_income) / avg common equity x 100 (null when avg <= 0)',
    inputs: ['is_earn_for_common', 'is_net_income', 'bs_eqty_bef_minority_int_detailed', 'aux_preferred_equity'],
    compute: returnOnCommonEquity,
  }),
  derived({
    name: 'return_on_asset', unit: 'percent', description: 'return on assets',
    definition: 'TTM is_net_income / avg bs_tot_asset x 100',
    inputs: ['is_net_income', 'bs_tot_asset'],
    compute: (p) => pct(divPos(p.ttm.get(I.is_net_income), avg(p.prior.get(I.bs_tot_asset), p.cur.get(I.bs_tot_asset)))),
  }),
  derived({
    name: 'return_on_cap', unit: 'percent', description: 'return on capital',
    definition: 'TTM (is_net_income + interest expense x (1 - tax rate)) / avg (short_and_long_term_debt + bs_total_equity) x 100; tax rate clamped to [0, 50 %], 21 % when pre-tax income <= 0',
    inputs: ['is_net_income', 'aux_interest_expense', 'is_inc_tax_exp', 'is_pretax_income', DEBT, 'bs_total_equity'],
    compute: (p) => pct(divPos(add(p.ttm.get(I.is_net_income), afterTax(p.ttm.get(I.n_interest_expense), p)), avg(capital(p.prior), capital(p.cur)))),
  }),
  derived({
    name: 'return_on_inv_capital', unit: 'percent', description: 'return on invested capital', spec: 'return on invested capital',
    definition: 'TTM NOPAT / avg invested capital x 100; NOPAT = TTM ebit x (1 - tax rate clamped to [0, 50 %], 21 % when pre-tax income <= 0); invested capital = debt + total equity + allowance for doubtful accounts (optional) + net deferred tax liabilities (optional) + bs_taxes_payable (optional)',
    inputs: ['is_oper_income', 'is_inc_tax_exp', 'is_pretax_income', DEBT, 'bs_total_equity', 'aux_allowance_doubtful_accounts', 'aux_net_deferred_tax_liabilities', 'bs_taxes_payable'],
    compute: (p) => pct(divPos(afterTax(p.ttm.get(I.is_oper_income), p), avg(invested(p.prior), invested(p.cur)))),
  }),
  derived({
    name: 'gross_margin', unit: 'percent', description: 'gross margin over the window',
    definition: 'TTM gross profit / TTM revenue x 100',
    inputs: ['is_gross_profit', 'is_sales_revenue_turnover'],
    compute: (p) => margin(p.ttm.get(I.is_gross_profit) ?? sub(revenue(p), p.ttm.get(I.n_cogs)), p),
  }),
  derived({
    name: 'ebitda_margin', unit: 'percent', description: 'EBITDA margin over the window',
    definition: 'TTM ebitda / TTM revenue x 100',
    inputs: ['ebitda', 'is_sales_revenue_turnover'],
    compute: (p) => margin(p.ttm.get(I.n_ebitda), p),
  }),
  derived({
    name: 'oper_margin', unit: 'percent', description: 'operating margin over the window',
    definition: 'TTM is_oper_income / TTM revenue x 100',
    inputs: ['is_oper_income', 'is_sales_revenue_turnover'],
    compute: (p) => margin(p.ttm.get(I.is_oper_income), p),
  }),
  derived({
    name: 'incremental_operating_margin', unit: 'percent', description: 'incremental operating margin',
    definition: '(TTM operating income - the same a year earlier) / (TTM revenue - the same a year earlier) x 100 (null when revenue did not change)',
    inputs: ['is_oper_income', 'is_sales_revenue_turnover'],
    compute: incrementalOperatingMargin,
  }),
  derived({
    name: 'pretax_inc_to_net_sales', unit: 'percent', description: 'pre-tax margin',
    definition: 'TTM is_pretax_income / TTM revenue x 100',
    inputs: ['is_pretax_income', 'is_sales_revenue_turnover'],
    compute: (p) => margin(p.ttm.get(I.is_pretax_income), p),
  }),
  derived({
    name: 'profit_margin', unit: 'percent', description: 'net margin over the window',
    definition: 'TTM is_net_income / TTM revenue x 100',
    inputs: ['is_net_income', 'is_sales_revenue_turnover'],
    compute: (p) => margin(p.ttm.get(I.is_net_income), p),
  }),
  derived({
    name: 'net_income_to_common_margin', unit: 'percent', description: 'earnings for common to revenue',
    definition: 'TTM is_earn_for_common (else is_net_income) / TTM revenue x 100',
    inputs: ['is_earn_for_common', 'is_sales_revenue_turnover'],
    compute: (p) => margin(p.ttm.get(I.n_earn_common), p),
  }),
  derived({
    name: 'eff_tax_rate', unit: 'percent', description: 'effective tax rate',
    definition: 'TTM is_inc_tax_exp / TTM is_pretax_income x 100 (null when pre-tax income <= 0)',
    inputs: ['is_inc_tax_exp', 'is_pretax_income'],
    compute: (p) => pct(effectiveTaxRate(p)),
  }),
  derived({
    name: 'dvd_payout_ratio', unit: 'percent', description: 'dividend payout ratio',
    definition: '|TTM cf_dvd_paid| / TTM is_net_income x 100 (null when net income <= 0; 0 when a reported financing section has no dividend line)',
    inputs: ['cf_dvd_paid', 'is_net_income'],
    compute: payoutRatio,
  }),
  derived({
    name: 'sustain_growth_rt', unit: 'percent', description: 'sustainable growth rate',
    definition: 'return_com_eqy x (1 - dvd_payout_ratio / 100)',
    inputs: ['return_com_eqy', 'dvd_payout_ratio'],
    compute: sustainableGrowth,
  }),
];
