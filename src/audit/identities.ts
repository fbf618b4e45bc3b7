// The accounting identities standardized statements must keep, each checked on a company's served
// records: which records it judges, its two sides and the fields whose provenance explains a miss.
// Invariant: an identity judges only records where its terms are independent values (a term
// composed from the others by standardization would hold by construction and is not counted), and
// holds when the sides agree within TOLERANCE of its largest term.
import type { PeriodRecord, Provenance } from '../model/record-types.js';
import type { CompanyType } from '../reference/company-type.js';
import { relativeGap, scaleOf, TOLERANCE } from './tolerance.js';
import { DISCONTINUED_INCOME_CONCEPTS, EQUITY_METHOD_INCOME_CONCEPTS, FX_EFFECT_CONCEPTS } from '../xbrl/concept-map/audit-concepts.js';

export const IDENTITY_NAMES = ['balance', 'current-within-total', 'gross-profit', 'pretax-identity', 'cash-flow-sections',
  'cash-ending', 'quarters-sum'] as const;
export type IdentityName = (typeof IDENTITY_NAMES)[number];

/** What docs/accuracy.md states for each identity (the scorecard's table is generated with it). */
export const IDENTITY_DEFINITIONS: Record<IdentityName, string> = {
  'balance': 'bs_tot_asset = bs_tot_liab + bs_total_equity, or + mezzanine (temporary) equity where the filing tags it at the date',
  'current-within-total': 'bs_cur_asset_report ≤ bs_tot_asset and bs_cur_liab ≤ bs_tot_liab, and the current lines sum within their total: '
    + 'cash (and short-term investments) + receivables + inventories ≤ bs_cur_asset_report, bs_acct_payable + bs_st_borrow ≤ bs_cur_liab',
  'gross-profit': 'is_sales_revenue_turnover − is_cogs = is_gross_profit',
  'pretax-identity': 'is_pretax_income − is_inc_tax_exp = is_ni_including_minority_int_ratio (net income including minority interest) '
    + 'or is_inc_bef_xo_item (income from continuing operations); less the equity-method income a filer shows after tax and the '
    + 'discontinued operations between continuing operations and net income, where the filing tags them for the period (fact store)',
  'cash-flow-sections': 'cf_cash_from_oper + cf_cash_from_inv_act + cf_cash_from_fin_act (+ the effect of exchange rates on cash, '
    + 'where the filing tags it for the period: EffectOfExchangeRateOn… from the fact store) = cf_net_chng_cash',
  'cash-ending': "bs_cash_near_cash_item (+ restricted cash where the filing tags it apart) = the cash-flow statement's ending cash at "
    + 'the same date: the tagged CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents, else the previous balance sheet\'s cash + cf_net_chng_cash '
    + '(+ the exchange-rate effect where the change is tagged before it)',
  'quarters-sum': 'Q1 + Q2 + Q3 + Q4 = the fiscal year, for revenue, operating income, net income, cash from operations, '
    + 'investing and financing, and capex (counted per year and field; quarters derived from year-to-date facts add up by '
    + 'construction when they and the year come from the same filings, so a miss is a year and quarters on different bases)',
};

/** One company's served statement records, with the facts of the dataset's fact store two identities need. */
export interface AuditCompany {
  cik: string;
  name: string;
  ticker: string | null;
  type: CompanyType;
  /** Statement records (income statement, balance sheet, cash flow), annual and quarterly. */
  records: readonly PeriodRecord[];
  /** Mezzanine equity tagged at a balance date: each tagged concept's value, and their sum when several. */
  mezzanine(date: string): readonly number[];
  /** The cash-flow statement's tagged ending cash (cash, equivalents and restricted cash) at a date, or null. */
  endingCash(date: string): number | null;
  /** Restricted cash tagged at a balance date: each tagged concept's value, and their sum when several. */
  restrictedCash(date: string): readonly number[];
  /** The value of the first of `concepts` tagged over the period of the record's `field` (its derivation followed), or null. */
  flowBeside(record: PeriodRecord, field: string, concepts: readonly string[]): number | null;
}

/** A field whose provenance explains an identity's result. */
export interface Evidence { period: string; field: string; value: number | null; provenance: Provenance | null }

/** One judged record (for quarters-sum: one fiscal year and field). */
export interface IdentityCheck {
  identity: IdentityName;
  /** The judged record's label, e.g. "2023 annual" or "2023 Q2". */
  period: string;
  date: string;
  holds: boolean;
  lhs: number;
  rhs: number;
  /** |lhs − rhs| as a share of the largest term. */
  gap: number;
  detail: string;
  evidence: Evidence[];
}

