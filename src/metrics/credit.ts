// Credit record entries, in column order: leverage against TTM earnings and against the balance
// sheet (METRICS.md Credit). The balance-sheet leverage ratios are shared with liquidity and
// enterprise value, and net debt to equity with the balance sheet: one definition each.
import { add, divPos, pct } from './arith.js';
import { debt, netDebt } from './common-measures.js';
import { copied, derived, withSpec, type ComputedEntry, type FieldEntry } from './field-entry.js';
import { inputs } from './period-inputs/input-slots.js';

const I = inputs(
  'n_lt_debt', 'bs_total_equity', 'bs_tot_asset', 'n_ebitda', 'is_oper_income', 'bs_st_borrow', 'bs_lt_borrow',
  'n_common_equity', 'cf_cap_expenditures',
);

export const DEBT = 'short_and_long_term_debt';
const TTM = 'window flows (fiscal year; TTM for quarterly records)';

export const SHORT_AND_LONG_TERM_DEBT: ComputedEntry = derived({
  name: 'short_and_long_term_debt', unit: 'currency', description: 'total debt',
  definition: 'short-term borrowings (bs_st_borrow, else bs_short_term_debt_detailed) + long-term borrowings (bs_lt_borrow, else bs_long_term_borrowings_detailed); a borrowing line absent from a classified balance sheet (current liabilities reported) counts as 0; null for unclassified balance sheets (banks, insurers) missing a line',
  inputs: ['bs_st_borrow', 'bs_short_term_debt_detailed', 'bs_lt_borrow', 'bs_long_term_borrowings_detailed'],
  compute: debt,
});

export const NET_DEBT_TO_SHRHLDR_EQTY: ComputedEntry = derived({
  name: 'net_debt_to_shrhldr_eqty', unit: 'percent', description: "net debt to shareholders' equity",
  definition: 'net_debt / bs_total_equity x 100 (null when equity <= 0)',
  inputs: ['net_debt', 'bs_total_equity'],
  compute: (p) => pct(divPos(netDebt(p), p.cur.get(I.bs_total_equity))),
});

export const TOT_DEBT_TO_TOT_CAP: ComputedEntry = derived({
  name: 'tot_debt_to_tot_cap', unit: 'percent', description: 'total debt to total capital',
  definition: 'short_and_long_term_debt / (short_and_long_term_debt + bs_total_equity) x 100',
  inputs: [DEBT, 'bs_total_equity'],
  compute: (p) => pct(divPos(debt(p), add(debt(p), p.cur.get(I.bs_total_equity)))),
});

/** Balance-sheet leverage ratios, in column order (credit and liquidity list all of them). */
export const LEVERAGE: readonly ComputedEntry[] = [
  derived({
    name: 'com_eqy_to_tot_asset', unit: 'percent', description: 'common equity to total assets',
    definition: 'common equity / bs_tot_asset x 100; common equity = bs_eqty_bef_minority_int_detailed - preferred equity (optional)',
    inputs: ['bs_eqty_bef_minority_int_detailed', 'aux_preferred_equity', 'bs_tot_asset'],
    compute: (p) => pct(divPos(p.cur.get(I.n_common_equity), p.cur.get(I.bs_tot_asset))),
  }),
  derived({
    name: 'lt_debt_to_tot_eqy', unit: 'percent', description: 'long-term debt to total equity',
    definition: 'long-term borrowings / bs_total_equity x 100 (null when equity <= 0)',
    inputs: ['bs_lt_borrow', 'bs_total_equity'],
    compute: (p) => pct(divPos(p.cur.get(I.n_lt_debt), p.cur.get(I.bs_total_equity))),
  }),
  derived({
    name: 'lt_debt_to_tot_cap', unit: 'percent', description: 'long-term debt to total capital',
    definition: 'long-term borrowings / (short_and_long_term_debt + bs_total_equity) x 100',
    inputs: ['bs_lt_borrow', DEBT, 'bs_total_equity'],
    compute: (p) => pct(divPos(p.cur.get(I.n_lt_debt), add(debt(p), p.cur.get(I.bs_total_equity)))),
  }),
  derived({
    name: 'lt_debt_to_tot_asset', unit: 'percent', description: 'long-term debt to total assets',
    definition: 'long-term borrowings / bs_tot_asset x 100',
    inputs: ['bs_lt_borrow', 'bs_tot_asset'],
    compute: (p) => pct(divPos(p.cur.get(I.n_lt_debt), p.cur.get(I.bs_tot_asset))),
  }),
  derived({
    name: 'tot_debt_to_tot_eqy', unit: 'percent', description: 'total debt to total equity',
    definition: 'short_and_long_term_debt / bs_total_equity x 100 (null when equity <= 0)',
    inputs: [DEBT, 'bs_total_equity'],
    compute: (p) => pct(divPos(debt(p), p.cur.get(I.bs_total_equity))),
  }),
  TOT_DEBT_TO_TOT_CAP,
  derived({
    name: 'tot_debt_to_tot_asset', unit: 'percent', description: 'total debt to total assets',
    definition: 'short_and_long_term_debt / bs_tot_asset x 100',
    inputs: [DEBT, 'bs_tot_asset'],
    compute: (p) => pct(divPos(debt(p), p.cur.get(I.bs_tot_asset))),
  }),
];


