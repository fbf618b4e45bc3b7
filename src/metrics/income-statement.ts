// Income-statement record entries, in column order: the lines xbrl/ fills through the concept map
// and the derived fields of the record's own period (EBITDA, EBITA, EBIT, margins). EBITDA and
// its margin are shared with the cash-flow record.
import { divPos, pct, sub, type N } from './arith.js';
import { derived, reported, type ComputedEntry, type FieldEntry } from './field-entry.js';
import { inputs, type PeriodInputs } from './period-inputs/input-slots.js';

const I = inputs('is_sales_revenue_turnover', 'is_oper_income', 'n_ebitda', 'is_gross_profit', 'n_cogs', 'n_ebita', 'is_net_income');

/** A flow of the record's own period as a percentage of its revenue (null when revenue <= 0). */
function ownMargin(x: N, p: PeriodInputs): N {
  return pct(divPos(x, p.cur.get(I.is_sales_revenue_turnover)));
}

export const EBITDA_OWN: ComputedEntry = derived({
  name: 'ebitda', unit: 'currency', description: 'earnings before interest, taxes, depreciation and amortization',
  definition: "is_oper_income + cf_depr_amort of the record's own period",
  inputs: ['is_oper_income', 'cf_depr_amort'],
  compute: (p) => p.cur.get(I.n_ebitda),
});

export const EBITDA_MARGIN_OWN: ComputedEntry = derived({
  name: 'ebitda_margin', unit: 'percent', description: 'EBITDA margin',
  definition: "ebitda / is_sales_revenue_turnover x 100 (record's own period; null when revenue <= 0)",
  inputs: ['ebitda', 'is_sales_revenue_turnover'],
  compute: (p) => ownMargin(p.cur.get(I.n_ebitda), p),
});

export const INCOME_STATEMENT: readonly FieldEntry[] = [
  reported('is_sales_revenue_turnover', 'currency', 'total revenue / net sales'),
  reported('is_sales_and_services_revenues', 'currency', 'sales and services revenue'),
  reported('is_cogs', 'currency', 'cost of goods sold'),
  reported('is_cog_and_services_sold', 'currency', 'cost of goods and services sold'),
  reported('is_gross_profit', 'currency', 'gross profit'),
  reported('is_operating_expn', 'currency', 'total operating expenses'),
  reported('is_sg_and_a_expense', 'currency', 'selling, general and administrative expenses'),
  reported('is_operating_expenses_r_and_d', 'currency', 'research and development expenses'),
  reported('is_oper_income', 'currency', 'operating income'),
  reported('is_nonop_income_loss', 'currency', 'non-operating income / loss'),
  reported('is_other_nonop_income_loss', 'currency', 'other non-operating income / loss'),
  reported('is_pretax_income', 'currency', 'pre-tax income'),
  reported('is_inc_tax_exp', 'currency', 'income tax expense'),
  reported('is_inc_bef_xo_item', 'currency', 'income before extraordinary items'),
  reported('is_ni_including_minority_int_ratio', 'currency', 'net income including minority interest'),
  reported('is_net_income', 'currency', 'net income'),
  reported('is_earn_for_common', 'currency', 'earnings available to common shareholders'),
  reported('is_avg_num_sh_for_eps', 'shares', 'average basic shares'),
  reported('eps', 'per_share', 'basic earnings per share'),
  reported('eps_cont_ops', 'per_share', 'EPS from continuing operations'),
  reported('is_sh_for_diluted_eps', 'shares', 'diluted shares'),
  reported('diluted_eps', 'per_share', 'diluted EPS'),
  reported('dil_eps_cont_ops', 'per_share', 'diluted EPS from continuing operations'),
  EBITDA_OWN,
  derived({
    name: 'ebita', unit: 'currency', description: 'earnings before interest, taxes and amortization',
    definition: "is_oper_income + amortization of intangibles of the record's own period (0 when the filer reports none)",
    inputs: ['is_oper_income', 'aux_amortization_intangibles'],
    compute: (p) => p.cur.get(I.n_ebita),
  }),
  derived({
    name: 'ebit', unit: 'currency', description: 'earnings before interest and taxes (operating income)', spec: 'earnings before the named items',
    definition: 'is_oper_income',
    inputs: ['is_oper_income'],
    compute: (p) => p.cur.get(I.is_oper_income),
  }),
  EBITDA_MARGIN_OWN,
  derived({
    name: 'gross_margin', unit: 'percent', description: 'gross margin',
    definition: 'is_gross_profit (else revenue - cost of revenue) / is_sales_revenue_turnover x 100 (null when revenue <= 0)',
    inputs: ['is_gross_profit', 'is_cogs', 'is_sales_revenue_turnover'],
    compute: (p) => ownMargin(p.cur.get(I.is_gross_profit) ?? sub(p.cur.get(I.is_sales_revenue_turnover), p.cur.get(I.n_cogs)), p),
  }),
  derived({
    name: 'oper_margin', unit: 'percent', description: 'operating margin',
    definition: 'is_oper_income / is_sales_revenue_turnover x 100 (null when revenue <= 0)',
    inputs: ['is_oper_income', 'is_sales_revenue_turnover'],
    compute: (p) => ownMargin(p.cur.get(I.is_oper_income), p),
  }),
  derived({
    name: 'profit_margin', unit: 'percent', description: 'net profit margin', spec: 'percent of revenue',
    definition: 'is_net_income / is_sales_revenue_turnover x 100 (null when revenue <= 0)',
    inputs: ['is_net_income', 'is_sales_revenue_turnover'],
    compute: (p) => ownMargin(p.cur.get(I.is_net_income), p),
  }),
  reported('div_per_shr', 'per_share', 'dividends per share'),
  reported('is_depr_exp', 'currency', 'depreciation expense'),
];
