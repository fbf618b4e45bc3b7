// A restated balance taken from the filing whose balance sheet is dated that day, not from a later
// filing's equity statement or note.
import { dayNumber } from '../../model/dates.js';
import { toFact, type Fact, type UnitFacts } from '../fact.js';
import type { FactColumns } from '../../sources/fact-columns.js';
import { isPeriodicForm } from '../fact-index.js';
import type { ResolverState } from './resolver-state.js';

/**
 * A balance restated by later filings is taken from the latest filing whose balance sheet is
 * dated that day (it reports total liabilities and equity, else total assets, for the date),
 * when any filing that reports the concept for the date is one: a later 10-K repeats old
 * balances as opening balances of its equity statement or in notes, on another basis than the
 * balance sheet they belong to (LabCorp's 10-K for 2021 gives its 2019-12-31 equity as
 * 7,643.9M beside the balance sheet's 7,567.0M + noncontrolling interests; General Mills' and
 * Franklin's later equity statements include redeemable interests the balance sheet shows as
 * mezzanine). Otherwise the latest filing's value is kept.
 */
export function balanceSheetVersion(s: ResolverState, uf: UnitFacts, f: Fact, day: number, strict: boolean): Fact | null {
  const accns = balanceSheetAccns(s).get(day);
  if (!accns) return f;
  if (!f.reports) return accns.has(f.accn) || !strict ? f : null;
  const { accn, form, filed } = uf.cols;
  let best = -1;
  for (const r of f.reports) {
    if (!accns.has(accn[r]!) || !isPeriodicForm(form[r]!)) continue;
    if (best < 0 || filed[r]! > filed[best]! || (filed[r] === filed[best] && accn[r]! > accn[best]!)) best = r;
  }
  if (best < 0) return strict ? null : f;
  return accn[best] === f.accn && uf.cols.val[best] === f.val ? f : toFact(uf.cols, best);
}

/** The balance-sheet totals that mark a filing's balance sheet, per taxonomy, in order: the first
 *  one a company reports in a taxonomy decides for that taxonomy. Both taxonomies count: a filer
 *  that moved from IFRS to US GAAP (Celestica's 20-Fs to 2023, 10-Ks from 2024) has its older
 *  balance sheets in ifrs-full and its newer ones in us-gaap. */
const BALANCE_SHEET_TOTALS = [
  ['us-gaap:LiabilitiesAndStockholdersEquity', 'us-gaap:Assets'],
  ['ifrs-full:EquityAndLiabilities', 'ifrs-full:Assets'],
] as const;

/** Balance date -> accession numbers of the periodic filings whose balance sheet has that date. */
function balanceSheetAccns(s: ResolverState): Map<number, Set<string>> {
  if (s.bsAccns) return s.bsAccns;
  const out = new Map<number, Set<string>>();
  for (const group of BALANCE_SHEET_TOTALS) {
    const list = chosenTotal(s, group)?.list;
    if (!list) continue;
    for (let r = 0; r < list.length; r++) {
      if (list.start[r] !== null || !isPeriodicForm(list.form[r]!)) continue;
      const d = dayNumber(list.end[r]!);
      let set = out.get(d);
      if (!set) out.set(d, (set = new Set()));
      set.add(list.accn[r]!);
    }
  }
  return (s.bsAccns = out);
}

/** The first total of `group` the company reports as an instant of a periodic filing (it decides for its taxonomy): its index and facts, or null. */
function chosenTotal(s: ResolverState, group: readonly string[]): { index: number; list: FactColumns } | null {
  for (let i = 0; i < group.length; i++) {
    const list = s.index.columns(group[i]!, s.currency);
    if (!list) continue;
    for (let r = 0; r < list.length; r++) if (list.start[r] === null && isPeriodicForm(list.form[r]!)) return { index: i, list };
  }
  return null;
}

/** Which total decides per taxonomy (its index in the group, -1: none): a company-wide choice
 *  made from all the facts, so standardizing from the day before's (standardize-memo.ts) needs it unchanged. */
export function balanceSheetTotalChoice(s: ResolverState): number[] {
  return BALANCE_SHEET_TOTALS.map((group) => chosenTotal(s, group)?.index ?? -1);
}
