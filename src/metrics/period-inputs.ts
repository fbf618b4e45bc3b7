// Assembles, for every annual and quarterly period of a company, the inputs of the derived
// metrics: this period's statement values, the window's flows (fiscal year, or TTM = the four
// discrete quarters ending at the quarter), the balances and flows one year earlier, the price
// window and the share counts, all per-share and share amounts on the record date's share basis.
// Pure: a function of CompanyStatements and MarketData.
import type { CompanyStatements, PeriodRecord, PeriodType, StatementType } from '../dataset/record-types.js';
import { fieldNames } from './registry.js';
import { AUX } from './aux-inputs.js';
import { add, or, type N } from './arith.js';
import { daysBetween, priceWindowAt, type MarketData, type PriceWindow } from './market-data.js';
import { convertPerShare, convertShares, splitFactor, type Split } from './split-history.js';
import { dayNumber, isoDate } from '../xbrl/dates.js';

export type Values = Readonly<Record<string, N>>;

export interface PeriodInputs {
  period: PeriodType;
  date: string;
  fiscalYear: number;
  periodLabel: string;
  /** This period's values of the three statements merged (as filed), plus normalized n_* inputs. */
  cur: Values;
  /** Window flows: the fiscal year (annual) or TTM (quarterly); null where a quarter is missing. */
  ttm: Values;
  /** Window flows one year earlier. */
  ttmPrior: Values;
  /** Balances one year earlier (prior fiscal year end, or four quarters earlier). */
  prior: Values;
  /** Close prices on the record date's share basis; null when no price covers the date. */
  price: PriceWindow | null;
  /** Shares outstanding at the record date, on that date's basis. */
  sharesOut: N;
  /** Diluted / basic weighted shares of the period (quarter or year), on the record date's basis. */
  dilutedShares: N;
  basicShares: N;
  /** Reported per-share amounts summed over the window, on the record date's basis. */
  perShare: Values;
  /** Statement records of this period, by type (for provenance of copied values). */
  records: Partial<Record<StatementType, PeriodRecord>>;
  /** Human-readable window, e.g. "FY ending 2023-09-30" or "TTM of the 4 quarters ending 2023-07-01". */
  window: string;
}

export const INCOME_FIELDS = fieldNames('income_statement');
export const BALANCE_FIELDS = fieldNames('balance_sheet');
export const CASH_FIELDS = fieldNames('cash_flow');

const SHARE_FIELDS = new Set(['is_avg_num_sh_for_eps', 'is_sh_for_diluted_eps', 'bs_sh_out']);
const PER_SHARE_FIELDS = ['eps', 'eps_cont_ops', 'diluted_eps', 'dil_eps_cont_ops', 'div_per_shr'] as const;
/** Flow keys summed over a TTM window (currency lines and normalized n_* flows). */
const FLOW_KEYS = [
  ...INCOME_FIELDS.filter((f) => !SHARE_FIELDS.has(f) && !(PER_SHARE_FIELDS as readonly string[]).includes(f) && !f.endsWith('_margin')),
  ...CASH_FIELDS.filter((f) => !['free_cash_flow_per_sh', 'pr_to_free_cash_flow', 'cash_flow_to_net_inc', 'ebitda_margin'].includes(f)),
  AUX.interestPaid, AUX.interestExpense, AUX.amortizationOfIntangibles,
  'n_cogs', 'n_earn_common', 'n_ebitda', 'n_ebita', 'n_fcf', 'n_dividends', 'n_repurchases', 'n_net_debt_issuance',
  'n_interest_paid', 'n_interest_expense', 'n_other_financing', 'n_debt_repayment',
];

/** Balance-sheet fields and the normalized balance inputs (n_*), filled in from a nearby balance. */
const BALANCE_KEYS: readonly string[] = [...BALANCE_FIELDS, ...Object.keys(normalizeBalance({}, new Set()))];

