// Liquidity record entries, in column order: liquidity ratios, the credit record's balance-sheet
// leverage ratios (the same entries) and the Altman Z-score on tangible assets (METRICS.md Liquidity).
import { abs, add, avg, div, divPos, pct, sub, type N } from './arith.js';
import { cash, marketCap } from './common-measures.js';
import { LEVERAGE } from './credit.js';
import { derived, type ComputedEntry, type FieldEntry } from './field-entry.js';
import { inputs, type PeriodInputs } from './period-inputs/input-slots.js';

const I = inputs(
  'bs_tot_asset', 'n_goodwill_intangibles', 'bs_cur_asset_report', 'bs_cur_liab', 'bs_pure_retained_earnings',
  'is_oper_income', 'is_sales_revenue_turnover', 'bs_tot_liab', 'cf_cash_from_oper', 'n_receivables',
  'cf_cap_expenditures',
);
const CASH = 'bs_c_and_ce_and_sti_detailed';

function altmanZ(p: PeriodInputs): N {
  const c = p.cur;
  const ta = c.get(I.bs_tot_asset);
  const tangible = sub(ta, c.get(I.n_goodwill_intangibles));
  if (tangible === null || tangible <= 0) return null;
  const wc = sub(c.get(I.bs_cur_asset_report), c.get(I.bs_cur_liab));
  const re = c.get(I.bs_pure_retained_earnings);
  const ebit = p.ttm.get(I.is_oper_income);
  const rev = p.ttm.get(I.is_sales_revenue_turnover);
  const mcapToLiab = divPos(marketCap(p), c.get(I.bs_tot_liab));
  if (wc === null || re === null || ebit === null || rev === null || mcapToLiab === null) return null;
  return 1.2 * (wc / tangible) + 1.4 * (re / tangible) + 3.3 * (ebit / tangible) + 0.6 * mcapToLiab + 1.0 * (rev / tangible);
}

/** Current ratio (also a balance-sheet field). */
export const CUR_RATIO: ComputedEntry = derived({
  name: 'cur_ratio', unit: 'ratio', description: 'current ratio',
  definition: 'bs_cur_asset_report / bs_cur_liab',
  inputs: ['bs_cur_asset_report', 'bs_cur_liab'],
  compute: (p) => divPos(p.cur.get(I.bs_cur_asset_report), p.cur.get(I.bs_cur_liab)),
});

export const LIQUIDITY: readonly FieldEntry[] = [
  derived({
    name: 'cash_ratio', unit: 'ratio', description: 'cash ratio',
    definition: 'cash (bs_c_and_ce_and_sti_detailed) / bs_cur_liab',
    inputs: [CASH, 'bs_cur_liab'],
    compute: (p) => divPos(cash(p), p.cur.get(I.bs_cur_liab)),
  }),
  CUR_RATIO,
  derived({
    name: 'quick_ratio', unit: 'ratio', description: 'quick ratio',
    definition: '(cash + receivables (bs_acct_note_rcv, else bs_accts_rec_excl_notes_rec)) / bs_cur_liab',
    inputs: [CASH, 'bs_acct_note_rcv', 'bs_accts_rec_excl_notes_rec', 'bs_cur_liab'],
    compute: (p) => divPos(add(cash(p), p.cur.get(I.n_receivables)), p.cur.get(I.bs_cur_liab)),
  }),
  derived({
    name: 'cfo_to_avg_current_liabilities', unit: 'ratio', description: 'operating cash flow to average current liabilities',
    definition: 'TTM cf_cash_from_oper / avg bs_cur_liab',
    inputs: ['cf_cash_from_oper', 'bs_cur_liab'],
    compute: (p) => divPos(p.ttm.get(I.cf_cash_from_oper), avg(p.prior.get(I.bs_cur_liab), p.cur.get(I.bs_cur_liab))),
  }),
  ...LEVERAGE,
  derived({
    name: 'cash_flow_to_tot_liab', unit: 'percent', description: 'operating cash flow to total liabilities',
    definition: 'TTM cf_cash_from_oper / bs_tot_liab x 100',
    inputs: ['cf_cash_from_oper', 'bs_tot_liab'],
    compute: (p) => pct(divPos(p.ttm.get(I.cf_cash_from_oper), p.cur.get(I.bs_tot_liab))),
  }),
  derived({
    name: 'cap_expend_ratio', unit: 'ratio', description: 'operating cash flow to capital expenditures',
    definition: 'TTM cf_cash_from_oper / |TTM cf_cap_expenditures| (null when capex is 0)',
    inputs: ['cf_cash_from_oper', 'cf_cap_expenditures'],
    compute: (p) => div(p.ttm.get(I.cf_cash_from_oper), abs(p.ttm.get(I.cf_cap_expenditures))),
  }),
  derived({
    name: 'altman_z_score', unit: 'ratio', description: 'Altman Z-score (1968 coefficients, tangible assets)', spec: 'bankruptcy-risk score',
    definition: "1.2 WC/TA' + 1.4 RE/TA' + 3.3 TTM EBIT/TA' + 0.6 market_cap/bs_tot_liab + 1.0 TTM revenue/TA'; WC = bs_cur_asset_report - bs_cur_liab; TA' = bs_tot_asset - goodwill - other intangibles. Bands: > 2.99 safe, 1.81-2.99 grey, < 1.81 distress",
    inputs: ['bs_cur_asset_report', 'bs_cur_liab', 'bs_pure_retained_earnings', 'is_oper_income', 'market_cap', 'bs_tot_liab', 'is_sales_revenue_turnover', 'bs_tot_asset', 'aux_goodwill', 'aux_other_intangibles'],
    compute: altmanZ,
  }),
];
