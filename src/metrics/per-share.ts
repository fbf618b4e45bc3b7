// Per-share record: TTM flows per diluted share, balances per share outstanding, reported
// per-share amounts summed over the window; all on the record date's share basis.
import { sub, type N } from './arith.js';
import { perDilutedShare, perShareOut } from './common-measures.js';
import { at, slotsOf, type PeriodInputs } from './period-inputs.js';

/** Slots of the period inputs read below. */
const S = slotsOf(
  'n_common_equity', 'is_sales_revenue_turnover', 'n_ebitda', 'is_oper_income', 'cf_cash_from_oper', 'n_fcf',
  'n_cash', 'n_goodwill_intangibles',
);

export function computePerShare(p: PeriodInputs): Record<string, N> {
  const t = p.ttm;
  const c = p.cur;
  const ce = at(c, S.n_common_equity);
  return {
    bs_sh_out: p.sharesOut,
    is_sh_for_diluted_eps: p.dilutedShares,
    is_avg_num_sh_for_eps: p.basicShares,
    revenue_per_sh: perDilutedShare(p, at(t, S.is_sales_revenue_turnover)),
    ebitda_per_sh: perDilutedShare(p, at(t, S.n_ebitda)),
    oper_inc_per_sh: perDilutedShare(p, at(t, S.is_oper_income)),
    eps: p.perShare.eps ?? null,
    eps_cont_ops: p.perShare.eps_cont_ops ?? null,
    diluted_eps: p.perShare.diluted_eps ?? null,
    dil_eps_cont_ops: p.perShare.dil_eps_cont_ops ?? null,
    div_per_shr: p.perShare.div_per_shr ?? null,
    cash_flow_per_sh: perDilutedShare(p, at(t, S.cf_cash_from_oper)),
    free_cash_flow_per_sh: perDilutedShare(p, at(t, S.n_fcf)),
    cash_st_investments_per_sh: perShareOut(p, at(c, S.n_cash)),
    book_val_per_sh: perShareOut(p, ce),
    tang_book_val_per_sh: perShareOut(p, sub(ce, at(c, S.n_goodwill_intangibles))),
  };
}
