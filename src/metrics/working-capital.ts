// Working-capital turnovers and days on TTM flows and average balances (365-day year).
import { add, avg, divPos, sub, type N } from './arith.js';
import { val } from './common-measures.js';
import type { PeriodInputs } from './period-inputs.js';

export function computeWorkingCapital(p: PeriodInputs): Record<string, N> {
  const t = p.ttm;
  const c = p.cur;
  const pr = p.prior;
  const cogs = val(t, 'n_cogs');
  const rcvTurn = divPos(val(t, 'is_sales_revenue_turnover'), avg(val(pr, 'n_receivables'), val(c, 'n_receivables')));
  const invTurn = divPos(cogs, avg(val(pr, 'bs_inventories'), val(c, 'bs_inventories')));
  const apTurn = divPos(cogs, avg(val(pr, 'bs_acct_payable'), val(c, 'bs_acct_payable')));
  const days = (turn: N): N => divPos(365, turn);
  const rcvDays = days(rcvTurn);
  const invDays = days(invTurn);
  const apDays = days(apTurn);
  return {
    acct_rcv_turn: rcvTurn,
    acct_rcv_days: rcvDays,
    invent_turn: invTurn,
    invent_days: invDays,
    accounts_payable_turnover: apTurn,
    accounts_payable_turnover_days: apDays,
    cash_conversion_cycle: sub(add(invDays, rcvDays), apDays),
    inv_to_cash_days: add(invDays, rcvDays),
    bs_inventories: val(c, 'bs_inventories'),
    bs_other_inv: val(c, 'bs_other_inv'),
  };
}
