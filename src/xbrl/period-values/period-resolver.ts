// Resolves the standardized fields of one period (a fiscal year or one of its quarters) from the
// fact index and the concept map. Invariant: a value is either one reported fact, a same-concept
// year-to-date difference inside one fiscal year (quarters), or a composition — each marked in
// its provenance — and never a value copied from a period of another length.
//
// Why quarters work this way: 10-Qs report 3-month and year-to-date values, 10-Ks only the year.
// A discrete quarter is the reported 3-month value when there is one; otherwise the difference
// of two year-to-date values of the same concept from the same fiscal-year start (Q2 = 6M − Q1,
// Q3 = 9M − 6M, Q4 = FY − 9M). A missing input leaves the quarter null: an annual value is never
// copied into Q4, and values of different concepts are never subtracted from each other.
//
// The rules live beside this file, one concern each (binding the map, candidate choice, quarter
// derivation, compositions, section closing, cash reconciliation, share-scale repair).
import type { FactIndex } from '../fact-index.js';
import type { ConceptRef, FieldKind, FieldMapping } from '../concept-map/mapping-types.js';
import { prepareStatement } from './bind-mappings.js';
import { candidate, agreesWithYear, fromPeriodicFilings, partialOverTime, type YearCheck } from './candidate-choice.js';
import { compose, ratio } from './composition-terms.js';
import { refOf, type FieldValues, type PreparedMapping, type PreparedStatement } from './prepared-mapping.js';
import { provenanceOf, type Resolved, type PeriodContext } from './resolved-value.js';
import { newResolverState, unitFor, type ResolverState } from './resolver-state.js';
import { closingLine } from './section-closing.js';
import { lineSum } from './line-sum.js';
import { isCurrentPart } from './current-part.js';
import { absentLine } from './absent-line.js';
import { statementLine } from './statement-lines.js';
import { repairShareScale } from './share-scale-repair.js';
import { summedQuartersYear } from './quarter-derivation.js';
import { earlierFilingNote, inProportion, periodFiling, restatedFiling, sameFigure, type PeriodFiling } from './period-filing.js';

export class PeriodResolver {
  private readonly state: ResolverState;
  constructor(index: FactIndex, currency: string) {
    this.state = newResolverState(index, currency);
  }

  /**
   * The concept map reduced to what this company reports: concepts without facts in the field's
   * unit are dropped, and compositions that need a missing concept are dropped. Done once per
   * company so that resolving a period never looks up absent concepts.
   */
  prepare(mappings: readonly FieldMapping[], overrides: Readonly<Record<string, readonly ConceptRef[]>> | undefined): PreparedStatement {
    return prepareStatement(this.state, mappings, overrides);
  }

  /** The company-wide state its periods share (company-decisions.ts reads and restores parts of it). */
  companyState(): ResolverState {
    return this.state;
  }

  unitFor(kind: FieldKind): string {
    return unitFor(this.state, kind);
  }

  /** Resolve every mapped field of one period: concepts first, then compositions to a fixpoint.
   *  The result is statement.values, valid until the statement's next period is resolved. */
  resolveFields(statement: PreparedStatement, ctx: PeriodContext, oneFiling = false): FieldValues {
    const s = this.state;
    const values = statement.values;
    values.clear();
    const vals = values.vals;
    s.currentValues = vals;
    const mappings = statement.mappings;
    s.periodicOnly = true;
    const filing = oneFiling ? periodFiling(mappings, ctx) : null;
    for (const m of mappings) {
      if (vals[m.slot] != null || m.concepts.length === 0) continue;
      let chosen = this.pick(m, ctx, vals);
      if (chosen && filing && m.kind === 'flow') {
        const again = this.fromPeriodFiling(m, ctx, vals, chosen, filing);
        if (again.fact !== chosen.fact && again.concept !== chosen.concept) values.earlier[m.slot] = chosen.concept;
        chosen = again;
      }
      chosen = this.lineOrAbsent(m, ctx, chosen, values);
      if (chosen) values.set(m.slot, chosen.val, provenanceOf(chosen, unitFor(s, m.kind)));
    }
    repairShareScale(s, statement, values);
    this.composeFields(mappings, ctx, values);
    // Periodic filings are the source of a period: a fact that only an 8-K (a recast of old years
    // for a discontinued business) reports fills a field that no periodic filing gives, and says
    // so in its provenance (Builders FirstSource's DepreciationAndAmortization for 2012-2014
    // exists only in its 8-K of November 2015; its 10-Ks report Depreciation).
    s.periodicOnly = false;
    let filled = false;
    for (const m of mappings) {
      if (vals[m.slot] != null || !m.nonPeriodic) continue;
      const chosen = this.lineOrAbsent(m, ctx, this.pick(m, ctx, vals), values);
      if (!chosen) continue;
      const note = fromPeriodicFilings(chosen) ? null : `reported only outside periodic filings (${chosen.prior && chosen.fact && chosen.prior.form !== chosen.fact.form ? `${chosen.fact.form}, ${chosen.prior.form}` : chosen.fact?.form ?? chosen.prior?.form}): no periodic filing reports the field for the period`;
      values.set(m.slot, chosen.val, provenanceOf(note ? { ...chosen, derivation: chosen.derivation ? `${chosen.derivation}; ${note}` : note } : chosen, unitFor(s, m.kind)));
      filled = true;
    }
    if (filled) this.composeFields(mappings, ctx, values);
    s.periodicOnly = true;
    return values;
  }

