// Enterprise value record: market cap and EV at pr_last, EV multiples of TTM flows (METRICS.md EV).
import { add, divPos, mul, pct, sub, type N } from './arith.js';
import { debt, enterpriseValue, marketCap, perShareOut, ttmCashFlowFirm, ttmFcfFirm } from './common-measures.js';
import { at, slotsOf, type PeriodInputs } from './period-inputs.js';

/** Slots of the period inputs read below. */
const S = slotsOf(
  'bs_total_equity', 'bs_cash_near_cash_item', 'is_sales_revenue_turnover', 'n_ebitda', 'is_oper_income',
);

export function computeEnterpriseValue(p: PeriodInputs): Record<string, N> {
  const t = p.ttm;
  const d = debt(p);
  const eq = at(p.cur, S.bs_total_equity);
  const mcap = marketCap(p);
  const ev = enterpriseValue(p);
  const dilutedMcap = mul(p.price?.last ?? null, p.dilutedShares);
  const cff = ttmCashFlowFirm(p);
  const fcff = ttmFcfFirm(p);
  return {
    market_cap: mcap,
    bs_cash_near_cash_item: at(p.cur, S.bs_cash_near_cash_item),
    short_and_long_term_debt: d,
    enterprise_value: ev,
    bs_tot_cap: add(d, eq),
    tot_debt_to_tot_cap: pct(divPos(d, add(d, eq))),
    total_debt_to_ev: pct(divPos(d, ev)),
    ev_to_ttm_sales: divPos(ev, at(t, S.is_sales_revenue_turnover)),
    ev_to_ttm_ebitda: divPos(ev, at(t, S.n_ebitda)),
    ev_to_ttm_ebit: divPos(ev, at(t, S.is_oper_income)),
    ev_to_ttm_cash_flow_firm: divPos(ev, cff),
    ev_to_ttm_free_cash_flow_firm: divPos(ev, fcff),
    diluted_mkt_cap: dilutedMcap,
    diluted_ev: add(sub(ev, mcap), dilutedMcap),
    ev_to_sh_out: perShareOut(p, ev),
    ttm_net_sales: at(t, S.is_sales_revenue_turnover),
    ttm_ebitda: at(t, S.n_ebitda),
    ttm_oper_inc: at(t, S.is_oper_income),
    ttm_cash_flow_firm: cff,
    ttm_free_cash_flow_firm: fcff,
  };
}
