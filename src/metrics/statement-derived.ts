// Derived fields of the three statement records (EBITDA, margins, net debt, free cash flow...).
// Statement records describe their own period (a quarter for quarterly records); only
// pr_to_free_cash_flow and cash_conversion_cycle use the TTM window, as METRICS.md defines them.
import { add, divPos, pct, sub, type N } from './arith.js';
import { marketCap, netDebt } from './common-measures.js';
import { at, slotsOf, type PeriodInputs } from './period-inputs.js';
import { computeWorkingCapital } from './working-capital.js';

/** Slots of the period inputs read below. */
const S = slotsOf(
  'is_pretax_income', 'is_inc_tax_exp', 'is_sales_revenue_turnover', 'is_oper_income', 'n_ebitda', 'is_gross_profit',
  'n_cogs', 'n_ebita', 'is_net_income', 'bs_tot_asset', 'n_goodwill_intangibles', 'bs_total_equity',
  'bs_cur_asset_report', 'bs_cur_liab', 'n_fcf', 'n_interest_paid', 'is_sh_for_diluted_eps', 'n_net_debt_issuance',
  'cf_cash_from_oper',
);

/** Tax rate of the period itself (for the period's own free cash flow to the firm). */
function ownAfterTax(x: N, p: PeriodInputs): N {
  const pretax = at(p.cur, S.is_pretax_income);
  const tax = at(p.cur, S.is_inc_tax_exp);
  if (x === null || pretax === null) return null;
  if (pretax <= 0) return x * (1 - 0.21);
  if (tax === null) return null;
  return x * (1 - Math.min(0.5, Math.max(0, tax / pretax)));
}

export function computeIncomeDerived(p: PeriodInputs): Record<string, N> {
  const c = p.cur;
  const rev = at(c, S.is_sales_revenue_turnover);
  const oi = at(c, S.is_oper_income);
  const ebitda = at(c, S.n_ebitda);
  const gross = at(c, S.is_gross_profit) ?? sub(rev, at(c, S.n_cogs));
  return {
    ebitda,
    ebita: at(c, S.n_ebita),
    ebit: oi,
    ebitda_margin: pct(divPos(ebitda, rev)),
    gross_margin: pct(divPos(gross, rev)),
    oper_margin: pct(divPos(oi, rev)),
    profit_margin: pct(divPos(at(c, S.is_net_income), rev)),
  };
}

export function computeBalanceDerived(p: PeriodInputs): Record<string, N> {
  const c = p.cur;
  const nd = netDebt(p);
  const ta = at(c, S.bs_tot_asset);
  const gwi = at(c, S.n_goodwill_intangibles);
  return {
    net_debt: nd,
    net_debt_to_shrhldr_eqty: pct(divPos(nd, at(c, S.bs_total_equity))),
    tce_ratio: pct(divPos(sub(at(c, S.bs_total_equity), gwi), sub(ta, gwi))),
    cur_ratio: divPos(at(c, S.bs_cur_asset_report), at(c, S.bs_cur_liab)),
    cash_conversion_cycle: computeWorkingCapital(p).cash_conversion_cycle ?? null,
  };
}

export function computeCashFlowDerived(p: PeriodInputs): Record<string, N> {
  const c = p.cur;
  const fcf = at(c, S.n_fcf);
  const rev = at(c, S.is_sales_revenue_turnover);
  const ebitda = at(c, S.n_ebitda);
  const interestPaid = at(c, S.n_interest_paid);
  const diluted = at(c, S.is_sh_for_diluted_eps);
  return {
    ebitda,
    ebitda_margin: pct(divPos(ebitda, rev)),
    cf_free_cash_flow: fcf,
    cf_free_cash_flow_firm: add(fcf, ownAfterTax(interestPaid, p)),
    free_cash_flow_equity: add(fcf, at(c, S.n_net_debt_issuance)),
    free_cash_flow_per_sh: divPos(fcf, diluted),
    pr_to_free_cash_flow: divPos(marketCap(p), at(p.ttm, S.n_fcf)),
    cash_flow_to_net_inc: divPos(at(c, S.cf_cash_from_oper), at(c, S.is_net_income)),
  };
}

