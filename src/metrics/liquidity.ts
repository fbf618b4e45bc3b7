// Liquidity ratios and the Altman Z-score on tangible assets (METRICS.md Liquidity).
import { abs, add, avg, div, divPos, pct, sub, type N } from './arith.js';
import { cash, marketCap, val } from './common-measures.js';
import { computeCredit } from './credit.js';
import type { PeriodInputs } from './period-inputs.js';

export function altmanZ(p: PeriodInputs): N {
  const c = p.cur;
  const ta = val(c, 'bs_tot_asset');
  const tangible = sub(ta, val(c, 'n_goodwill_intangibles'));
  if (tangible === null || tangible <= 0) return null;
  const wc = sub(val(c, 'bs_cur_asset_report'), val(c, 'bs_cur_liab'));
  const re = val(c, 'bs_pure_retained_earnings');
  const ebit = val(p.ttm, 'is_oper_income');
  const rev = val(p.ttm, 'is_sales_revenue_turnover');
  const mcapToLiab = divPos(marketCap(p), val(c, 'bs_tot_liab'));
  if (wc === null || re === null || ebit === null || rev === null || mcapToLiab === null) return null;
  return 1.2 * (wc / tangible) + 1.4 * (re / tangible) + 3.3 * (ebit / tangible) + 0.6 * mcapToLiab + 1.0 * (rev / tangible);
}

export function computeLiquidity(p: PeriodInputs): Record<string, N> {
  const c = p.cur;
  const cl = val(c, 'bs_cur_liab');
  const credit = computeCredit(p);
  const cfo = val(p.ttm, 'cf_cash_from_oper');
  return {
    cash_ratio: divPos(cash(p), cl),
    cur_ratio: divPos(val(c, 'bs_cur_asset_report'), cl),
    quick_ratio: divPos(add(cash(p), val(c, 'n_receivables')), cl),
    cfo_to_avg_current_liabilities: divPos(cfo, avg(val(p.prior, 'bs_cur_liab'), cl)),
    com_eqy_to_tot_asset: credit.com_eqy_to_tot_asset!,
    lt_debt_to_tot_eqy: credit.lt_debt_to_tot_eqy!,
    lt_debt_to_tot_cap: credit.lt_debt_to_tot_cap!,
    lt_debt_to_tot_asset: credit.lt_debt_to_tot_asset!,
    tot_debt_to_tot_eqy: credit.tot_debt_to_tot_eqy!,
    tot_debt_to_tot_cap: credit.tot_debt_to_tot_cap!,
    tot_debt_to_tot_asset: credit.tot_debt_to_tot_asset!,
    cash_flow_to_tot_liab: pct(divPos(cfo, val(c, 'bs_tot_liab'))),
    cap_expend_ratio: div(cfo, abs(val(p.ttm, 'cf_cap_expenditures'))),
    altman_z_score: altmanZ(p),
  };
}