function v(values: Values | undefined, key: string): N {
  const x = values?.[key];
  return typeof x === 'number' && Number.isFinite(x) ? x : null;
}

/**
 * An input the build extracted (its key appears for this company) but that is null in a period
 * counts as 0 where the definition says "optional" or the item is a face-statement line a filer
 * always tags when it has it (goodwill, intangibles, preferred, minority interest, interest).
 */
function auxOr0(values: Values, key: string, extracted: ReadonlySet<string>): N {
  const x = v(values, key);
  if (x !== null) return x;
  return extracted.has(key) ? 0 : null;
}

/** Normalized balance inputs (n_*): total debt, cash, common equity, goodwill + intangibles. */
export function normalizeBalance(b: Values, extracted: ReadonlySet<string>): Record<string, N> {
  const st = v(b, 'bs_st_borrow') ?? v(b, 'bs_short_term_debt_detailed');
  const lt = v(b, 'bs_lt_borrow') ?? v(b, 'bs_long_term_borrowings_detailed');
  // A classified balance sheet (current liabilities reported) without a borrowing line has no
  // borrowings of that kind (docs: debt policy). Unclassified ones (banks, insurers) say nothing.
  const hasBalance = v(b, 'bs_cur_liab') !== null && (v(b, 'bs_tot_asset') !== null || v(b, 'bs_tot_liab') !== null);
  const stDebt = st ?? (hasBalance ? 0 : null);
  const ltDebt = lt ?? (hasBalance ? 0 : null);
  const cashDetailed = v(b, 'bs_c_and_ce_and_sti_detailed');
  const cashOnly = v(b, 'bs_cash_near_cash_item');
  const cash = cashDetailed ?? (cashOnly === null ? null : cashOnly + or(v(b, 'bs_mkt_sec_other_st_invest'), 0)!);
  const totalEquity = v(b, 'bs_total_equity');
  const minority = auxOr0(b, AUX.minorityInterest, extracted);
  const parentEquity = v(b, 'bs_eqty_bef_minority_int_detailed') ?? (totalEquity !== null && minority !== null ? totalEquity - minority : null);
  const preferred = or(auxOr0(b, AUX.preferredEquity, extracted), 0);
  const gwi = add(auxOr0(b, AUX.goodwill, extracted), auxOr0(b, AUX.otherIntangibles, extracted));
  const debt = add(stDebt, ltDebt);
  return {
    n_st_debt: stDebt,
    n_lt_debt: ltDebt,
    n_debt: debt,
    n_cash: cash,
    n_total_equity: totalEquity,
    n_common_equity: parentEquity === null ? null : parentEquity - preferred!,
    n_goodwill_intangibles: gwi,
    n_preferred: auxOr0(b, AUX.preferredEquity, extracted),
    n_minority: minority,
    n_receivables: v(b, 'bs_acct_note_rcv') ?? v(b, 'bs_accts_rec_excl_notes_rec'),
    n_invested_capital_extra: add(
      or(v(b, AUX.allowanceForDoubtfulAccounts), 0),
      or(v(b, AUX.netDeferredTaxLiabilities), 0),
      or(v(b, 'bs_taxes_payable'), 0),
    ),
  };
}