export const CREDIT: readonly FieldEntry[] = [
  withSpec(SHORT_AND_LONG_TERM_DEBT, 'total debt'),
  copied({
    name: 'bs_st_borrow', unit: 'currency', description: 'short-term borrowings',
    definition: 'reported (balance sheet at the record date)',
    inputs: ['bs_st_borrow'],
    compute: (p) => p.cur.get(I.bs_st_borrow),
  }),
  copied({
    name: 'bs_lt_borrow', unit: 'currency', description: 'long-term borrowings',
    definition: 'reported (balance sheet at the record date)',
    inputs: ['bs_lt_borrow'],
    compute: (p) => p.cur.get(I.bs_lt_borrow),
  }),
  derived({
    name: 'tot_debt_to_ebitda', unit: 'ratio', description: 'total debt to EBITDA',
    definition: `short_and_long_term_debt / TTM ebitda (null when EBITDA <= 0); ${TTM}`,
    inputs: [DEBT, 'ebitda'],
    compute: (p) => divPos(debt(p), p.ttm.get(I.n_ebitda)),
  }),
  derived({
    name: 'net_debt_to_ebitda', unit: 'ratio', description: 'net debt to EBITDA',
    definition: 'net_debt / TTM ebitda (null when EBITDA <= 0)',
    inputs: ['net_debt', 'ebitda'],
    compute: (p) => divPos(netDebt(p), p.ttm.get(I.n_ebitda)),
  }),
  derived({
    name: 'total_debt_to_ebit', unit: 'ratio', description: 'total debt to EBIT',
    definition: 'short_and_long_term_debt / TTM ebit (null when EBIT <= 0)',
    inputs: [DEBT, 'ebit'],
    compute: (p) => divPos(debt(p), p.ttm.get(I.is_oper_income)),
  }),
  derived({
    name: 'net_debt_to_ebit', unit: 'ratio', description: 'net debt to EBIT',
    definition: 'net_debt / TTM ebit (null when EBIT <= 0)',
    inputs: ['net_debt', 'ebit'],
    compute: (p) => divPos(netDebt(p), p.ttm.get(I.is_oper_income)),
  }),
  ...LEVERAGE,
  NET_DEBT_TO_SHRHLDR_EQTY,
  derived({
    name: 'net_debt_to_capital', unit: 'percent', description: 'net debt to net capital',
    definition: 'net_debt / (net_debt + bs_total_equity) x 100 (null when the denominator <= 0)',
    inputs: ['net_debt', 'bs_total_equity'],
    compute: (p) => pct(divPos(netDebt(p), add(netDebt(p), p.cur.get(I.bs_total_equity)))),
  }),
  derived({
    name: 'ebitda', unit: 'currency', description: 'EBITDA over the window',
    definition: `TTM is_oper_income + TTM cf_depr_amort; ${TTM}`,
    inputs: ['is_oper_income', 'cf_depr_amort'],
    compute: (p) => p.ttm.get(I.n_ebitda),
  }),
  derived({
    name: 'ebitda_after_capex', unit: 'currency', description: 'EBITDA after capital expenditures',
    definition: 'TTM ebitda + TTM cf_cap_expenditures',
    inputs: ['ebitda', 'cf_cap_expenditures'],
    compute: (p) => add(p.ttm.get(I.n_ebitda), p.ttm.get(I.cf_cap_expenditures)),
  }),
  derived({
    name: 'is_oper_income', unit: 'currency', description: 'operating income over the window',
    definition: `TTM is_oper_income; ${TTM}`,
    inputs: ['is_oper_income'],
    compute: (p) => p.ttm.get(I.is_oper_income),
  }),
];
