// Working-capital record entries, in column order: turnovers and days on TTM flows and average
// balances (365-day year).
import { add, avg, divPos, sub, type N } from './arith.js';
import { copied, derived, type FieldEntry } from './field-entry.js';
import { inputs, type PeriodInputs } from './period-inputs/input-slots.js';

const I = inputs(
  'n_cogs', 'is_sales_revenue_turnover', 'n_receivables', 'bs_inventories', 'bs_acct_payable', 'bs_cur_liab',
  'bs_other_inv',
);

/** Days of a turnover (365-day year). */
function days(turn: N): N {
  return divPos(365, turn);
}

function receivablesTurnover(p: PeriodInputs): N {
  return divPos(p.ttm.get(I.is_sales_revenue_turnover), avg(p.prior.get(I.n_receivables), p.cur.get(I.n_receivables)));
}

function inventoryTurnover(p: PeriodInputs): N {
  return divPos(p.ttm.get(I.n_cogs), avg(p.prior.get(I.bs_inventories), p.cur.get(I.bs_inventories)));
}

function payablesTurnover(p: PeriodInputs): N {
  return divPos(p.ttm.get(I.n_cogs), avg(p.prior.get(I.bs_acct_payable), p.cur.get(I.bs_acct_payable)));
}

/**
 * Inventory days as the cycle counts them: a classified balance sheet without an inventory line
 * at either date holds no inventory, so its term is 0 (invent_turn/invent_days stay null:
 * undefined ratio).
 */
function inventoryDaysInCycle(p: PeriodInputs): N {
  const invDays = days(inventoryTurnover(p));
  if (invDays !== null) return invDays;
  const noInventory = p.cur.get(I.bs_inventories) === null && p.prior.get(I.bs_inventories) === null
    && p.cur.get(I.bs_cur_liab) !== null && p.prior.get(I.bs_cur_liab) !== null;
  return noInventory && p.ttm.get(I.n_cogs) !== null ? 0 : null;
}

function inventoryToCashDays(p: PeriodInputs): N {
  return add(inventoryDaysInCycle(p), days(receivablesTurnover(p)));
}

/** The cash conversion cycle (also a balance-sheet field, with the same value). */
export function cashConversionCycle(p: PeriodInputs): N {
  return sub(inventoryToCashDays(p), days(payablesTurnover(p)));
}

export const WORKING_CAPITAL: readonly FieldEntry[] = [
  derived({
    name: 'acct_rcv_turn', unit: 'ratio', description: 'receivables turnover',
    definition: 'TTM revenue / avg receivables (bs_acct_note_rcv, else bs_accts_rec_excl_notes_rec)',
    inputs: ['is_sales_revenue_turnover', 'bs_acct_note_rcv'],
    compute: receivablesTurnover,
  }),
  derived({
    name: 'acct_rcv_days', unit: 'days', description: 'days sales outstanding',
    definition: '365 / acct_rcv_turn',
    inputs: ['acct_rcv_turn'],
    compute: (p) => days(receivablesTurnover(p)),
  }),
  derived({
    name: 'invent_turn', unit: 'ratio', description: 'inventory turnover',
    definition: 'TTM cost of revenue (is_cogs, else is_cog_and_services_sold) / avg bs_inventories',
    inputs: ['is_cogs', 'is_cog_and_services_sold', 'bs_inventories'],
    compute: inventoryTurnover,
  }),
  derived({
    name: 'invent_days', unit: 'days', description: 'days inventory outstanding',
    definition: '365 / invent_turn',
    inputs: ['invent_turn'],
    compute: (p) => days(inventoryTurnover(p)),
  }),
  derived({
    name: 'accounts_payable_turnover', unit: 'ratio', description: 'payables turnover',
    definition: 'TTM cost of revenue / avg bs_acct_payable',
    inputs: ['is_cogs', 'bs_acct_payable'],
    compute: payablesTurnover,
  }),
  derived({
    name: 'accounts_payable_turnover_days', unit: 'days', description: 'days payables outstanding',
    definition: '365 / accounts_payable_turnover',
    inputs: ['accounts_payable_turnover'],
    compute: (p) => days(payablesTurnover(p)),
  }),
  derived({
    name: 'cash_conversion_cycle', unit: 'days', description: 'cash conversion cycle in days', spec: 'days',
    definition: 'invent_days + acct_rcv_days - accounts_payable_turnover_days (negative is possible; invent_days counts 0 when a classified balance sheet has no inventory line at either date). Bands: < 0 cash before suppliers are paid, 0-30 efficient, 30-90 normal, > 90 capital tied up',
    inputs: ['invent_days', 'acct_rcv_days', 'accounts_payable_turnover_days'],
    compute: cashConversionCycle,
  }),
  derived({
    name: 'inv_to_cash_days', unit: 'days', description: 'inventory to cash days (operating cycle)',
    definition: 'invent_days + acct_rcv_days (invent_days 0 without inventories, as in the cycle)',
    inputs: ['invent_days', 'acct_rcv_days'],
    compute: inventoryToCashDays,
  }),
  copied({
    name: 'bs_inventories', unit: 'currency', description: 'total inventories',
    definition: 'reported (balance sheet at the record date)',
    inputs: ['bs_inventories'],
    compute: (p) => p.cur.get(I.bs_inventories),
  }),
  copied({
    name: 'bs_other_inv', unit: 'currency', description: 'other inventories',
    definition: 'reported (balance sheet at the record date)',
    inputs: ['bs_other_inv'],
    compute: (p) => p.cur.get(I.bs_other_inv),
  }),
];
