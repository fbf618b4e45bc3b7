// Yield analysis: TTM cash flows returned to holders against market cap and EV (METRICS.md Yield).
import { add, divPos, neg, pct, type N } from './arith.js';
import { enterpriseValue, marketCap, ttmFcfFirm } from './common-measures.js';
import { at, slotsOf, type PeriodInputs } from './period-inputs.js';

/** Slots of the period inputs read below. */
const S = slotsOf(
  'n_fcf', 'n_dividends', 'n_repurchases', 'cf_cash_from_fin_act', 'cf_cash_from_oper', 'cf_cap_expenditures',
  'n_debt_repayment', 'n_other_financing', 'n_net_debt_issuance',
);

export function computeYieldAnalysis(p: PeriodInputs): Record<string, N> {
  const t = p.ttm;
  const mcap = marketCap(p);
  const ev = enterpriseValue(p);
  const fcf = at(t, S.n_fcf);
  const fcff = ttmFcfFirm(p);
  const returnedExDebt = neg(add(at(t, S.n_dividends), at(t, S.n_repurchases)));
  const cff = at(t, S.cf_cash_from_fin_act);
  return {
    ttm_cash_from_oper: at(t, S.cf_cash_from_oper),
    ttm_cap_expend: at(t, S.cf_cap_expenditures),
    ttm_free_cash_flow: fcf,
    free_cash_flow_yield: pct(divPos(fcf, mcap)),
    cf_dvd_paid: at(t, S.n_dividends),
    cf_proc_fr_repurch_eqty_detailed: at(t, S.n_repurchases),
    cf_pymt_debt_and_capital_lease: at(t, S.n_debt_repayment),
    cf_other_financing_act_excl_fx: at(t, S.n_other_financing),
    ttm_cff: cff,
    shareholder_yield_cff: pct(divPos(neg(cff), mcap)),
    returned_capital_ex_debt: returnedExDebt,
    shareholder_yield_ex_debt: pct(divPos(returnedExDebt, mcap)),
    cf_cash_from_oper: at(t, S.cf_cash_from_oper),
    cf_cap_expenditures: at(t, S.cf_cap_expenditures),
    cf_free_cash_flow_firm: fcff,
    enterprise_value: ev,
    ttm_fcf_to_firm_yield: pct(divPos(fcff, ev)),
    capital_yield: pct(divPos(neg(add(at(t, S.n_dividends), at(t, S.n_repurchases), at(t, S.n_net_debt_issuance))), ev)),
  };
}
