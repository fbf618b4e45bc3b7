// Yield analysis: TTM cash flows returned to holders against market cap and EV (METRICS.md Yield).
import { add, divPos, neg, pct, type N } from './arith.js';
import { enterpriseValue, marketCap, ttmFcfFirm, val } from './common-measures.js';
import type { PeriodInputs } from './period-inputs.js';

export function computeYieldAnalysis(p: PeriodInputs): Record<string, N> {
  const t = p.ttm;
  const mcap = marketCap(p);
  const ev = enterpriseValue(p);
  const fcf = val(t, 'n_fcf');
  const fcff = ttmFcfFirm(p);
  const returnedExDebt = neg(add(val(t, 'n_dividends'), val(t, 'n_repurchases')));
  const cff = val(t, 'cf_cash_from_fin_act');
  return {
    ttm_cash_from_oper: val(t, 'cf_cash_from_oper'),
    ttm_cap_expend: val(t, 'cf_cap_expenditures'),
    ttm_free_cash_flow: fcf,
    free_cash_flow_yield: pct(divPos(fcf, mcap)),
    cf_dvd_paid: val(t, 'n_dividends'),
    cf_proc_fr_repurch_eqty_detailed: val(t, 'n_repurchases'),
    cf_pymt_debt_and_capital_lease: val(t, 'n_debt_repayment'),
    cf_other_financing_act_excl_fx: val(t, 'n_other_financing'),
    ttm_cff: cff,
    shareholder_yield_cff: pct(divPos(neg(cff), mcap)),
    returned_capital_ex_debt: returnedExDebt,
    shareholder_yield_ex_debt: pct(divPos(returnedExDebt, mcap)),
    cf_cash_from_oper: val(t, 'cf_cash_from_oper'),
    cf_cap_expenditures: val(t, 'cf_cap_expenditures'),
    cf_free_cash_flow_firm: fcff,
    enterprise_value: ev,
    ttm_fcf_to_firm_yield: pct(divPos(fcff, ev)),
    capital_yield: pct(divPos(neg(add(val(t, 'n_dividends'), val(t, 'n_repurchases'), val(t, 'n_net_debt_issuance'))), ev)),
  };
}
