// Profitability ratios: returns on average balances and TTM margins (METRICS.md Profitability).
import { abs, add, avg, div, divPos, mul, pct, sub, type N } from './arith.js';
import { afterTax, effectiveTaxRate } from './common-measures.js';
import { at, slotsOf, type PeriodInputs, type Values } from './period-inputs.js';

/** Slots of the period inputs read below. */
const S = slotsOf(
  'is_sales_revenue_turnover', 'is_net_income', 'is_oper_income', 'is_gross_profit', 'n_cogs', 'n_earn_common',
  'n_common_equity', 'n_debt', 'n_total_equity', 'n_invested_capital_extra', 'n_dividends', 'bs_tot_asset',
  'n_interest_expense', 'n_ebitda', 'is_pretax_income',
);

/** Capital (debt + total equity) of a period's balances; module-level, not a closure (V8 drops a closure's optimized code at every major GC). */
function capital(x: Values): N {
  return add(at(x, S.n_debt), at(x, S.n_total_equity));
}

/** Invested capital: capital plus the allowances, deferred tax liabilities and taxes payable. */
function invested(x: Values): N {
  return add(capital(x), at(x, S.n_invested_capital_extra));
}

export function computeProfitability(p: PeriodInputs): Record<string, N> {
  const t = p.ttm;
  const c = p.cur;
  const pr = p.prior;
  const rev = at(t, S.is_sales_revenue_turnover);
  const ni = at(t, S.is_net_income);
  const oi = at(t, S.is_oper_income);
  const gross = at(t, S.is_gross_profit) ?? sub(rev, at(t, S.n_cogs));
  const roe = pct(divPos(at(t, S.n_earn_common), avg(at(pr, S.n_common_equity), at(c, S.n_common_equity))));
  const payout = pct(divPos(abs(at(t, S.n_dividends)), ni));
  const dRev = sub(rev, at(p.ttmPrior, S.is_sales_revenue_turnover));
  const dOi = sub(oi, at(p.ttmPrior, S.is_oper_income));
  return {
    return_com_eqy: roe,
    return_on_asset: pct(divPos(ni, avg(at(pr, S.bs_tot_asset), at(c, S.bs_tot_asset)))),
    return_on_cap: pct(divPos(add(ni, afterTax(at(t, S.n_interest_expense), p)), avg(capital(pr), capital(c)))),
    return_on_inv_capital: pct(divPos(afterTax(oi, p), avg(invested(pr), invested(c)))),
    gross_margin: pct(divPos(gross, rev)),
    ebitda_margin: pct(divPos(at(t, S.n_ebitda), rev)),
    oper_margin: pct(divPos(oi, rev)),
    incremental_operating_margin: pct(div(dOi, dRev)),
    pretax_inc_to_net_sales: pct(divPos(at(t, S.is_pretax_income), rev)),
    profit_margin: pct(divPos(ni, rev)),
    net_income_to_common_margin: pct(divPos(at(t, S.n_earn_common), rev)),
    eff_tax_rate: pct(effectiveTaxRate(p)),
    dvd_payout_ratio: payout,
    sustain_growth_rt: roe === null || payout === null ? null : mul(roe, 1 - payout / 100),
  };
}
