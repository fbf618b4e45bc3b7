// The normalized inputs (n_*) of a period's values: total debt, cash, common equity, goodwill and
// intangibles from the balances; financing lines, interest and amortization from the flows.
import { add, or, type N } from '../arith.js';
import { type Input, N_BALANCE_KEYS, N_FLOW_KEYS, inputs } from './input-slots.js';
import type { ValueStore } from './value-stores.js';

const B = inputs(
  'bs_st_borrow', 'bs_short_term_debt_detailed', 'bs_lt_borrow', 'bs_long_term_borrowings_detailed', 'bs_cur_liab',
  'bs_tot_asset', 'bs_tot_liab', 'bs_c_and_ce_and_sti_detailed', 'bs_cash_near_cash_item', 'bs_mkt_sec_other_st_invest',
  'bs_total_equity', 'bs_eqty_bef_minority_int_detailed', 'bs_acct_note_rcv', 'bs_accts_rec_excl_notes_rec', 'bs_taxes_payable',
  'aux_minority_interest', 'aux_preferred_equity', 'aux_goodwill', 'aux_other_intangibles', 'aux_allowance_doubtful_accounts',
  'aux_net_deferred_tax_liabilities',
  ...N_BALANCE_KEYS,
);

/**
 * An input the build extracted (its key appears for this company) but that is null in a period
 * counts as 0 where the definition says "optional" or the item is a face-statement line a filer
 * always tags when it has it (goodwill, intangibles, preferred, minority interest, interest).
 */
function auxOr0(values: ValueStore, input: Input, extracted: ReadonlySet<string>): N {
  const x = values.get(input);
  if (x !== null) return x;
  return extracted.has(input.name) ? 0 : null;
}

/** Normalized balance inputs (n_*) of the balance values in `v`: total debt, cash, common equity, goodwill + intangibles. */
export function normalizeBalance(v: ValueStore, extracted: ReadonlySet<string>): void {
  const st = v.get(B.bs_st_borrow) ?? v.get(B.bs_short_term_debt_detailed);
  const lt = v.get(B.bs_lt_borrow) ?? v.get(B.bs_long_term_borrowings_detailed);
  // A classified balance sheet (current liabilities reported) without a borrowing line has no
  // borrowings of that kind (docs: debt policy). Unclassified ones (banks, insurers) say nothing.
  const hasBalance = v.get(B.bs_cur_liab) !== null && (v.get(B.bs_tot_asset) !== null || v.get(B.bs_tot_liab) !== null);
  const stDebt = st ?? (hasBalance ? 0 : null);
  const ltDebt = lt ?? (hasBalance ? 0 : null);
  const cashDetailed = v.get(B.bs_c_and_ce_and_sti_detailed);
  const cashOnly = v.get(B.bs_cash_near_cash_item);
  const cash = cashDetailed ?? (cashOnly === null ? null : cashOnly + or(v.get(B.bs_mkt_sec_other_st_invest), 0)!);
  const totalEquity = v.get(B.bs_total_equity);
  const minority = auxOr0(v, B.aux_minority_interest, extracted);
  const parentEquity = v.get(B.bs_eqty_bef_minority_int_detailed) ?? (totalEquity !== null && minority !== null ? totalEquity - minority : null);
  const preferred = or(auxOr0(v, B.aux_preferred_equity, extracted), 0);
  const gwi = add(auxOr0(v, B.aux_goodwill, extracted), auxOr0(v, B.aux_other_intangibles, extracted));
  v.set(B.n_st_debt, stDebt);
  v.set(B.n_lt_debt, ltDebt);
  v.set(B.n_debt, add(stDebt, ltDebt));
  v.set(B.n_cash, cash);
  v.set(B.n_total_equity, totalEquity);
  v.set(B.n_common_equity, parentEquity === null ? null : parentEquity - preferred!);
  v.set(B.n_goodwill_intangibles, gwi);
  v.set(B.n_preferred, auxOr0(v, B.aux_preferred_equity, extracted));
  v.set(B.n_minority, minority);
  v.set(B.n_receivables, v.get(B.bs_acct_note_rcv) ?? v.get(B.bs_accts_rec_excl_notes_rec));
  v.set(B.n_invested_capital_extra, add(
    or(v.get(B.aux_allowance_doubtful_accounts), 0),
    or(v.get(B.aux_net_deferred_tax_liabilities), 0),
    or(v.get(B.bs_taxes_payable), 0),
  ));
}

const F = inputs(
  'is_oper_income', 'cf_depr_amort', 'cf_cash_from_oper', 'cf_cap_expenditures', 'cf_cash_from_fin_act',
  'cf_proc_debt_and_capital_lease', 'cf_pymt_debt_and_capital_lease', 'cf_nt_csh_proc_pymt_debt', 'is_cogs',
  'is_cog_and_services_sold', 'is_earn_for_common', 'is_net_income', 'aux_amortization_intangibles', 'cf_dvd_paid',
  'cf_proc_fr_repurch_eqty_detailed', 'cf_other_financing_act_excl_fx', 'aux_interest_paid', 'aux_interest_expense',
  ...N_FLOW_KEYS,
);

/** A financing line: as reported, else 0 when the filer reported a financing section (`fin`). */
function finLine(v: ValueStore, input: Input, fin: boolean): N {
  return v.get(input) ?? (fin ? 0 : null);
}

/**
 * Normalized flow inputs (n_*) of the income statement and cash flow values in `v`. (Each input
 * read here is a field of one statement only, so reading the merged values reads that statement's.)
 */
export function normalizeFlows(v: ValueStore, extracted: ReadonlySet<string>): void {
  const oi = v.get(F.is_oper_income);
  const da = v.get(F.cf_depr_amort);
  const cfo = v.get(F.cf_cash_from_oper);
  const capex = v.get(F.cf_cap_expenditures);
  // Financing lines a filer leaves out of a reported financing section did not occur (docs).
  const fin = v.get(F.cf_cash_from_fin_act) !== null;
  const proceeds = v.get(F.cf_proc_debt_and_capital_lease);
  const repayments = v.get(F.cf_pymt_debt_and_capital_lease);
  const netDebt = v.get(F.cf_nt_csh_proc_pymt_debt)
    ?? (proceeds !== null || repayments !== null ? (proceeds ?? 0) + (repayments ?? 0) : fin ? 0 : null);
  v.set(F.n_cogs, v.get(F.is_cogs) ?? v.get(F.is_cog_and_services_sold));
  v.set(F.n_earn_common, v.get(F.is_earn_for_common) ?? v.get(F.is_net_income));
  v.set(F.n_ebitda, add(oi, da));
  v.set(F.n_ebita, add(oi, auxOr0(v, F.aux_amortization_intangibles, extracted)));
  v.set(F.n_fcf, add(cfo, capex));
  v.set(F.n_dividends, finLine(v, F.cf_dvd_paid, fin));
  v.set(F.n_repurchases, finLine(v, F.cf_proc_fr_repurch_eqty_detailed, fin));
  v.set(F.n_net_debt_issuance, netDebt);
  v.set(F.n_debt_repayment, finLine(v, F.cf_pymt_debt_and_capital_lease, fin));
  v.set(F.n_other_financing, finLine(v, F.cf_other_financing_act_excl_fx, fin));
  v.set(F.n_interest_paid, auxOr0(v, F.aux_interest_paid, extracted));
  v.set(F.n_interest_expense, auxOr0(v, F.aux_interest_expense, extracted));
}
