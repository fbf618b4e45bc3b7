// Assembles, for every annual and quarterly period of a company, the inputs of the derived
// metrics: this period's statement values, the window's flows (fiscal year, or TTM = the four
// discrete quarters ending at the quarter), the balances and flows one year earlier, the price
// window and the share counts, all per-share and share amounts on the record date's share basis.
// Pure: a function of CompanyStatements and MarketData. The values are held in slot arrays (speed
// code, only this module sees the slots) or, in the reference version, in objects keyed by name.
import type { CompanyStatements, PeriodRecord, PeriodType, StatementType } from '../model/record-types.js';
import { fieldNames } from '../model/record-fields.js';
import { AUX } from './aux-inputs.js';
import { add, or, type N } from './arith.js';
import { daysBetween, priceWindowAt, type MarketData, type PriceWindow } from '../market/market-data.js';
import { convertPerShare, convertShares, splitFactor, type Split } from '../market/split-history.js';
import { dayNumber } from '../model/dates.js';

/** A named input of the derivations, resolved once at load (see `inputs`). */
export interface Input {
  readonly name: string;
  /** Slot of the input in the slot arrays (only this module reads it). */
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
const N_BALANCE_KEYS = [
  'n_st_debt', 'n_lt_debt', 'n_debt', 'n_cash', 'n_total_equity', 'n_common_equity', 'n_goodwill_intangibles',
  'n_preferred', 'n_minority', 'n_receivables', 'n_invested_capital_extra',
] as const;
const N_FLOW_KEYS = [
  'n_cogs', 'n_earn_common', 'n_ebitda', 'n_ebita', 'n_fcf', 'n_dividends', 'n_repurchases', 'n_net_debt_issuance',
  'n_debt_repayment', 'n_other_financing', 'n_interest_paid', 'n_interest_expense',
] as const;

/** Every input name, in slot order. */
const INPUT_NAMES: readonly string[] = [...new Set<string>([
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
const FLOW_NAMES: readonly string[] = [
  ...INCOME_FIELDS.filter((f) => !SHARE_FIELDS.has(f) && !(PER_SHARE_FIELDS as readonly string[]).includes(f) && !f.endsWith('_margin')),
  ...CASH_FIELDS.filter((f) => !['free_cash_flow_per_sh', 'pr_to_free_cash_flow', 'cash_flow_to_net_inc', 'ebitda_margin'].includes(f)),
  AUX.interestPaid, AUX.interestExpense, AUX.amortizationOfIntangibles,
  'n_cogs', 'n_earn_common', 'n_ebitda', 'n_ebita', 'n_fcf', 'n_dividends', 'n_repurchases', 'n_net_debt_issuance',
  'n_interest_paid', 'n_interest_expense', 'n_other_financing', 'n_debt_repayment',
];
const FLOW_SLOTS: readonly number[] = FLOW_NAMES.map(slotOf);

/** Balance-sheet fields and the normalized balance inputs (n_*), filled in from a nearby balance. */
const BALANCE_NAMES: readonly string[] = [...BALANCE_FIELDS, ...N_BALANCE_KEYS];
const BALANCE_SLOTS: readonly number[] = BALANCE_NAMES.map(slotOf);

/** Per statement type, the names its values may carry (its registry fields, aux inputs) and their slots. */
const STATEMENT_INPUTS: Record<StatementType, { names: readonly string[]; slots: readonly number[] }> = {
  balance_sheet: inputsOf(BALANCE_FIELDS),
  income_statement: inputsOf(INCOME_FIELDS),
  cash_flow: inputsOf(CASH_FIELDS),
};
function inputsOf(fields: readonly string[]): { names: readonly string[]; slots: readonly number[] } {
  const names = [...fields, ...Object.values(AUX)];
  return { names, slots: names.map(slotOf) };
}

/** A period's values while its inputs are assembled, read by Input once they are. */
interface ValueStore extends InputValues {
  set(input: Input, x: N): void;
  /** A statement record's values (a name it does not carry is skipped; a later record wins a name both carry). */
  putStatement(rec: PeriodRecord | undefined): void;
  /** A copy with the balance inputs it lacks taken from `balance`. */
  withBalanceFrom(balance: ValueStore): ValueStore;
}

/** How a company's period values are held: slot arrays (the build's) or objects keyed by name (the reference). */
interface Representation {
  empty(): ValueStore;
  /** Window flows: the period's own (annual) or the sum of four quarters (TTM); empty without parts. */
  flows(parts: readonly ValueStore[] | null, annual: boolean): ValueStore;
  /** The values of a period that has none (no balance a year earlier, no prior window). */
  none: ValueStore;
}

/**
 * Values in slot arrays: one double per input name (statement fields, aux inputs, normalized n_*
 * inputs; slot numbers fixed at load), NaN where there is no value. An array of doubles instead
 * of an object keyed by name: ~75 periods per company each had a ~150-key dictionary (merged
 * values) and a ~70-key one (window flows), rebuilt and looked up by name. The derivations read
 * them by Input (`values.get(I.name)`).
 */
class SlotStore implements ValueStore {
  constructor(readonly values: number[]) {}

  get(input: Input): N {
    const x = this.values[input.slot]!;
    return Number.isFinite(x) ? x : null;
  }

  set(input: Input, x: N): void {
    this.values[input.slot] = x === null ? NaN : x;
  }

  /** By name list rather than for-in + a slot lookup per key: ~45 keys per record, 80 k records. */
  putStatement(rec: PeriodRecord | undefined): void {
    if (!rec) return;
    const { names, slots } = STATEMENT_INPUTS[rec.recordType as StatementType];
    const values = rec.values;
    for (let j = 0; j < names.length; j++) {
      const x = values[names[j]!];
      if (x !== undefined) this.values[slots[j]!] = typeof x === 'number' ? x : NaN;
    }
  }

  withBalanceFrom(balance: ValueStore): ValueStore {
    const cur = this.values.slice();
    const from = (balance as SlotStore).values;
    for (const s of BALANCE_SLOTS) if (Number.isNaN(cur[s])) cur[s] = from[s]!;
    return new SlotStore(cur);
  }
}

/** A period's values with every slot empty. */
function emptyValues(): number[] {
  return new Array<number>(INPUT_NAMES.length).fill(NaN);
}

const SLOTS: Representation = {
  empty: () => new SlotStore(emptyValues()),
  flows(parts, annual) {
    const flows = emptyValues();
    if (annual) {
      const m = (parts![0] as SlotStore).values;
      for (const s of FLOW_SLOTS) flows[s] = m[s]!;
    } else if (parts) {
      const a = (parts[0] as SlotStore).values, b = (parts[1] as SlotStore).values;
      const c = (parts[2] as SlotStore).values, d = (parts[3] as SlotStore).values;
      // NaN (a missing quarter value) propagates; a non-finite sum reads as null
      for (const s of FLOW_SLOTS) flows[s] = a[s]! + b[s]! + c[s]! + d[s]!;
    }
    return new SlotStore(flows);
  },
  none: new SlotStore(emptyValues()),
};

/**
 * The reference representation: plain objects keyed by input name, null where there is no
 * value. Slower; it shows what the slot arrays compute (the shared case test derives the records
 * of real companies both ways and requires them identical).
 */
class NamedStore implements ValueStore {
  constructor(readonly values: Record<string, N>) {}

  get(input: Input): N {
    const x = this.values[input.name];
    return x !== undefined && x !== null && Number.isFinite(x) ? x : null;
  }

  set(input: Input, x: N): void {
    this.values[input.name] = x;
  }

  putStatement(rec: PeriodRecord | undefined): void {
    if (!rec) return;
    for (const name of STATEMENT_INPUTS[rec.recordType as StatementType].names) {
      const x = rec.values[name];
      if (x !== undefined) this.values[name] = typeof x === 'number' && !Number.isNaN(x) ? x : null;
    }
  }

  withBalanceFrom(balance: ValueStore): ValueStore {
    const cur = { ...this.values };
    const from = (balance as NamedStore).values;
    for (const name of BALANCE_NAMES) if ((cur[name] ?? null) === null) cur[name] = from[name] ?? null;
    return new NamedStore(cur);
  }
}

/** The sum of a flow over four quarters; null when one is missing. */
function sumOfFour(parts: readonly ValueStore[], name: string): N {
  let sum = 0;
  for (const q of parts) {
    const x = (q as NamedStore).values[name] ?? null;
    if (x === null) return null;
    sum += x;
  }
  return sum;
}

const BY_NAME: Representation = {
  empty: () => new NamedStore({}),
  flows(parts, annual) {
    const flows: Record<string, N> = {};
    if (annual) {
      for (const name of FLOW_NAMES) flows[name] = (parts![0] as NamedStore).values[name] ?? null;
    } else if (parts) {
      for (const name of FLOW_NAMES) flows[name] = sumOfFour(parts, name);
    }
    return new NamedStore(flows);
  },
  none: new NamedStore({}),
};

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
function normalizeBalance(v: ValueStore, extracted: ReadonlySet<string>): void {
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
function normalizeFlows(v: ValueStore, extracted: ReadonlySet<string>): void {
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

/**
 * Splits that changed the share count. Price vendors also book spin-offs as "splits" (Baxter
 * 2015-07-01, 1:1.841; Arconic 2016-11-01, 1:1.334): such an event restores prices but must not
 * rescale share counts. A share split has a ratio of small whole numbers (to/from = p/q with
 * p, q <= 20 within 0.02 %: 2-for-1, 3-for-2, 1-for-8); anything else is a price adjustment.
 * (Cover-page share counts cannot decide it: filers date them wrongly, e.g. Netflix's
 * post-split count "as of" 2015-06-30.)
 */
function shareSplitsOf(splits: readonly Split[]): Split[] {
  // a loop, not filter: an empty filter result has another array map than [], and every split
  // conversion deoptimized on it
  const out: Split[] = [];
  for (const s of splits) if (isShareSplit(s)) out.push(s);
  return out;
}

function isShareSplit(s: Split): boolean {
  const f = splitFactor(s);
  for (let q = 1; q <= 20; q++) {
    const p = Math.round(f * q);
    if (p >= 1 && p <= 20 && Math.abs(p / q - f) <= f * 2e-4) return true;
  }
  return false;
}

function isPositive(x: N): boolean {
  return x !== null && x > 0;
}

/** Two share counts within 2x of each other. */
function agree(a: number, b: number): boolean {
  return a / b <= 2 && a / b >= 0.5;
}

/** A candidate share count (positive) within 2x of one of the references (positive ones). */
function agreesWithSome(x: N, references: readonly N[]): x is number {
  if (x === null || !(x > 0)) return false;
  for (const r of references) if (r !== null && r > 0 && agree(x, r)) return true;
  return false;
}

/**
 * Shares outstanding at a record date, cross-checked. Filers mis-scale share counts (Apple
 * 2014-03-29: 861,745 for 861.7 million; Gallagher's cover page 2020-03-31: 189.6 trillion; CSX
 * 2011-04-01: 1) and cover pages carry wrong dates (Netflix 2015-06-30 counts post-split shares).
 * Candidates, in order: the balance-sheet count, the cover-page count of the next 120 days (both
 * on the record date's basis). The period's weighted shares (diluted, basic; same basis) are the
 * reference: the first candidate within 2x of a reference wins; if none agrees, the period's own
 * weighted basic (else diluted) shares stand in (`fallback`: multi-class filers such as Alphabet
 * tag one class's count), else null. Without a reference, the balance-sheet count wins unless it
 * is 2x off the cover page.
 */
export function checkedSharesOut(
  balance: N, cover: ReadonlyArray<{ date: string; value: number }>, splits: readonly Split[], date: string,
  references: readonly N[] = [], fallback: N = null,
): N {
  let coverValue: N = null;
  for (const c of cover) {
    if (c.date >= date && daysBetween(date, c.date) <= 120) { coverValue = convertShares(c.value, splits, c.date, date); break; }
  }
  if (references.some(isPositive)) {
    if (agreesWithSome(balance, references)) return balance;
    if (agreesWithSome(coverValue, references)) return coverValue;
    return fallback !== null && fallback > 0 ? fallback : null;
  }
  if (balance === null || !(balance > 0)) return coverValue;
  if (coverValue === null) return balance;
  return agree(balance, coverValue) ? balance : coverValue;
}

interface Period {
  period: PeriodType;
  date: string;
  /** Day number of `date`. */
  day: number;
  recs: Partial<Record<StatementType, PeriodRecord>>;
  /** The three statements' values (balance, income, cash flow: a later one wins a shared name) and the n_* inputs. */
  merged: ValueStore;
}

/** A value of a statement record as filed: a finite number, else null. */
function reported(rec: PeriodRecord | undefined, field: string): N {
  const x = rec?.values[field];
  return typeof x === 'number' && Number.isFinite(x) ? x : null;
}

function basisDate(rec: PeriodRecord | undefined, field: string): string | null {
  if (!rec) return null;
  return rec.provenance[field]?.filed ?? rec.date;
}

/** A share count reported in `rec`, on the share basis of `date`; null when not reported. */
function sharesOnBasis(rec: PeriodRecord | undefined, field: string, splits: readonly Split[], date: string): N {
  const x = reported(rec, field);
  return x === null ? null : convertShares(x, splits, basisDate(rec, field)!, date);
}

/** A per-share amount summed over the window's periods, on the share basis of `date`; null when one is missing. */
function perShareSum(parts: readonly Period[] | null, field: string, splits: readonly Split[], date: string): N {
  if (!parts) return null;
  let sum = 0;
  for (const q of parts) {
    const rec = q.recs.income_statement;
    const x = reported(rec, field);
    if (x === null) return null;
    sum += convertPerShare(x, splits, basisDate(rec, field)!, date);
  }
  return sum;
}

/** The aux inputs the build extracted for a company: a key present in some record. */
function extractedAux(records: readonly PeriodRecord[]): Set<string> {
  const extracted = new Set<string>();
  for (const name of Object.values(AUX)) {
    for (const r of records) {
      if (name in r.values) { extracted.add(name); break; }
    }
  }
  return extracted;
}

function earlierFirst(a: { date: string }, b: { date: string }): number {
  return a.date < b.date ? -1 : 1;
}

function hasPositiveValue(c: { value: number }): boolean {
  return c.value > 0;
}

function isPresent(x: N): boolean {
  return x !== null;
}

function byDay(list: readonly Period[]): Map<number, Period> {
  const index = new Map<number, Period>();
  for (const p of list) index.set(p.day, p);
  return index;
}

interface WindowFlows { flows: ValueStore; parts: Period[] | null }

function mergedOf(p: Period): ValueStore {
  return p.merged;
}

/**
 * A company's periods (by date) and the indexes the inputs of each period look up. Methods, not
 * closures made per company: V8 drops a per-call closure's optimized code at every major GC.
 */
class CompanyPeriods {
  readonly quarters: Period[] = [];
  readonly annuals: Period[] = [];
  /** Balances at a date are the same whatever the period type: one index for both lists. */
  readonly balanceByDay = new Map<number, Period>();
  readonly annualByDay: Map<number, Period>;
  readonly quarterByDay: Map<number, Period>;
  readonly annualByFiscalYear = new Map<number, Period>();
  private readonly quarterIndex = new Map<Period, number>();
  /** Dates of the balance sheets, ascending. */
  private readonly balanceShareDates: string[] = [];
  private readonly flowCache = new Map<Period, WindowFlows>();

  constructor(readonly periods: readonly Period[], private readonly shareSplits: readonly Split[], private readonly rep: Representation) {
    for (const p of periods) {
      if (p.period === 'quarterly') this.quarters.push(p);
      else if (p.period === 'annual') this.annuals.push(p);
      if (p.recs.balance_sheet && !this.balanceByDay.has(p.day)) this.balanceByDay.set(p.day, p);
    }
    this.annualByDay = byDay(this.annuals);
    this.quarterByDay = byDay(this.quarters);
    for (let i = 0; i < this.quarters.length; i++) this.quarterIndex.set(this.quarters[i]!, i);
    for (const b of this.balanceByDay.values()) this.balanceShareDates.push(b.date);
    this.balanceShareDates.sort();
    for (const a of this.annuals) {
      const fy = (a.recs.income_statement ?? a.recs.cash_flow ?? a.recs.balance_sheet)!.fiscalYear;
      this.annualByFiscalYear.set(fy, a);
    }
  }

  /** The period with a balance sheet nearest day `d` (within 15 days; earlier first on a tie). */
  balanceNear(d: number): Period | undefined {
    for (let k = 0; k <= 15; k++) {
      const hit = this.balanceByDay.get(d - k) ?? this.balanceByDay.get(d + k);
      if (hit) return hit;
    }
    return undefined;
  }

  /** The period of `index` about a year before day `d` (350-380 days, 365 first). */
  yearEarlier(index: Map<number, Period>, d: number): Period | undefined {
    for (let k = 365; k >= 350; k--) { const hit = index.get(d - k); if (hit) return hit; }
    for (let k = 366; k <= 380; k++) { const hit = index.get(d - k); if (hit) return hit; }
    return undefined;
  }

  /** Balance-sheet share counts of the two balance dates before and after `date` (within 200 days), on its basis, appended to `out`. */
  pushNeighbourShares(date: string, out: N[]): void {
    const dates = this.balanceShareDates;
    const i = dates.indexOf(date);
    for (let j = Math.max(0, i - 2); j < Math.max(0, i); j++) this.pushBalanceShares(dates[j]!, date, out);
    for (let j = i + 1; j < i + 3 && j < dates.length; j++) this.pushBalanceShares(dates[j]!, date, out);
  }

  private pushBalanceShares(balanceDate: string, date: string, out: N[]): void {
    if (Math.abs(daysBetween(balanceDate, date)) > 200) return;
    out.push(sharesOnBasis(this.balanceByDay.get(dayNumber(balanceDate))!.recs.balance_sheet!, 'bs_sh_out', this.shareSplits, date));
  }

  /** The four quarters ending at `q` (null when one is missing). */
  ttmQuarters(q: Period): Period[] | null {
    const idx = this.quarterIndex.get(q) ?? -1;
    if (idx < 3) return null;
    const four = this.quarters.slice(idx - 3, idx + 1);
    const span = q.day - four[0]!.day;
    if (span < 250 || span > 300) return null;
    for (let k = 1; k < 4; k++) if (four[k]!.day - four[k - 1]!.day < 70) return null;
    return four;
  }

  windowFlows(p: Period): WindowFlows {
    let hit = this.flowCache.get(p);
    if (!hit) {
      const parts = p.period === 'annual' ? [p] : this.ttmQuarters(p);
      hit = { flows: this.rep.flows(parts === null ? null : parts.map(mergedOf), p.period === 'annual'), parts };
      this.flowCache.set(p, hit);
    }
    return hit;
  }
}

/** The period inputs of a company, in slot arrays (the build's representation). */
export function buildPeriodInputs(statements: CompanyStatements, market: MarketData | null): PeriodInputs[] {
  return assemble(statements, market, SLOTS);
}

/** The same inputs held in plain objects keyed by input name: the reference version of buildPeriodInputs. */
export function buildPeriodInputsByName(statements: CompanyStatements, market: MarketData | null): PeriodInputs[] {
  return assemble(statements, market, BY_NAME);
}

function assemble(statements: CompanyStatements, market: MarketData | null, rep: Representation): PeriodInputs[] {
  const extracted = extractedAux(statements.records);
  const shareSplits = market ? shareSplitsOf(market.splits) : [];

  const cover = statements.sharesOutstanding.filter(hasPositiveValue).sort(earlierFirst);
  const byKey = new Map<string, Period>();
  for (const r of statements.records) {
    if (r.recordType !== 'income_statement' && r.recordType !== 'balance_sheet' && r.recordType !== 'cash_flow') continue;
    const key = `${r.period}|${r.date}`;
    let p = byKey.get(key);
    if (!p) {
      // recs with its three keys in one order: one object shape whatever record comes first
      const recs = { balance_sheet: undefined, income_statement: undefined, cash_flow: undefined };
      p = { period: r.period, date: r.date, day: dayNumber(r.date), recs, merged: rep.empty() };
      byKey.set(key, p);
    }
    p.recs[r.recordType] = r;
  }
  for (const p of byKey.values()) {
    p.merged.putStatement(p.recs.balance_sheet);
    p.merged.putStatement(p.recs.income_statement);
    p.merged.putStatement(p.recs.cash_flow);
    normalizeBalance(p.merged, extracted);
    normalizeFlows(p.merged, extracted);
  }
  const company = new CompanyPeriods([...byKey.values()].sort(earlierFirst), shareSplits, rep);

  const out: PeriodInputs[] = [];
  for (const p of company.periods) {
    const meta = p.recs.income_statement ?? p.recs.cash_flow ?? p.recs.balance_sheet!;
    const { flows, parts } = company.windowFlows(p);
    const priorP = company.yearEarlier(p.period === 'annual' ? company.annualByDay : company.quarterByDay, p.day);
    const ttmPrior = priorP ? company.windowFlows(priorP).flows : rep.none;
    const priorBal = company.balanceNear(p.day - 365);
    const curBal = p.recs.balance_sheet ? p : company.balanceNear(p.day);
    // quarterly Q4 without its own balance sheet: use the fiscal year-end balance of that date
    const cur = curBal && curBal !== p ? p.merged.withBalanceFrom(curBal.merged) : p.merged;

    const bsRec = curBal?.recs.balance_sheet;
    const isRec = p.recs.income_statement;
    const dilutedShares = sharesOnBasis(isRec, 'is_sh_for_diluted_eps', shareSplits, p.date);
    const basicShares = sharesOnBasis(isRec, 'is_avg_num_sh_for_eps', shareSplits, p.date);
    // a quarter without weighted shares is checked against its fiscal year's; a company that
    // reports none at all, against the balance-sheet counts of the neighbouring quarters
    const fyRec = dilutedShares === null && basicShares === null && p.period === 'quarterly'
      ? company.annualByFiscalYear.get(meta.fiscalYear)?.recs.income_statement : undefined;
    const refs: N[] = [dilutedShares, basicShares, sharesOnBasis(fyRec, 'is_sh_for_diluted_eps', shareSplits, p.date), sharesOnBasis(fyRec, 'is_avg_num_sh_for_eps', shareSplits, p.date)];
    if (!refs.some(isPresent)) company.pushNeighbourShares(p.date, refs);
    const sharesOut = checkedSharesOut(
      sharesOnBasis(bsRec, 'bs_sh_out', shareSplits, p.date), cover, shareSplits, p.date, refs, basicShares ?? dilutedShares,
    );
    const perShare: PerShareSums = {
      eps: perShareSum(parts, 'eps', shareSplits, p.date),
      eps_cont_ops: perShareSum(parts, 'eps_cont_ops', shareSplits, p.date),
      diluted_eps: perShareSum(parts, 'diluted_eps', shareSplits, p.date),
      dil_eps_cont_ops: perShareSum(parts, 'dil_eps_cont_ops', shareSplits, p.date),
      div_per_shr: perShareSum(parts, 'div_per_shr', shareSplits, p.date),
    };
    out.push({
      period: p.period,
      date: p.date,
      fiscalYear: meta.fiscalYear,
      periodLabel: meta.periodLabel,
      cur,
      ttm: flows,
      ttmPrior,
      prior: priorBal ? priorBal.merged : rep.none,
      price: market ? priceWindowAt(market, p.date, shareSplits) : null,
      sharesOut,
      dilutedShares,
      basicShares,
      perShare,
      records: p.recs,
      window: p.period === 'annual' ? `fiscal year ending ${p.date}` : `TTM of the 4 quarters ending ${p.date}`,
    });
  }
  return out;
}