const fmt = (v: number | null | undefined): string => (v == null ? 'null' : Math.abs(v) >= 1e6 ? `${(v / 1e6).toFixed(1)}M` : String(v));
const labelOf = (r: PeriodRecord): string => (r.period === 'annual' ? `${r.periodLabel} annual` : `${r.fiscalYear} ${r.periodLabel}`);
/** Whether standardization composed `field` from other fields (its derivation is a formula naming it). */
const composed = (r: PeriodRecord, field: string): boolean => r.provenance[field]?.derivation?.startsWith(`${field} =`) ?? false;
const evidence = (r: PeriodRecord, fields: readonly string[]): Evidence[] =>
  fields.map((f) => ({ period: labelOf(r), field: f, value: r.values[f] ?? null, provenance: r.provenance[f] ?? null }));

/** A check of `lhs` against the closest of the candidate right-hand sides (each with its terms). */
function judge(identity: IdentityName, r: PeriodRecord, lhs: number, candidates: ReadonlyArray<{ rhs: number; terms: number[]; text: string }>,
  fields: readonly string[]): IdentityCheck {
  let best: IdentityCheck | null = null;
  for (const c of candidates) {
    const gap = relativeGap(lhs, c.rhs, scaleOf([lhs, c.rhs, ...c.terms]));
    if (!best || gap < best.gap) {
      best = { identity, period: labelOf(r), date: r.date, holds: gap <= TOLERANCE, lhs, rhs: c.rhs, gap, detail: c.text, evidence: evidence(r, fields) };
    }
  }
  return best!;
}

/** `part` ≤ `total` within the tolerance: the gap is the excess as a share of the larger. */
function within(part: number, total: number): { holds: boolean; gap: number } {
  const excess = part - total;
  const gap = excess <= 0 ? 0 : relativeGap(part, total, scaleOf([part, total]));
  return { holds: gap <= TOLERANCE, gap };
}

const of = (c: AuditCompany, type: PeriodRecord['recordType']): PeriodRecord[] => c.records.filter((r) => r.recordType === type);

function balance(c: AuditCompany): IdentityCheck[] {
  const out: IdentityCheck[] = [];
  for (const r of of(c, 'balance_sheet')) {
    const A = r.values.bs_tot_asset, L = r.values.bs_tot_liab, E = r.values.bs_total_equity;
    if (A == null || L == null || E == null || composed(r, 'bs_tot_liab') || composed(r, 'bs_total_equity') || composed(r, 'bs_tot_asset')) continue;
    const cands = [{ rhs: L + E, terms: [L, E], text: `assets ${fmt(A)} vs liabilities ${fmt(L)} + equity ${fmt(E)}` }];
    for (const m of c.mezzanine(r.date)) cands.push({ rhs: L + E + m, terms: [L, E, m], text: `assets ${fmt(A)} vs liabilities ${fmt(L)} + equity ${fmt(E)} + mezzanine ${fmt(m)}` });
    out.push(judge('balance', r, A, cands, ['bs_tot_asset', 'bs_tot_liab', 'bs_total_equity']));
  }
  return out;
}

function currentWithinTotal(c: AuditCompany): IdentityCheck[] {
  const out: IdentityCheck[] = [];
  for (const r of of(c, 'balance_sheet')) {
    const v = r.values;
    const parts: Array<{ part: number; total: number; text: string; fields: string[] }> = [];
    const sum = (fields: readonly string[]): { value: number; used: string[] } => {
      const used = fields.filter((f) => v[f] != null);
      return { value: used.reduce((s, f) => s + v[f]!, 0), used };
    };
    if (v.bs_cur_asset_report != null) {
      if (v.bs_tot_asset != null) parts.push({ part: v.bs_cur_asset_report, total: v.bs_tot_asset, text: 'current assets ≤ total assets', fields: ['bs_cur_asset_report', 'bs_tot_asset'] });
      const cash = v.bs_c_and_ce_and_sti_detailed != null ? 'bs_c_and_ce_and_sti_detailed' : 'bs_cash_near_cash_item';
      const rcv = v.bs_acct_note_rcv != null ? 'bs_acct_note_rcv' : 'bs_accts_rec_excl_notes_rec';
      const lines = sum([cash, rcv, 'bs_inventories']);
      if (lines.used.length > 0) parts.push({ part: lines.value, total: v.bs_cur_asset_report, text: 'current asset lines ≤ current assets', fields: [...lines.used, 'bs_cur_asset_report'] });
    }
    if (v.bs_cur_liab != null) {
      if (v.bs_tot_liab != null) parts.push({ part: v.bs_cur_liab, total: v.bs_tot_liab, text: 'current liabilities ≤ total liabilities', fields: ['bs_cur_liab', 'bs_tot_liab'] });
      const lines = sum(['bs_acct_payable', 'bs_st_borrow']);
      if (lines.used.length > 0) parts.push({ part: lines.value, total: v.bs_cur_liab, text: 'current liability lines ≤ current liabilities', fields: [...lines.used, 'bs_cur_liab'] });
    }
    if (parts.length === 0) continue;
    // the record holds when every part does; a miss reports its worst part
    let worst = parts[0]!, worstGap = -1;
    for (const p of parts) {
      const w = within(p.part, p.total);
      if (w.gap > worstGap) { worst = p; worstGap = w.gap; }
    }
    out.push({ identity: 'current-within-total', period: labelOf(r), date: r.date, holds: worstGap <= TOLERANCE, lhs: worst.part, rhs: worst.total,
      gap: worstGap, detail: `${worst.text}: ${fmt(worst.part)} vs ${fmt(worst.total)}`, evidence: evidence(r, worst.fields) });
  }
  return out;
}

