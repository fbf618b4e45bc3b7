// Derived fields of the three statement records (EBITDA, margins, net debt, free cash flow...).
// Statement records describe their own period (a quarter for quarterly records); only
// pr_to_free_cash_flow and cash_conversion_cycle use the TTM window, as METRICS.md defines them.
import { add, divPos, pct, sub, type N } from './arith.js';
import { marketCap, netDebt, val } from './common-measures.js';
import type { PeriodInputs } from './period-inputs.js';
import { computeWorkingCapital } from './working-capital.js';

/** Tax rate of the period itself (for the period's own free cash flow to the firm). */
function ownAfterTax(x: N, p: PeriodInputs): N {
  const pretax = val(p.cur, 'is_pretax_income');
  const tax = val(p.cur, 'is_inc_tax_exp');
  if (x === null || pretax === null) return null;
  if (pretax <= 0) return x * (1 - 0.21);
  if (tax === null) return null;
  return x * (1 - Math.min(0.5, Math.max(0, tax / pretax)));
}

export function computeIncomeDerived(p: PeriodInputs): Record<string, N> {
  const c = p.cur;
  const rev = val(c, 'is_sales_revenue_turnover');
  const oi = val(c, 'is_oper_income');
  const ebitda = val(c, 'n_ebitda');
  const gross = val(c, 'is_gross_profit') ?? sub(rev, val(c, 'n_cogs'));
  return {
    ebitda,
    ebita: val(c, 'n_ebita'),
    ebit: oi,
    ebitda_margin: pct(divPos(ebitda, rev)),
    gross_margin: pct(divPos(gross, rev)),
    oper_margin: pct(divPos(oi, rev)),
    profit_margin: pct(divPos(val(c, 'is_net_income'), rev)),
  };
}

export function computeBalanceDerived(p: PeriodInputs): Record<string, N> {
  const c = p.cur;
  const nd = netDebt(p);
  const ta = val(c, 'bs_tot_asset');
  const gwi = val(c, 'n_goodwill_intangibles');
  return {
    net_debt: nd,
    net_debt_to_shrhldr_eqty: pct(divPos(nd, val(c, 'bs_total_equity'))),
    tce_ratio: pct(divPos(sub(val(c, 'bs_total_equity'), gwi), sub(ta, gwi))),
    cur_ratio: divPos(val(c, 'bs_cur_asset_report'), val(c, 'bs_cur_liab')),
    cash_conversion_cycle: computeWorkingCapital(p).cash_conversion_cycle ?? null,
  };
}

export function computeCashFlowDerived(p: PeriodInputs): Record<string, N> {
  const c = p.cur;
  const fcf = val(c, 'n_fcf');
  const rev = val(c, 'is_sales_revenue_turnover');
  const ebitda = val(c, 'n_ebitda');
  const interestPaid = val(c, 'n_interest_paid');
  const diluted = val(c, 'is_sh_for_diluted_eps');
  return {
    ebitda,
    ebitda_margin: pct(divPos(ebitda, rev)),
    cf_free_cash_flow: fcf,
    cf_free_cash_flow_firm: add(fcf, ownAfterTax(interestPaid, p)),
    free_cash_flow_equity: add(fcf, val(c, 'n_net_debt_issuance')),
    free_cash_flow_per_sh: divPos(fcf, diluted),
    pr_to_free_cash_flow: divPos(marketCap(p), val(p.ttm, 'n_fcf')),
    cash_flow_to_net_inc: divPos(val(c, 'cf_cash_from_oper'), val(c, 'is_net_income')),
  };
}

