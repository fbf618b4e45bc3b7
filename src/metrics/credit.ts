// Credit ratios: leverage against TTM earnings and against the balance sheet (METRICS.md Credit).
import { add, divPos, pct, type N } from './arith.js';
import { debt, netDebt } from './common-measures.js';
import { at, slotsOf, type PeriodInputs } from './period-inputs.js';

/** Slots of the period inputs read below. */
const S = slotsOf(
  'n_lt_debt', 'bs_total_equity', 'bs_tot_asset', 'n_ebitda', 'is_oper_income', 'bs_st_borrow', 'bs_lt_borrow',
  'n_common_equity', 'cf_cap_expenditures',
);

export function computeCredit(p: PeriodInputs): Record<string, N> {
  const c = p.cur;
  const d = debt(p);
  const nd = netDebt(p);
  const lt = at(c, S.n_lt_debt);
  const eq = at(c, S.bs_total_equity);
  const ta = at(c, S.bs_tot_asset);
  const cap = add(d, eq);
  const ebitda = at(p.ttm, S.n_ebitda);
  const ebit = at(p.ttm, S.is_oper_income);
  return {
    short_and_long_term_debt: d,
    bs_st_borrow: at(c, S.bs_st_borrow),
    bs_lt_borrow: at(c, S.bs_lt_borrow),
    tot_debt_to_ebitda: divPos(d, ebitda),
    net_debt_to_ebitda: divPos(nd, ebitda),
    total_debt_to_ebit: divPos(d, ebit),
    net_debt_to_ebit: divPos(nd, ebit),
    com_eqy_to_tot_asset: pct(divPos(at(c, S.n_common_equity), ta)),
    lt_debt_to_tot_eqy: pct(divPos(lt, eq)),
    lt_debt_to_tot_cap: pct(divPos(lt, cap)),
    lt_debt_to_tot_asset: pct(divPos(lt, ta)),
    tot_debt_to_tot_eqy: pct(divPos(d, eq)),
    tot_debt_to_tot_cap: pct(divPos(d, cap)),
    tot_debt_to_tot_asset: pct(divPos(d, ta)),
    net_debt_to_shrhldr_eqty: pct(divPos(nd, eq)),
    net_debt_to_capital: pct(divPos(nd, add(nd, eq))),
    ebitda,
    ebitda_after_capex: add(ebitda, at(p.ttm, S.cf_cap_expenditures)),
    is_oper_income: ebit,
  };
}