/** Normalized flow inputs (n_*) of one period from its income statement and cash flow values. */
export function normalizeFlows(i: Values, c: Values, extracted: ReadonlySet<string>): Record<string, N> {
  const oi = v(i, 'is_oper_income');
  const da = v(c, 'cf_depr_amort');
  const cfo = v(c, 'cf_cash_from_oper');
  const capex = v(c, 'cf_cap_expenditures');
  // Financing lines a filer leaves out of a reported financing section did not occur (docs).
  const fin = v(c, 'cf_cash_from_fin_act') !== null;
  const finLine = (key: string): N => v(c, key) ?? (fin ? 0 : null);
  const proceeds = v(c, 'cf_proc_debt_and_capital_lease');
  const repayments = v(c, 'cf_pymt_debt_and_capital_lease');
  const netDebt = v(c, 'cf_nt_csh_proc_pymt_debt')
    ?? (proceeds !== null || repayments !== null ? (proceeds ?? 0) + (repayments ?? 0) : fin ? 0 : null);
  return {
    n_cogs: v(i, 'is_cogs') ?? v(i, 'is_cog_and_services_sold'),
    n_earn_common: v(i, 'is_earn_for_common') ?? v(i, 'is_net_income'),
    n_ebitda: add(oi, da),
    n_ebita: add(oi, auxOr0(i, AUX.amortizationOfIntangibles, extracted)),
    n_fcf: add(cfo, capex),
    n_dividends: finLine('cf_dvd_paid'),
    n_repurchases: finLine('cf_proc_fr_repurch_eqty_detailed'),
    n_net_debt_issuance: netDebt,
    n_debt_repayment: finLine('cf_pymt_debt_and_capital_lease'),
    n_other_financing: finLine('cf_other_financing_act_excl_fx'),
    n_interest_paid: auxOr0(c, AUX.interestPaid, extracted),
    n_interest_expense: auxOr0(i, AUX.interestExpense, extracted),
  };
}

/**
 * Splits that changed the share count. Price vendors also book spin-offs as "splits" (Baxter
 * 2015-07-01, 1:1.841; Arconic 2016-11-01, 1:1.334): such an event restores prices but must not
 * rescale share counts. A share split has a ratio of small whole numbers (to/from = p/q with
 * p, q <= 20 within 0.02 %: 2-for-1, 3-for-2, 1-for-8); anything else is a price adjustment.
 * (Cover-page share counts cannot decide it: filers date them wrongly, e.g. Netflix's
 * post-split count "as of" 2015-06-30.)
 */
export function shareSplitsOf(splits: readonly Split[]): Split[] {
  return splits.filter((s) => {
    const f = splitFactor(s);
    for (let q = 1; q <= 20; q++) {
      const p = Math.round(f * q);
      if (p >= 1 && p <= 20 && Math.abs(p / q - f) <= f * 2e-4) return true;
    }
    return false;
  });
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
  const c = cover.find((x) => x.date >= date && daysBetween(date, x.date) <= 120);
  const coverValue = c ? convertShares(c.value, splits, c.date, date) : null;
  const agree = (a: number, b: number): boolean => a / b <= 2 && a / b >= 0.5;
  const refs = references.filter((r): r is number => r !== null && r > 0);
  const candidates = [balance, coverValue].filter((x): x is number => x !== null && x > 0);
  if (refs.length > 0) return candidates.find((x) => refs.some((r) => agree(x, r))) ?? (fallback !== null && fallback > 0 ? fallback : null);
  if (balance === null || !(balance > 0)) return coverValue;
  if (coverValue === null) return balance;
  return agree(balance, coverValue) ? balance : coverValue;
}

interface Period {
  period: PeriodType;
  date: string;
  recs: Partial<Record<StatementType, PeriodRecord>>;
  merged: Record<string, N>;
}

function basisDate(rec: PeriodRecord | undefined, field: string): string | null {
  if (!rec) return null;
  return rec.provenance[field]?.filed ?? rec.date;
}