  /**
   * One filing's view of the period (period-filing.ts): a flow whose chosen fact comes from a
   * filing that the period's latest filing restated is resolved again from that filing's facts
   * only (the same order and rules among its candidates). Where that filing gives no candidate,
   * or one out of proportion with what it restated (a part line), the earlier value stays, marked
   * in its provenance; where it gives the same figure, the fact chosen stays. Derived quarters
   * keep their own vintage rule (quarter-derivation.ts).
   */
  private fromPeriodFiling(m: PreparedMapping, ctx: PeriodContext, vals: ReadonlyArray<number | null>, chosen: Resolved, filing: PeriodFiling): Resolved {
    const f = chosen.fact;
    if (!f || chosen.prior || f.accn === filing.accn || !restatedFiling(filing, f.accn)) return chosen;
    const s = this.state;
    s.onlyAccn = filing.accn;
    const again = this.pick(m, ctx, vals);
    s.onlyAccn = null;
    // the same figure (within 0.5 %: a later filing rounding to millions) keeps the fact chosen
    if (again && sameFigure(again.val, chosen.val)) return chosen;
    if (again && inProportion(filing, f.accn, again.val / chosen.val)) return again;
    const note = earlierFilingNote(filing);
    return { ...chosen, derivation: chosen.derivation ? `${chosen.derivation}; ${note}` : note };
  }

  /** A balance field that is no line of the balance sheet (absent-line.ts): the 0 its filing
   *  reports, else null with the reason set on `values` (and null returned). */
  private lineOrAbsent(m: PreparedMapping, ctx: PeriodContext, chosen: Resolved | null, values: FieldValues): Resolved | null {
    if (!chosen || m.lineOf === null) return chosen;
    const a = absentLine(m, chosen, ctx);
    if (!a) return chosen;
    if (a.zero) return { ...a.zero, derivation: `a reported 0: ${a.reason}` };
    values.setNull(m.slot, { derivation: a.reason, nullReason: true });
    return null;
  }

