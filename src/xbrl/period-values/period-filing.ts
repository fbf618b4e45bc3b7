// One filing's view of a period: the latest periodic filing that reports a statement's flows for the
// period, and the earlier filings whose figures for it that filing restated (issue 30, items 1 and 5).
//
// A later 10-K that recasts a year (a spin-off or sale moved to discontinued operations) restates
// every line of it, often moving a line to another concept (DuPont's 2020 revenue: `Revenues`
// 20,397M in the 10-K for 2020, `RevenueFromContractWithCustomerExcludingAssessedTax` 14,338M in
// the 10-K for fiscal 2021 and 11,128M in the 10-K for fiscal 2022 (filed 2023-02-15), beside cost of goods sold restated under
// the same concept each time). Latest-filed-wins per concept would then serve the original
// revenue beside restated costs. A field whose chosen fact comes from a filing that the period's
// latest filing restated is taken from the latest filing instead when that filing gives the field
// in proportion with what it restated; otherwise the field keeps the earlier filing's value,
// marked in its provenance (PeriodResolver.fromPeriodFiling).
import type { StatementType } from '../../model/record-types.js';
import type { Fact } from '../fact.js';
import { isPeriodicForm } from '../fact-index.js';
import { duration } from './period-fact.js';
import type { PreparedMapping } from './prepared-mapping.js';
import type { PeriodContext } from './resolved-value.js';
import type { FactColumns } from '../../sources/fact-columns.js';
import { isoDate } from '../../model/dates.js';
import { byFilingPeriod } from './line-sum.js';

/** The latest periodic filing reporting a statement's flows for one period. */
export interface PeriodFiling {
  accn: string;
  filed: string;
  form: string;
  /** Accessions of earlier filings whose value of some flow concept of the statement for this
   *  period the latest filing changed (by more than 0.5 %). */
  restates: Set<string>;
  /** Per restated filing: the ratios latest / earlier of the values that filing restated. */
  ratios: Map<string, number[]>;
  /** The latest filing's facts that restate an earlier value (`accn|start|end` of the period,
   *  its unit's columns), to find the earlier filings a fact's versions leave out (restatedFiling). */
  restated: Array<{ cols: FactColumns; period: string; val: number }>;
  /** Accessions restatedFiling has looked up. */
  checked: Set<string>;
}

/** Values within 0.5 % of each other state the same figure (rounding to another unit). */
const SAME_FIGURE = 0.005;

/** The statements built from one filing per period. The cash-flow statement is not: measured over
 *  the corpus it moved operating and investing cash flows of years a later 10-K restated while
 *  their quarters (10-Qs never restated) kept the original basis, so the quarters no longer added
 *  up to their years and quarters that follow the year's concept were left null (docs/xbrl.md).
 *  Balance sheets already come from the filing that presents the balance sheet of the date. */
export const ONE_FILING_STATEMENTS: ReadonlySet<StatementType> = new Set<StatementType>(['income_statement']);

/** Two values state the same figure. */
export function sameFigure(a: number, b: number): boolean {
  return Math.abs(a - b) <= SAME_FIGURE * Math.max(Math.abs(a), Math.abs(b));
}

/** The period's filing for the statement's flow fields (kind 'flow'; counts and per-share values
 *  keep their 'original' policy), or null when no periodic filing reports any of them. */
