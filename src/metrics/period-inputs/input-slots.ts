// The named inputs of the derived metrics, their slots in the slot arrays (speed code: only the
// period-inputs folder sees the slots), and what a period's assembled inputs are (PeriodInputs).
import type { PeriodRecord, PeriodType, StatementType } from '../../model/record-types.js';
import { fieldNames } from '../../model/record-fields.js';
import { AUX } from '../aux-inputs.js';
import type { N } from '../arith.js';
import type { PriceWindow } from '../../market/market-data.js';

/** A named input of the derivations, resolved once at load (see `inputs`). */
export interface Input {
  readonly name: string;
  /** Slot of the input in the slot arrays (only period-inputs/ reads it). */
  readonly slot: number;
}

/** One window's or balance's input values, read by Input: a finite number, else null. */
export interface InputValues {
  get(input: Input): N;
}

export interface PeriodInputs {
  period: PeriodType;
  date: string;
  fiscalYear: number;
  periodLabel: string;
  /** This period's values of the three statements merged (as filed), plus normalized n_* inputs. */
  cur: InputValues;
  /** Window flows: the fiscal year (annual) or TTM (quarterly); null where a quarter is missing. */
  ttm: InputValues;
  /** Window flows one year earlier. */
  ttmPrior: InputValues;
  /** Balances one year earlier (prior fiscal year end, or four quarters earlier). */
  prior: InputValues;
  /** Close prices on the record date's share basis; null when no price covers the date. */
  price: PriceWindow | null;
  /** Shares outstanding at the record date, on that date's basis. */
  sharesOut: N;
  /** Diluted / basic weighted shares of the period (quarter or year), on the record date's basis. */
  dilutedShares: N;
  basicShares: N;
  /** Reported per-share amounts summed over the window, on the record date's basis. */
  perShare: PerShareSums;
  /** Statement records of this period, by type (for provenance of copied values). */
  records: Partial<Record<StatementType, PeriodRecord>>;
  /** Human-readable window, e.g. "FY ending 2023-09-30" or "TTM of the 4 quarters ending 2023-07-01". */
  window: string;
}

const INCOME_FIELDS = fieldNames('income_statement');
const BALANCE_FIELDS = fieldNames('balance_sheet');
const CASH_FIELDS = fieldNames('cash_flow');

const SHARE_FIELDS = new Set(['is_avg_num_sh_for_eps', 'is_sh_for_diluted_eps', 'bs_sh_out']);
const PER_SHARE_FIELDS = ['eps', 'eps_cont_ops', 'diluted_eps', 'dil_eps_cont_ops', 'div_per_shr'] as const;
export type PerShareSums = Readonly<Record<(typeof PER_SHARE_FIELDS)[number], N>>;
/** Normalized balance inputs (normalizeBalance) and flow inputs (normalizeFlows). */
export const N_BALANCE_KEYS = [
  'n_st_debt', 'n_lt_debt', 'n_debt', 'n_cash', 'n_total_equity', 'n_common_equity', 'n_goodwill_intangibles',
  'n_preferred', 'n_minority', 'n_receivables', 'n_invested_capital_extra',
] as const;
export const N_FLOW_KEYS = [
  'n_cogs', 'n_earn_common', 'n_ebitda', 'n_ebita', 'n_fcf', 'n_dividends', 'n_repurchases', 'n_net_debt_issuance',
  'n_debt_repayment', 'n_other_financing', 'n_interest_paid', 'n_interest_expense',
] as const;

/** Every input name, in slot order. */
export const INPUT_NAMES: readonly string[] = [...new Set<string>([
  ...BALANCE_FIELDS, ...INCOME_FIELDS, ...CASH_FIELDS, ...Object.values(AUX), ...N_BALANCE_KEYS, ...N_FLOW_KEYS,
])];
const SLOT_OF: ReadonlyMap<string, number> = new Map(INPUT_NAMES.map((n, i) => [n, i]));

function slotOf(name: string): number {
  const s = SLOT_OF.get(name);
  if (s === undefined) throw new Error(`period inputs: no input named ${name}`);
  return s;
}

/**
 * Inputs by name, resolved once at load: `const I = inputs('bs_tot_asset', ...)`, then
 * `p.cur.get(I.bs_tot_asset)`. A name that is no input fails at load.
 */
export function inputs<K extends string>(...names: K[]): Readonly<Record<K, Input>> {
  const out = {} as Record<K, Input>;
  for (const n of names) out[n] = { name: n, slot: slotOf(n) };
  return out;
}

/** Flow inputs summed over a TTM window (currency lines and normalized n_* flows). */
export const FLOW_NAMES: readonly string[] = [
  ...INCOME_FIELDS.filter((f) => !SHARE_FIELDS.has(f) && !(PER_SHARE_FIELDS as readonly string[]).includes(f) && !f.endsWith('_margin')),
  ...CASH_FIELDS.filter((f) => !['free_cash_flow_per_sh', 'pr_to_free_cash_flow', 'cash_flow_to_net_inc', 'ebitda_margin'].includes(f)),
  AUX.interestPaid, AUX.interestExpense, AUX.amortizationOfIntangibles,
  'n_cogs', 'n_earn_common', 'n_ebitda', 'n_ebita', 'n_fcf', 'n_dividends', 'n_repurchases', 'n_net_debt_issuance',
  'n_interest_paid', 'n_interest_expense', 'n_other_financing', 'n_debt_repayment',
];
export const FLOW_SLOTS: readonly number[] = FLOW_NAMES.map(slotOf);

/** Balance-sheet fields and the normalized balance inputs (n_*), filled in from a nearby balance. */
export const BALANCE_NAMES: readonly string[] = [...BALANCE_FIELDS, ...N_BALANCE_KEYS];
export const BALANCE_SLOTS: readonly number[] = BALANCE_NAMES.map(slotOf);

/** Per statement type, the names its values may carry (its registry fields, aux inputs) and their slots. */
export const STATEMENT_INPUTS: Record<StatementType, { names: readonly string[]; slots: readonly number[] }> = {
  balance_sheet: inputsOf(BALANCE_FIELDS),
  income_statement: inputsOf(INCOME_FIELDS),
  cash_flow: inputsOf(CASH_FIELDS),
};
function inputsOf(fields: readonly string[]): { names: readonly string[]; slots: readonly number[] } {
  const names = [...fields, ...Object.values(AUX)];
  return { names, slots: names.map(slotOf) };
}
