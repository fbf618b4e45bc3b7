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
  // A classified balance sheet without an inventory line at either date holds no inventory: its
  // days-inventory term of the cycle is 0 (invent_turn/invent_days stay null: undefined ratio).
  const noInventory = val(c, 'bs_inventories') === null && val(pr, 'bs_inventories') === null
    && val(c, 'bs_cur_liab') !== null && val(pr, 'bs_cur_liab') !== null;
  const invDays = days(invTurn);
  const invDaysInCycle = invDays ?? (noInventory && cogs !== null ? 0 : null);
  const apDays = days(apTurn);
  return {
    acct_rcv_turn: rcvTurn,
    acct_rcv_days: rcvDays,
    invent_turn: invTurn,
    invent_days: invDays,
    accounts_payable_turnover: apTurn,
    accounts_payable_turnover_days: apDays,
    cash_conversion_cycle: sub(add(invDaysInCycle, rcvDays), apDays),
    inv_to_cash_days: add(invDaysInCycle, rcvDays),
    bs_inventories: val(c, 'bs_inventories'),
    bs_other_inv: val(c, 'bs_other_inv'),
  };
}