function grossProfit(c: AuditCompany): IdentityCheck[] {
  const out: IdentityCheck[] = [];
  for (const r of of(c, 'income_statement')) {
    const rev = r.values.is_sales_revenue_turnover, cogs = r.values.is_cogs, gp = r.values.is_gross_profit;
    if (rev == null || cogs == null || gp == null || composed(r, 'is_gross_profit') || composed(r, 'is_cogs') || composed(r, 'is_sales_revenue_turnover')) continue;
    out.push(judge('gross-profit', r, rev - cogs, [{ rhs: gp, terms: [rev, cogs], text: `revenue ${fmt(rev)} − cost of revenue ${fmt(cogs)} vs gross profit ${fmt(gp)}` }],
      ['is_sales_revenue_turnover', 'is_cogs', 'is_gross_profit']));
  }
  return out;
}

function pretax(c: AuditCompany): IdentityCheck[] {
  const out: IdentityCheck[] = [];
  for (const r of of(c, 'income_statement')) {
    const pre = r.values.is_pretax_income, tax = r.values.is_inc_tax_exp;
    if (pre == null || tax == null || composed(r, 'is_pretax_income') || composed(r, 'is_inc_tax_exp')) continue;
    // equity-method income where the filer shows it after tax; discontinued operations between
    // continuing operations and net income
    const equity = c.flowBeside(r, 'is_pretax_income', EQUITY_METHOD_INCOME_CONCEPTS);
    const disc = c.flowBeside(r, 'is_pretax_income', DISCONTINUED_INCOME_CONCEPTS);
    const cands: Array<{ rhs: number; terms: number[]; text: string }> = [];
    const fields = ['is_pretax_income', 'is_inc_tax_exp'];
    for (const [f, name] of [['is_ni_including_minority_int_ratio', 'net income incl. minority interest'], ['is_inc_bef_xo_item', 'income from continuing operations']] as const) {
      const t = r.values[f];
      if (t == null || composed(r, f)) continue;
      fields.push(f);
      for (const e of equity ? [0, equity] : [0]) {
        for (const d of disc && f === 'is_ni_including_minority_int_ratio' ? [0, disc] : [0]) {
          const adj = `${e ? ` − equity-method income ${fmt(e)}` : ''}${d ? ` − discontinued operations ${fmt(d)}` : ''}`;
          cands.push({ rhs: t - e - d, terms: [pre, tax, t], text: `pre-tax ${fmt(pre)} − tax ${fmt(tax)} vs ${name} ${fmt(t)}${adj}` });
        }
      }
    }
    if (cands.length > 0) out.push(judge('pretax-identity', r, pre - tax, cands, fields));
  }
  return out;
}

function cashFlowSections(c: AuditCompany): IdentityCheck[] {
  const out: IdentityCheck[] = [];
  for (const r of of(c, 'cash_flow')) {
    const o = r.values.cf_cash_from_oper, i = r.values.cf_cash_from_inv_act, f = r.values.cf_cash_from_fin_act, d = r.values.cf_net_chng_cash;
    if (o == null || i == null || f == null || d == null || composed(r, 'cf_net_chng_cash')) continue;
    const sections = `operating ${fmt(o)} + investing ${fmt(i)} + financing ${fmt(f)}`;
    const cands = [{ rhs: d, terms: [o, i, f], text: `${sections} vs change in cash ${fmt(d)}` }];
    // the change in cash before or after the exchange-rate effect: filers tag either
    const fx = c.flowBeside(r, 'cf_net_chng_cash', FX_EFFECT_CONCEPTS);
    if (fx != null && fx !== 0) cands.push({ rhs: d - fx, terms: [o, i, f], text: `${sections} + exchange-rate effect ${fmt(fx)} vs change in cash ${fmt(d)}` });
    out.push(judge('cash-flow-sections', r, o + i + f, cands, ['cf_cash_from_oper', 'cf_cash_from_inv_act', 'cf_cash_from_fin_act', 'cf_net_chng_cash']));
  }
  return out;
}

