// Per-share record entries, in column order: TTM flows per diluted share, balances per share
// outstanding, reported per-share amounts summed over the window; all on the record date's share
// basis. The per-share measures here are also the denominators of the multiples.
import { sub, type N } from './arith.js';
import { perDilutedShare, perShareOut } from './common-measures.js';
import { copied, derived, type FieldEntry } from './field-entry.js';
import { inputs, type PeriodInputs } from './period-inputs/input-slots.js';

const I = inputs(
  'n_common_equity', 'is_sales_revenue_turnover', 'n_ebitda', 'is_oper_income', 'cf_cash_from_oper', 'n_fcf',
  'n_cash', 'n_goodwill_intangibles',
);

/** TTM diluted EPS on the record date's share basis. */
export function dilutedEps(p: PeriodInputs): N {
  return p.perShare.diluted_eps ?? null;
}

export function revenuePerShare(p: PeriodInputs): N {
  return perDilutedShare(p, p.ttm.get(I.is_sales_revenue_turnover));
}

export function cashFlowPerShare(p: PeriodInputs): N {
  return perDilutedShare(p, p.ttm.get(I.cf_cash_from_oper));
}

export function freeCashFlowPerShare(p: PeriodInputs): N {
  return perDilutedShare(p, p.ttm.get(I.n_fcf));
}

export function bookValuePerShare(p: PeriodInputs): N {
  return perShareOut(p, p.cur.get(I.n_common_equity));
}

export function tangibleBookValuePerShare(p: PeriodInputs): N {
  return perShareOut(p, sub(p.cur.get(I.n_common_equity), p.cur.get(I.n_goodwill_intangibles)));
}

/** The text of the reported per-share amounts summed over the window. */
const SUMMED = 'reported, summed over TTM for quarterly records, record-date share basis';

export const PER_SHARE: readonly FieldEntry[] = [
  derived({
    name: 'bs_sh_out', unit: 'shares', description: 'shares outstanding',
    definition: 'shares outstanding at the record date, on the share basis of the record date',
    inputs: ['bs_sh_out', 'splits'],
    compute: (p) => p.sharesOut,
  }),
  derived({
    name: 'is_sh_for_diluted_eps', unit: 'shares', description: 'diluted weighted shares',
    definition: 'diluted weighted shares of the period (quarter or year), on the share basis of the record date',
    inputs: ['is_sh_for_diluted_eps', 'splits'],
    compute: (p) => p.dilutedShares,
  }),
  derived({
    name: 'is_avg_num_sh_for_eps', unit: 'shares', description: 'basic weighted shares',
    definition: 'basic weighted shares of the period, on the share basis of the record date',
    inputs: ['is_avg_num_sh_for_eps', 'splits'],
    compute: (p) => p.basicShares,
  }),
  derived({
    name: 'revenue_per_sh', unit: 'per_share', description: 'revenue per diluted share',
    definition: 'TTM revenue / is_sh_for_diluted_eps',
    inputs: ['is_sales_revenue_turnover', 'is_sh_for_diluted_eps'],
    compute: revenuePerShare,
  }),
  derived({
    name: 'ebitda_per_sh', unit: 'per_share', description: 'EBITDA per diluted share',
    definition: 'TTM ebitda / is_sh_for_diluted_eps',
    inputs: ['ebitda', 'is_sh_for_diluted_eps'],
    compute: (p) => perDilutedShare(p, p.ttm.get(I.n_ebitda)),
  }),
  derived({
    name: 'oper_inc_per_sh', unit: 'per_share', description: 'operating income per diluted share',
    definition: 'TTM is_oper_income / is_sh_for_diluted_eps',
    inputs: ['is_oper_income', 'is_sh_for_diluted_eps'],
    compute: (p) => perDilutedShare(p, p.ttm.get(I.is_oper_income)),
  }),
  // the summed reported amounts are `copied` (as their definitions start "reported"): their
  // provenance in the derived record is that of a carried value, not a formula
  copied({
    name: 'eps', unit: 'per_share', description: 'basic EPS',
    definition: 'reported basic EPS, summed over the TTM quarters for quarterly records, on the share basis of the record date',
    inputs: ['eps'],
    compute: (p) => p.perShare.eps ?? null,
  }),
  copied({
    name: 'eps_cont_ops', unit: 'per_share', description: 'basic EPS from continuing operations',
    definition: SUMMED,
    inputs: ['eps_cont_ops'],
    compute: (p) => p.perShare.eps_cont_ops ?? null,
  }),
  copied({
    name: 'diluted_eps', unit: 'per_share', description: 'diluted EPS',
    definition: SUMMED,
    inputs: ['diluted_eps'],
    compute: dilutedEps,
  }),
  copied({
    name: 'dil_eps_cont_ops', unit: 'per_share', description: 'diluted EPS from continuing operations',
    definition: SUMMED,
    inputs: ['dil_eps_cont_ops'],
    compute: (p) => p.perShare.dil_eps_cont_ops ?? null,
  }),
  copied({
    name: 'div_per_shr', unit: 'per_share', description: 'dividends per share',
    definition: 'reported dividends declared per share, summed over TTM for quarterly records, record-date share basis',
    inputs: ['div_per_shr'],
    compute: (p) => p.perShare.div_per_shr ?? null,
  }),
  derived({
    name: 'cash_flow_per_sh', unit: 'per_share', description: 'operating cash flow per diluted share',
    definition: 'TTM cf_cash_from_oper / is_sh_for_diluted_eps',
    inputs: ['cf_cash_from_oper', 'is_sh_for_diluted_eps'],
    compute: cashFlowPerShare,
  }),
  derived({
    name: 'free_cash_flow_per_sh', unit: 'per_share', description: 'free cash flow per diluted share',
    definition: 'TTM free cash flow / is_sh_for_diluted_eps',
    inputs: ['cf_free_cash_flow', 'is_sh_for_diluted_eps'],
    compute: freeCashFlowPerShare,
  }),
  derived({
    name: 'cash_st_investments_per_sh', unit: 'per_share', description: 'cash and short-term investments per share',
    definition: 'cash (bs_c_and_ce_and_sti_detailed) / bs_sh_out',
    inputs: ['bs_c_and_ce_and_sti_detailed', 'bs_sh_out'],
    compute: (p) => perShareOut(p, p.cur.get(I.n_cash)),
  }),
  derived({
    name: 'book_val_per_sh', unit: 'per_share', description: 'book value per share',
    definition: 'common equity / bs_sh_out; common equity = bs_eqty_bef_minority_int_detailed - preferred (optional)',
    inputs: ['bs_eqty_bef_minority_int_detailed', 'aux_preferred_equity', 'bs_sh_out'],
    compute: bookValuePerShare,
  }),
  derived({
    name: 'tang_book_val_per_sh', unit: 'per_share', description: 'tangible book value per share',
    definition: '(common equity - goodwill - other intangibles) / bs_sh_out',
    inputs: ['bs_eqty_bef_minority_int_detailed', 'aux_goodwill', 'aux_other_intangibles', 'bs_sh_out'],
    compute: tangibleBookValuePerShare,
  }),
];