export function buildPeriodInputs(statements: CompanyStatements, market: MarketData | null): PeriodInputs[] {
  const extracted = new Set<string>();
  for (const r of statements.records) for (const k in r.values) if (k.startsWith('aux_')) extracted.add(k);
  const shareSplits = market ? shareSplitsOf(market.splits) : [];

  const cover = [...statements.sharesOutstanding].filter((c) => c.value > 0).sort((a, b) => (a.date < b.date ? -1 : 1));
  const byKey = new Map<string, Period>();
  for (const r of statements.records) {
    if (r.recordType !== 'income_statement' && r.recordType !== 'balance_sheet' && r.recordType !== 'cash_flow') continue;
    const key = `${r.period}|${r.date}`;
    let p = byKey.get(key);
    // merged without a prototype: Object.assign of ~140 keys into it is ~1/3 cheaper (read through v(), same values)
    if (!p) { p = { period: r.period, date: r.date, recs: {}, merged: Object.create(null) as Record<string, N> }; byKey.set(key, p); }
    p.recs[r.recordType] = r;
  }
  for (const p of byKey.values()) {
    const i = p.recs.income_statement?.values ?? {};
    const b = p.recs.balance_sheet?.values ?? {};
    const c = p.recs.cash_flow?.values ?? {};
    Object.assign(p.merged, b, i, c, normalizeBalance(b, extracted), normalizeFlows(i, c, extracted));
  }
  const periods = [...byKey.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
  const quarters = periods.filter((p) => p.period === 'quarterly');
  const annuals = periods.filter((p) => p.period === 'annual');

  // Balances at a date are the same whatever the period type: look in both lists (own type first).
  const balanceByDay = new Map<number, Period>();
  for (const p of periods) if (p.recs.balance_sheet && !balanceByDay.has(dayNumber(p.date))) balanceByDay.set(dayNumber(p.date), p);
  const balanceNear = (date: string): Period | undefined => {
    const d = dayNumber(date);
    for (let k = 0; k <= 15; k++) {
      const hit = balanceByDay.get(d - k) ?? balanceByDay.get(d + k);
      if (hit) return hit;
    }
    return undefined;
  };
  const byDay = (list: Period[]): Map<number, Period> => new Map(list.map((p) => [dayNumber(p.date), p]));
  const annualByDay = byDay(annuals);
  const quarterByDay = byDay(quarters);
  const yearEarlier = (index: Map<number, Period>, date: string): Period | undefined => {
    const d = dayNumber(date);
    for (let k = 365; k >= 350; k--) { const hit = index.get(d - k); if (hit) return hit; }
    for (let k = 366; k <= 380; k++) { const hit = index.get(d - k); if (hit) return hit; }
    return undefined;
  };
  const quarterIndex = new Map(quarters.map((q, i) => [q, i]));
  /** Balance-sheet share counts of the two balance dates before and after `date` (within 200 days), on its basis. */
  const balanceShareDates = [...balanceByDay.values()].map((b) => b.date).sort();
  const neighbourShares = (date: string): N[] => {
    const i = balanceShareDates.indexOf(date);
    const around = [...balanceShareDates.slice(Math.max(0, i - 2), Math.max(0, i)), ...balanceShareDates.slice(i + 1, i + 3)];
    return around.filter((d) => Math.abs(daysBetween(d, date)) <= 200).map((d) => {
      const rec = balanceByDay.get(dayNumber(d))!.recs.balance_sheet!;
      const x = v(rec.values, 'bs_sh_out');
      return x === null ? null : convertShares(x, shareSplits, basisDate(rec, 'bs_sh_out')!, date);
    });
  };
  const annualByFiscalYear = new Map<number, Period>();
  for (const a of annuals) {
    const fy = (a.recs.income_statement ?? a.recs.cash_flow ?? a.recs.balance_sheet)!.fiscalYear;
    annualByFiscalYear.set(fy, a);
  }

  /** The four quarters ending at `q` (null when one is missing). */
  const ttmQuarters = (q: Period): Period[] | null => {
    const idx = quarterIndex.get(q) ?? -1;
    if (idx < 3) return null;
    const four = quarters.slice(idx - 3, idx + 1);
    const span = daysBetween(four[0]!.date, q.date);
    if (span < 250 || span > 300) return null;
    for (let k = 1; k < 4; k++) if (daysBetween(four[k - 1]!.date, four[k]!.date) < 70) return null;
    return four;
  };
  const flowCache = new Map<Period, { flows: Record<string, N>; parts: Period[] | null }>();
  const windowFlows = (p: Period): { flows: Record<string, N>; parts: Period[] | null } => {
    const hit = flowCache.get(p);
    if (hit) return hit;
    const flows = Object.create(null) as Record<string, N>; // ~70 keys: a dictionary from the start
    let parts: Period[] | null;
    if (p.period === 'annual') {
      for (const k of FLOW_KEYS) flows[k] = v(p.merged, k);
      parts = [p];
    } else {
      parts = ttmQuarters(p);
      const m = parts?.map((q) => q.merged);
      for (const k of FLOW_KEYS) {
        if (!m) { flows[k] = null; continue; }
        const a = v(m[0], k); const b = v(m[1], k); const c = v(m[2], k); const d = v(m[3], k);
        flows[k] = a === null || b === null || c === null || d === null ? null : a + b + c + d;
      }
    }
    const result = { flows, parts };
    flowCache.set(p, result);
    return result;
  };

  const out: PeriodInputs[] = [];
  for (const p of periods) {
    const meta = p.recs.income_statement ?? p.recs.cash_flow ?? p.recs.balance_sheet!;
    const { flows, parts } = windowFlows(p);
    const priorP = yearEarlier(p.period === 'annual' ? annualByDay : quarterByDay, p.date);
    const ttmPrior = priorP ? windowFlows(priorP).flows : {};
    const priorBal = balanceNear(isoDate(dayNumber(p.date) - 365));
    const curBal = p.recs.balance_sheet ? p : balanceNear(p.date);
    const cur: Record<string, N> = curBal && curBal !== p ? { ...p.merged } : p.merged;
    if (curBal && curBal !== p) {
      // quarterly Q4 without its own balance sheet: use the fiscal year-end balance of that date
      for (const k of BALANCE_KEYS) if (cur[k] === undefined || cur[k] === null) cur[k] = v(curBal.merged, k);
    }

    const bsRec = curBal?.recs.balance_sheet;
    const isRec = p.recs.income_statement;
    const conv = (rec: PeriodRecord | undefined, f: string): N => {
      const x = v(rec?.values, f);
      return x === null ? null : convertShares(x, shareSplits, basisDate(rec, f)!, p.date);
    };
    const sharesOutRaw = v(bsRec?.values, 'bs_sh_out');
    const dilutedShares = conv(isRec, 'is_sh_for_diluted_eps');
    const basicShares = conv(isRec, 'is_avg_num_sh_for_eps');
    // a quarter without weighted shares is checked against its fiscal year's; a company that
    // reports none at all, against the balance-sheet counts of the neighbouring quarters
    const fyRec = dilutedShares === null && basicShares === null && p.period === 'quarterly'
      ? annualByFiscalYear.get(meta.fiscalYear)?.recs.income_statement : undefined;
    const refs: N[] = [dilutedShares, basicShares, conv(fyRec, 'is_sh_for_diluted_eps'), conv(fyRec, 'is_avg_num_sh_for_eps')];
    if (!refs.some((r) => r !== null)) refs.push(...neighbourShares(p.date));
    const sharesOut = checkedSharesOut(
      sharesOutRaw === null ? null : convertShares(sharesOutRaw, shareSplits, basisDate(bsRec, 'bs_sh_out')!, p.date),
      cover, shareSplits, p.date, refs, basicShares ?? dilutedShares,
    );
    const perShare: Record<string, N> = {};
    for (const f of PER_SHARE_FIELDS) {
      perShare[f] = parts
        ? add(...parts.map((q) => {
            const rec = q.recs.income_statement;
            const x = v(rec?.values, f);
            return x === null ? null : convertPerShare(x, shareSplits, basisDate(rec, f)!, p.date);
          }))
        : null;
    }
    out.push({
      period: p.period,
      date: p.date,
      fiscalYear: meta.fiscalYear,
      periodLabel: meta.periodLabel,
      cur,
      ttm: flows,
      ttmPrior,
      prior: priorBal ? priorBal.merged : {},
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