export function periodFiling(mappings: readonly PreparedMapping[], ctx: PeriodContext): PeriodFiling | null {
  let latest: Fact | null = null;
  for (let i = 0; i < mappings.length; i++) {
    const m = mappings[i]!;
    if (m.kind !== 'flow') continue;
    for (let j = 0; j < m.concepts.length; j++) {
      const f = duration(m.concepts[j]!.uf, ctx.startDay, ctx.endDay);
      if (!f || !isPeriodicForm(f.form)) continue;
      if (!latest || f.filed > latest.filed || (f.filed === latest.filed && f.accn > latest.accn)) latest = f;
    }
  }
  if (!latest) return null;
  const counted = { restates: new Set<string>(), ratios: new Map<string, number[]>() };
  const restated: PeriodFiling['restated'] = [];
  for (let i = 0; i < mappings.length; i++) {
    const m = mappings[i]!;
    if (m.kind !== 'flow') continue;
    for (let j = 0; j < m.concepts.length; j++) {
      const f = duration(m.concepts[j]!.uf, ctx.startDay, ctx.endDay);
      if (!f || f.accn !== latest.accn || !f.versions) continue;
      let restating = false;
      for (const v of f.versions) {
        if (v.accn === f.accn || sameFigure(v.val, f.val)) continue;
        countRestated(counted, v.accn, f.val, v.val);
        restating = true;
      }
      if (restating) restated.push({ cols: m.concepts[j]!.uf.cols, period: `${isoDate(f.startDay!)}|${isoDate(f.endDay)}`, val: f.val });
    }
  }
  return { accn: latest.accn, filed: latest.filed, form: latest.form, ...counted, restated, checked: new Set() };
}

/** Counts filing `accn`'s value `earlier` as restated to `latest` (and their ratio, where `earlier` is not 0). */
function countRestated(pf: Pick<PeriodFiling, 'restates' | 'ratios'>, accn: string, latest: number, earlier: number): void {
  pf.restates.add(accn);
  if (earlier === 0) return;
  const list = pf.ratios.get(accn);
  if (list) list.push(latest / earlier); else pf.ratios.set(accn, [latest / earlier]);
}

/**
 * Whether the period's latest filing restated the figures of filing `accn`. A fact's versions
 * begin with the filing that held its value when a later filing first changed it: an older filing
 * with that same value is left out (a 10-K that tagged the year's revenue as `Revenues`, the next
 * 10-K the same revenue as contract revenue and the same costs, the latest the year recast). Such
 * a filing's value of each restating fact's concept is looked up (once per filing) and counted as
 * the versions are (restates, ratios).
 */
export function restatedFiling(pf: PeriodFiling, accn: string): boolean {
  if (pf.restates.has(accn)) return true;
  if (pf.checked.has(accn)) return false;
  pf.checked.add(accn);
  for (const r of pf.restated) {
    const v = byFilingPeriod(r.cols).get(`${accn}|${r.period}`);
    if (v === undefined || sameFigure(v, r.val)) continue;
    countRestated(pf, accn, r.val, v);
  }
  return pf.restates.has(accn);
}

/** How far a field's restatement may be out of proportion with the filing's other restatements. */
const PROPORTION = 1.5;

/**
 * The latest filing's value of a field is a restatement of the earlier value (ratio latest /
 * earlier) in proportion with some line that filing restated from the same earlier filing
 * (within a factor of 1.5): a recast for a discontinued business shrinks revenue, costs and
 * expenses alike (DuPont 2020: revenue 11,128M / 20,397M = 0.55, cost of goods sold 7,063M /
 * 13,522M = 0.52). A value far out of proportion is another line, not the total restated
 * (Marathon Petroleum's 10-K for 2017 tags, of 2015's revenue, only its lease revenue, 16M,
 * beside sales of 72,051M, while it restates other lines by a few percent).
 */
export function inProportion(pf: PeriodFiling, earlierAccn: string, ratio: number): boolean {
  if (!(ratio > 0)) return false;
  const list = pf.ratios.get(earlierAccn);
  if (!list) return false;
  for (const r of list) if (r > 0 && Math.max(r / ratio, ratio / r) <= PROPORTION) return true;
  return false;
}

const EARLIER_FILING = 'from an earlier filing:';

/** The provenance note of a field that the period's latest filing restated but does not tag. */
export function earlierFilingNote(pf: PeriodFiling): string {
  return `${EARLIER_FILING} the period's latest filing (${pf.form} filed ${pf.filed}) restates the period but does not restate the field`;
}

/** The derivation is only that note (the value is still one reported fact of its concept). */
export function isEarlierFilingNote(derivation: string | undefined): boolean {
  return derivation !== undefined && derivation.startsWith(EARLIER_FILING);
}
