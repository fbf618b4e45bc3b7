// Profitability ratios: returns on average balances and TTM margins (METRICS.md Profitability).
import { abs, add, avg, div, divPos, mul, pct, sub, type N } from './arith.js';
import { afterTax, effectiveTaxRate, val } from './common-measures.js';
import type { PeriodInputs } from './period-inputs.js';

export function computeProfitability(p: PeriodInputs): Record<string, N> {
  const t = p.ttm;
  const c = p.cur;
  const pr = p.prior;
  const rev = val(t, 'is_sales_revenue_turnover');
  const ni = val(t, 'is_net_income');
  const oi = val(t, 'is_oper_income');
  const gross = val(t, 'is_gross_profit') ?? sub(rev, val(t, 'n_cogs'));
  const roe = pct(divPos(val(t, 'n_earn_common'), avg(val(pr, 'n_common_equity'), val(c, 'n_common_equity'))));
  const capital = (x: typeof c): N => add(val(x, 'n_debt'), val(x, 'n_total_equity'));
  const invested = (x: typeof c): N => add(capital(x), val(x, 'n_invested_capital_extra'));
  const payout = pct(divPos(abs(val(t, 'n_dividends')), ni));
  const dRev = sub(rev, val(p.ttmPrior, 'is_sales_revenue_turnover'));
  const dOi = sub(oi, val(p.ttmPrior, 'is_oper_income'));
  return {
    return_com_eqy: roe,
    return_on_asset: pct(divPos(ni, avg(val(pr, 'bs_tot_asset'), val(c, 'bs_tot_asset')))),
    return_on_cap: pct(divPos(add(ni, afterTax(val(t, 'n_interest_expense'), p)), avg(capital(pr), capital(c)))),
    return_on_inv_capital: pct(divPos(afterTax(oi, p), avg(invested(pr), invested(c)))),
    gross_margin: pct(divPos(gross, rev)),
    ebitda_margin: pct(divPos(val(t, 'n_ebitda'), rev)),
    oper_margin: pct(divPos(oi, rev)),
    incremental_operating_margin: pct(div(dOi, dRev)),
    pretax_inc_to_net_sales: pct(divPos(val(t, 'is_pretax_income'), rev)),
    profit_margin: pct(divPos(ni, rev)),
    net_income_to_common_margin: pct(divPos(val(t, 'n_earn_common'), rev)),
    eff_tax_rate: pct(effectiveTaxRate(p)),
    dvd_payout_ratio: payout,
    sustain_growth_rt: roe === null || payout === null ? null : mul(roe, 1 - payout / 100),
  };
}