function cashEnding(c: AuditCompany): IdentityCheck[] {
  const out: IdentityCheck[] = [];
  for (const period of ['annual', 'quarterly'] as const) {
    const sheets = of(c, 'balance_sheet').filter((r) => r.period === period).sort((a, b) => a.date.localeCompare(b.date));
    const flows = new Map(of(c, 'cash_flow').filter((r) => r.period === period).map((r) => [r.date, r]));
    sheets.forEach((bs, k) => {
      const cash = bs.values.bs_cash_near_cash_item;
      const cf = flows.get(bs.date);
      if (cash == null || !cf) return;
      const tagged = c.endingCash(bs.date);
      const prev = sheets[k - 1];
      const prevCash = prev?.values.bs_cash_near_cash_item;
      const change = cf.values.cf_net_chng_cash;
      // balance-sheet cash, or it with the restricted cash reported apart, against the ending cash
      const restricted = c.restrictedCash(bs.date);
      const cands: Array<{ rhs: number; terms: number[]; text: string }> = [];
      if (tagged != null) {
        cands.push({ rhs: tagged, terms: [tagged], text: `balance-sheet cash ${fmt(cash)} vs tagged ending cash ${fmt(tagged)}` });
        for (const x of restricted) cands.push({ rhs: tagged - x, terms: [tagged], text: `balance-sheet cash ${fmt(cash)} + restricted cash ${fmt(x)} vs tagged ending cash ${fmt(tagged)}` });
      } else if (prev && prevCash != null && change != null) {
        const text = `balance-sheet cash ${fmt(cash)} vs previous cash ${fmt(prevCash)} + change in cash ${fmt(change)}`;
        cands.push({ rhs: prevCash + change, terms: [prevCash, change], text });
        // a change in cash tagged before the exchange-rate effect
        const fx = c.flowBeside(cf, 'cf_net_chng_cash', FX_EFFECT_CONCEPTS);
        if (fx != null && fx !== 0) cands.push({ rhs: prevCash + change + fx, terms: [prevCash, change], text: `${text} + exchange-rate effect ${fmt(fx)}` });
        const before = c.restrictedCash(prev.date);
        for (const x of restricted) for (const y of before) cands.push({ rhs: prevCash + y + change - x, terms: [prevCash, change], text: `${text} (restricted cash ${fmt(y)} → ${fmt(x)})` });
      }
      if (cands.length === 0) return;
      const check = judge('cash-ending', bs, cash, cands, ['bs_cash_near_cash_item']);
      check.evidence.push(...evidence(cf, ['cf_net_chng_cash']));
      out.push(check);
    });
  }
  return out;
}

/** The flows whose quarters add up to their fiscal year. */
export const QUARTER_FLOWS: ReadonlyArray<readonly [PeriodRecord['recordType'], readonly string[]]> = [
  ['income_statement', ['is_sales_revenue_turnover', 'is_oper_income', 'is_net_income']],
  ['cash_flow', ['cf_cash_from_oper', 'cf_cash_from_inv_act', 'cf_cash_from_fin_act', 'cf_cap_expenditures']],
];

/** The four quarter records of an annual record's fiscal year (undefined where one is missing). */
export function quartersOf(records: readonly PeriodRecord[], annual: PeriodRecord): Array<PeriodRecord | undefined> {
  return [1, 2, 3, 4].map((q) => records.find((r) => r.recordType === annual.recordType && r.period === 'quarterly'
    && r.fiscalYear === annual.fiscalYear && r.periodLabel === `Q${q}`));
}

function quartersSum(c: AuditCompany): IdentityCheck[] {
  const out: IdentityCheck[] = [];
  for (const [type, fields] of QUARTER_FLOWS) {
    const recs = of(c, type);
    for (const a of recs.filter((r) => r.period === 'annual')) {
      const qs = quartersOf(recs, a);
      for (const f of fields) {
        const fy = a.values[f];
        const qv = qs.map((q) => q?.values[f] ?? null);
        if (fy == null || qv.some((x) => x == null)) continue;
        const sum = qv.reduce((s, x) => s! + x!, 0)!;
        const check = judge('quarters-sum', a, sum, [{ rhs: fy, terms: qv as number[], text: `${f}: Σ quarters ${fmt(sum)} [${qv.map(fmt).join(', ')}] vs year ${fmt(fy)}` }], [f]);
        for (const q of qs) check.evidence.push(...evidence(q!, [f]));
        out.push(check);
      }
    }
  }
  return out;
}

/** Every identity's checks of one company, by identity. */
export const IDENTITIES: Record<IdentityName, (c: AuditCompany) => IdentityCheck[]> = {
  'balance': balance,
  'current-within-total': currentWithinTotal,
  'gross-profit': grossProfit,
  'pretax-identity': pretax,
  'cash-flow-sections': cashFlowSections,
  'cash-ending': cashEnding,
  'quarters-sum': quartersSum,
};