  /** The concept value a field takes for the period (the order, the year's concept for a quarter,
   *  the partial-line, statement-line, closing and zero rules), or null. */
  private pick(m: PreparedMapping, ctx: PeriodContext, vals: ReadonlyArray<number | null>): Resolved | null {
    const s = this.state;
    const anchor = m.sameScaleAs >= 0 ? vals[m.sameScaleAs] ?? null : null;
    let chosen: Resolved | null = null;
    // A quarter takes its flows from the concept of its fiscal year's annual value when that
    // concept reports the quarter, so the four quarters add up to the year: Crown Castle's
    // 10-Qs tag no 3-month NetIncomeLoss, and the next candidate (income available to common
    // stockholders, after preferred dividends) made Q1–Q3 of 2019 sum with a Q4 of net income.
    const annualConcept = ctx.quarter > 0 && m.kind === 'flow' ? ctx.annualConcepts?.[m.field] : undefined;
    const sameAsYear = annualConcept ? refOf(m.concepts, annualConcept) : undefined;
    if (sameAsYear) chosen = candidate(s, m, sameAsYear, ctx, anchor);
    // …unless, for a total, the statement's lines of the quarter add up to another candidate
    // describing the same total and not to the year's concept (C.H. Robinson's 10-Qs of 2017 tag
    // their net revenues, 573.8M for Q2, as Revenues beside total revenues of 3,710.0M).
    if (chosen && sameAsYear && m.firstUnlessPartial && m.statementLines.length > 0) {
      const yearOf: YearCheck = { ref: sameAsYear, total: undefined };
      const others: Resolved[] = [];
      for (const ref of m.concepts) {
        if (ref === sameAsYear || m.neverLargest.includes(ref.concept) || !agreesWithYear(s, m, ref, ctx, yearOf)) continue;
        const r = candidate(s, m, ref, ctx, anchor);
        if (r) others.push(r);
      }
      if (others.length > 0) chosen = statementLine(s, m, ctx, chosen, chosen, others);
    }
    // Otherwise another concept may give the quarter only if it describes the same total: where
    // it reports the year too, within 10 % of the year's concept (Valero's 10-Qs tag only a
    // small oil-and-gas part of its capex, Dow's an exploration line; Crown Castle's income
    // available to common stockholders is close to its net income and is kept).
    // (Not when the quarter is taken again from its latest filing alone, which restated it and does
    // not tag the year's concept for it: that filing's lines are one basis, the year's concept's
    // annual value another.)
    const year: YearCheck | null = sameAsYear && !chosen && ctx.fy.endDay != null && s.onlyAccn === null ? { ref: sameAsYear, total: undefined } : null;
    if (chosen) { /* taken from the year's concept */ } else if (m.firstUnlessPartial) {
      let first: Resolved | null = null;
      let largest: Resolved | null = null;
      const others: Resolved[] = [];
      for (const ref of m.concepts) {
        const r = !year || agreesWithYear(s, m, ref, ctx, year) ? candidate(s, m, ref, ctx, anchor) : null;
        if (!r) continue;
        first ??= r;
        if (m.neverLargest.includes(ref.concept)) continue;
        if (r !== first) others.push(r);
        if (!largest || r.val > largest.val) largest = r;
      }
      chosen = first && largest && largest.val > 1.5 * first.val && first.val >= 0
        && partialOverTime(s, m, first.concept!, largest.concept!) !== false ? largest : first;
      // The statement's line outranks a note's figure: where the candidates differ and the
      // statement's lines add up to one of them, that one is the line (statement-lines.ts).
      if (first && others.length > 0 && m.statementLines.length > 0) chosen = statementLine(s, m, ctx, first, chosen!, others);
    } else if (m.closes && ctx.quarter === 0 && (chosen = closingLine(s, m, ctx, anchor))) {
      /* the line that closes its statement section */
    } else {
      // Balances: first the concepts that the balance sheet of the date reports, then any
      // (General Mills tags StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest
      // only in later equity statements, where it includes the redeemable interest that its
      // balance sheets show as mezzanine beside StockholdersEquity).
      // A reported 0 gives way to a later candidate's nonzero value for the same period: the
      // higher-ranked concept then tags a line that does not apply (Allegion's PaymentsOfDividends
      // = 0 beside PaymentsOfDividendsCommonStock = 100.6M for 2019; CoStar's
      // PaymentsToAcquirePropertyPlantAndEquipment = 0 beside 46.2M of productive assets).
      for (const strict of m.kind === 'instant' ? [true, false] : [false]) {
        let zero: Resolved | null = null;
        for (const ref of m.concepts) {
          chosen = !year || agreesWithYear(s, m, ref, ctx, year) ? candidate(s, m, ref, ctx, anchor, strict) : null;
          if (chosen && chosen.val === 0) { zero ??= chosen; chosen = null; continue; }
          // a reported 0 of a noncurrent balance stands against the total of a year whose
          // balance is all current (isCurrentPart)
          if (chosen && zero && m.currentPart.length > 0 && isCurrentPart(s, m, chosen.val, ctx)) { chosen = null; continue; }
          if (chosen) break;
        }
        chosen ??= zero;
        if (chosen) break;
      }
      // A per-share flow that no concept reports for the year: the sum of one concept's four
      // reported quarters, when they tile the year (TSMC's dividends per share).
      if (!chosen && m.kind === 'per_share_flow' && ctx.quarter === 0) {
        for (const ref of m.concepts) if ((chosen = summedQuartersYear(ref, ref.uf, ctx))) break;
      }
    }
    return chosen;
  }

  /** Compositions for the fields still null, to a fixpoint. */
  private composeFields(mappings: readonly PreparedMapping[], ctx: PeriodContext, values: FieldValues): void {
    const s = this.state;
    const vals = values.vals;
    for (let pass = 0; pass < 4; pass++) {
      let changed = false;
      for (const m of mappings) {
        if (vals[m.slot] != null || (m.compose.length === 0 && m.sumsLines === null)) continue;
        const summed = m.sumsLines !== null ? lineSum(m, values) : null;
        if (summed) { values.set(m.slot, summed.val, provenanceOf(summed, unitFor(s, m.kind))); changed = true; continue; }
        for (const c of m.compose) {
          const r = c.ratio ? ratio(s, m, c.terms, ctx, vals) : compose(s, m, c.terms, ctx, vals, mappings);
          if (r && r.val < 0 && (m.nonNegative || m.nonNegativeDerived)) continue;
          if (r) { values.set(m.slot, r.val, provenanceOf(r, unitFor(s, m.kind))); changed = true; break; }
        }
      }
      if (!changed) break;
    }
  }
}
