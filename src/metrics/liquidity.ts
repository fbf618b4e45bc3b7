// Liquidity ratios and the Altman Z-score on tangible assets (METRICS.md Liquidity).
import { abs, add, avg, div, divPos, pct, sub, type N } from './arith.js';
import { cash, marketCap } from './common-measures.js';
import { computeCredit } from './credit.js';
import { at, slotsOf, type PeriodInputs } from './period-inputs.js';

/** Slots of the period inputs read below. */
const S = slotsOf(
  'bs_tot_asset', 'n_goodwill_intangibles', 'bs_cur_asset_report', 'bs_cur_liab', 'bs_pure_retained_earnings',
  'is_oper_income', 'is_sales_revenue_turnover', 'bs_tot_liab', 'cf_cash_from_oper', 'n_receivables',
  'cf_cap_expenditures',
);

export function altmanZ(p: PeriodInputs): N {
  const c = p.cur;
  const ta = at(c, S.bs_tot_asset);
  const tangible = sub(ta, at(c, S.n_goodwill_intangibles));
  if (tangible === null || tangible <= 0) return null;
  const wc = sub(at(c, S.bs_cur_asset_report), at(c, S.bs_cur_liab));
  const re = at(c, S.bs_pure_retained_earnings);
  const ebit = at(p.ttm, S.is_oper_income);
  const rev = at(p.ttm, S.is_sales_revenue_turnover);
  const mcapToLiab = divPos(marketCap(p), at(c, S.bs_tot_liab));
  if (wc === null || re === null || ebit === null || rev === null || mcapToLiab === null) return null;
  return 1.2 * (wc / tangible) + 1.4 * (re / tangible) + 3.3 * (ebit / tangible) + 0.6 * mcapToLiab + 1.0 * (rev / tangible);
}

export function computeLiquidity(p: PeriodInputs): Record<string, N> {
  const c = p.cur;
  const cl = at(c, S.bs_cur_liab);
  const credit = computeCredit(p);
  const cfo = at(p.ttm, S.cf_cash_from_oper);
  return {
    cash_ratio: divPos(cash(p), cl),
    cur_ratio: divPos(at(c, S.bs_cur_asset_report), cl),
    quick_ratio: divPos(add(cash(p), at(c, S.n_receivables)), cl),
    cfo_to_avg_current_liabilities: divPos(cfo, avg(at(p.prior, S.bs_cur_liab), cl)),
    com_eqy_to_tot_asset: credit.com_eqy_to_tot_asset!,
    lt_debt_to_tot_eqy: credit.lt_debt_to_tot_eqy!,
    lt_debt_to_tot_cap: credit.lt_debt_to_tot_cap!,
    lt_debt_to_tot_asset: credit.lt_debt_to_tot_asset!,
    tot_debt_to_tot_eqy: credit.tot_debt_to_tot_eqy!,
    tot_debt_to_tot_cap: credit.tot_debt_to_tot_cap!,
    tot_debt_to_tot_asset: credit.tot_debt_to_tot_asset!,
    cash_flow_to_tot_liab: pct(divPos(cfo, at(c, S.bs_tot_liab))),
    cap_expend_ratio: div(cfo, abs(at(p.ttm, S.cf_cap_expenditures))),
    altman_z_score: altmanZ(p),
  };
}
