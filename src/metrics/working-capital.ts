// Working-capital turnovers and days on TTM flows and average balances (365-day year).
import { add, avg, divPos, sub, type N } from './arith.js';
import { at, slotsOf, type PeriodInputs } from './period-inputs.js';

/** Slots of the period inputs read below. */
const S = slotsOf(
  'n_cogs', 'is_sales_revenue_turnover', 'n_receivables', 'bs_inventories', 'bs_acct_payable', 'bs_cur_liab',
  'bs_other_inv',
);

/** Days of a turnover (365-day year); module-level, not a closure (V8 drops a closure's optimized code at every major GC). */
function days(turn: N): N {
  return divPos(365, turn);
}

export function computeWorkingCapital(p: PeriodInputs): Record<string, N> {
  const t = p.ttm;
  const c = p.cur;
  const pr = p.prior;
  const cogs = at(t, S.n_cogs);
  const rcvTurn = divPos(at(t, S.is_sales_revenue_turnover), avg(at(pr, S.n_receivables), at(c, S.n_receivables)));
  const invTurn = divPos(cogs, avg(at(pr, S.bs_inventories), at(c, S.bs_inventories)));
  const apTurn = divPos(cogs, avg(at(pr, S.bs_acct_payable), at(c, S.bs_acct_payable)));
  const rcvDays = days(rcvTurn);
  // A classified balance sheet without an inventory line at either date holds no inventory: its
  // days-inventory term of the cycle is 0 (invent_turn/invent_days stay null: undefined ratio).
  const noInventory = at(c, S.bs_inventories) === null && at(pr, S.bs_inventories) === null
    && at(c, S.bs_cur_liab) !== null && at(pr, S.bs_cur_liab) !== null;
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
    bs_inventories: at(c, S.bs_inventories),
    bs_other_inv: at(c, S.bs_other_inv),
  };
}
