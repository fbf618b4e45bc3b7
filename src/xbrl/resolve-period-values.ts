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
import type { Provenance } from '../model/record-types.js';
import { dayNumber, isoDate, within, YEAR_DAYS } from '../model/dates.js';
import { isPeriodicForm, toFact, type Fact, type FactIndex, type UnitFacts } from './fact-index.js';
import type { FiscalYear } from './fiscal-calendar.js';
import { MAX_PLAUSIBLE_SHARES } from './share-scale-versions.js';
import type { ConceptRef, FieldKind, FieldMapping } from './concept-map.js';

export interface PeriodContext {
  fy: FiscalYear;
  /** 0 for the fiscal year, 1..4 for its quarters. */
  quarter: 0 | 1 | 2 | 3 | 4;
  startDay: number;
  endDay: number;
  /** For quarters: the concept each flow field of the fiscal year's annual record came from;
   *  null for the year (always set, so that every context has one shape). */
  annualConcepts: Readonly<Record<string, string>> | null;
}

/**
 * A value and what its provenance is made of: the fact it was taken from (with its concept), a
 * derivation, or both. The Provenance object itself is made only for the value a field keeps
 * (provenanceOf): most values resolved are candidates that lose, or terms of a composition.
 */
export interface Resolved {
  val: number; concept: string | null; fact: Fact | null; derivation: string | null;
  /** The subtracted year-to-date fact of a derived quarter (Q4 = FY - 9M: the 9M fact), else null. */
  prior: Fact | null;
}

/**
 * The provenance of a resolved value: { concept, accn, filed, form, unit, start, end } of its
 * fact (unit: the field's unit, the one the fact was looked up in), then its derivation and, for
 * a derived quarter, the subtracted fact as its one input.
 */
export function provenanceOf(r: Resolved, unit: string): Provenance {
  const f = r.fact;
  if (!f) return { derivation: r.derivation! };
  const p: Provenance = { concept: r.concept!, accn: f.accn, filed: f.filed, form: f.form, unit, start: f.startDay === null ? null : isoDate(f.startDay), end: isoDate(f.endDay) };
  if (r.derivation !== null) p.derivation = r.derivation;
  const q = r.prior;
  if (q) p.inputs = [{ concept: r.concept!, accn: q.accn, filed: q.filed, form: q.form, unit, start: q.startDay === null ? null : isoDate(q.startDay), end: isoDate(q.endDay) }];
  return p;
}

// The prepared structures below have one shape each (every property always set, in one order):
// resolving a company's periods reads them some million times, and objects of many shapes would
// make every one of those reads a slow generic lookup.

/** A concept of the map bound to this company's facts for the field's unit. */
interface PreparedRef extends ConceptRef { uf: UnitFacts; kind: FieldKind; /** isPayment(concept) */ payment: boolean }
/** One alternative of a composition term: a field of the same statement (its slot) or a concept. */
interface TermRef { name: string; slot: number; ref: PreparedRef | null }
interface PreparedTerm { refs: readonly TermRef[]; sign: 1 | -1 | 0; optional: boolean; absent: boolean; same: boolean }
interface PreparedComposition { ratio: boolean; terms: readonly PreparedTerm[] }
/** A mapping reduced to what one company reports (see PeriodResolver.prepare). */
export interface PreparedMapping {
  field: string;
  /** The field's index in the statement's mappings (and its slot in FieldValues). */
  slot: number;
  kind: FieldKind;
  firstUnlessPartial: boolean;
  neverLargest: readonly string[];
  nonNegativeDerived: boolean;
  nonNegative: boolean;
  outflow: boolean;
  /** Slot of the sameScaleAs field, or -1. */
  sameScaleAs: number;
  /** Slot of the notBelow field, or -1. */
  notBelow: number;
  /** The statement section the field is a line of (FieldMapping.closes), or null. */
  closes: { total: readonly PreparedRef[]; lines: readonly PreparedRef[] } | null;
  /** The cash-flow check of balance candidates (FieldMapping.reconcile), or null. */
  reconcile: {
    change: readonly PreparedRef[]; components: ReadonlySet<string>; componentWhen: readonly PreparedRef[];
    /** The filer's cash totals equal its cash-flow ending cash wherever both are reported. */
    totalsAreFlowEnd: boolean; required: ReadonlySet<string>;
  } | null;
  concepts: readonly PreparedRef[];
  compose: readonly PreparedComposition[];
}

/** The prepared mappings of one statement, and the slots of the fields repairShareScale reads. */
export interface PreparedStatement {
  mappings: readonly PreparedMapping[];
  /** Where resolveFields puts the statement's values (one per company, reused period after period). */
  values: FieldValues;
  shareChecks: ReadonlyArray<{ shares: number; eps: number }>;
  netIncome: number;
  earnForCommon: number;
}

/**
 * The values of one statement's fields for one period, by slot, and the order in which fields
 * were first set (the key order of the record's provenance).
 */
export class FieldValues {
  readonly vals: Array<number | null>;
  readonly provs: Array<Provenance | null>;
  readonly order: number[] = [];
  constructor(readonly mappings: readonly PreparedMapping[]) {
    const n = mappings.length;
    this.vals = new Array<number | null>(n).fill(null);
    this.provs = new Array<Provenance | null>(n).fill(null);
  }

  clear(): void {
    this.vals.fill(null);
    this.provs.fill(null);
    this.order.length = 0;
  }

  set(slot: number, val: number, prov: Provenance): void {
    if (this.vals[slot] == null) this.order.push(slot);
    this.vals[slot] = val;
    this.provs[slot] = prov;
  }
}

const START_TOLERANCE = 3;
/** The concept of a quarter's fiscal year and its annual value (computed when first needed). */
interface YearCheck { ref: PreparedRef; total: number | null | undefined }
const YTD_NAMES = ['', 'Q1', '6M', '9M', 'FY'] as const;
/** The (shares, EPS) field pairs repairShareScale checks, in order. */
const SHARE_CHECKS = [['is_sh_for_diluted_eps', 'diluted_eps'], ['is_avg_num_sh_for_eps', 'eps']] as const;
/** Fewer shares than any listed company in the corpus has (Berkshire: ~1.6 million Class A equivalents). */
const MIN_PLAUSIBLE_SHARES = 100_000;

/** The slot of a field of the same statement (-1 for none). */
function slotOf(slots: ReadonlyMap<string, number>, field: string | undefined): number {
  if (field === undefined) return -1;
  const slot = slots.get(field);
  if (slot === undefined) throw new Error(`concept map: ${field} is not a field of the same statement`);
  return slot;
}

export class PeriodResolver {
  private readonly perShareUnit: string;
  /** Filings found to tag share counts in thousands or millions (accession -> factor). */
  private readonly shareScaleByAccn = new Map<string, number>();
  /** The values of the statement being resolved (for the notBelow guard of candidate()). */
  private currentValues: ReadonlyArray<number | null> | null = null;
  constructor(private readonly index: FactIndex, private readonly currency: string) {
    this.perShareUnit = `${currency}/shares`;
  }

  /**
   * The concept map reduced to what this company reports: concepts without facts in the field's
   * unit are dropped, and compositions that need a missing concept are dropped. Done once per
   * company so that resolving a period never looks up absent concepts.
   */
  prepare(mappings: readonly FieldMapping[], overrides: Readonly<Record<string, readonly ConceptRef[]>> | undefined): PreparedStatement {
    const slots = new Map<string, number>();
    for (let i = 0; i < mappings.length; i++) slots.set(mappings[i]!.field, i);
    const prepared: PreparedMapping[] = [];
    for (let slot = 0; slot < mappings.length; slot++) prepared.push(this.prepareMapping(mappings[slot]!, slot, slots, overrides));
    const shareChecks: Array<{ shares: number; eps: number }> = [];
    for (const [shares, eps] of SHARE_CHECKS) {
      const c = { shares: slots.get(shares) ?? -1, eps: slots.get(eps) ?? -1 };
      if (c.shares >= 0 && c.eps >= 0) shareChecks.push(c);
    }
    return {
      mappings: prepared,
      values: new FieldValues(prepared),
      shareChecks,
      netIncome: slots.get('is_net_income') ?? -1,
      earnForCommon: slots.get('is_earn_for_common') ?? -1,
    };
  }

  private prepareMapping(m: FieldMapping, slot: number, slots: ReadonlyMap<string, number>,
    overrides: Readonly<Record<string, readonly ConceptRef[]>> | undefined): PreparedMapping {
    const refs = overrides?.[m.field] ? [...overrides[m.field]!, ...m.concepts] : m.concepts;
    const compose: PreparedComposition[] = [];
    for (const c of m.compose ?? []) {
      const terms: PreparedTerm[] = [];
      let usable = true;
      for (const t of c.terms) {
        const kept: TermRef[] = [];
        for (const r of t.refs) {
          if (!r.includes(':')) kept.push({ name: r, slot: slotOf(slots, r), ref: null });
          else {
            const b = t.sign === 0 ? this.bindCondition(r, m.kind) : this.bind(r, 1, m.kind);
            if (b) kept.push({ name: r, slot: -1, ref: b });
          }
        }
        if (kept.length === 0) {
          if (t.optional || t.absent) continue; // an absence condition on concepts never reported holds
          usable = false;
          break;
        }
        if (t.same && kept.length !== 2) { usable = false; break; }
        terms.push(t.absent ? { refs: kept, sign: 0, optional: false, absent: true, same: false }
          : { refs: kept, sign: t.sign, optional: t.optional, absent: false, same: !!t.same });
      }
      if (usable && terms.length > 0) compose.push({ ratio: c.op === 'ratio', terms });
    }
    const concepts: PreparedRef[] = [];
    for (const r of refs) {
      const b = this.bind(r.concept, r.sign, m.kind);
      if (b) concepts.push(b);
    }
    return {
      field: m.field, slot, kind: m.kind, firstUnlessPartial: m.pick === 'first-unless-partial', neverLargest: m.neverLargest ?? [],
      nonNegativeDerived: !!m.nonNegativeDerived, nonNegative: !!m.nonNegative, outflow: !!m.outflow,
      sameScaleAs: slotOf(slots, m.sameScaleAs), notBelow: slotOf(slots, m.notBelow), closes: this.prepareCloses(m), reconcile: this.prepareReconcile(m), concepts, compose,
    };
  }

  private prepareCloses(m: FieldMapping): PreparedMapping['closes'] {
    if (!m.closes) return null;
    const total: PreparedRef[] = [];
    for (const c of m.closes.total) {
      const b = this.bind(c, 1, 'flow');
      if (b) total.push(b);
    }
    const lines: PreparedRef[] = [];
    for (const l of m.closes.lines) {
      const b = this.bind(l.concept, l.sign, 'flow');
      if (b) lines.push(b);
    }
    return total.length > 0 ? { total, lines } : null;
  }

  /**
   * The candidate that is the statement's line, for a year: in the filing that reports the
   * section's total for the period, the other lines it reports plus a set of candidates sum to
   * the total (within 0.2 %). The first-ranked candidate when it is in such a set; else, when
   * exactly one smallest set exists, its first-ranked candidate; otherwise (extension lines, no
   * total) null and the candidates keep their order.
   * Southern's 10-K for 2013: investing −5,742M closes with PaymentsToAcquireProductiveAssets
   * (5,868M), not with the segment note's PaymentsToAcquirePropertyPlantAndEquipment (5,331M);
   */
  private closingCandidate(m: PreparedMapping, ctx: PeriodContext): PreparedRef | null {
    const c = m.closes!;
    let total: Fact | null = null;
    for (const t of c.total) if ((total = this.duration(t.uf, ctx.startDay, ctx.endDay))) break;
    if (!total || total.startDay == null) return null;
    const accn = total.accn;
    const start = isoDate(total.startDay);
    const end = isoDate(total.endDay);
    const inFiling = (ref: PreparedRef): number | null => {
      const cols = ref.uf.cols;
      for (let i = 0; i < cols.length; i++) if (cols.accn[i] === accn && cols.end[i] === end && cols.start[i] === start) return cols.val[i]!;
      return null;
    };
    const cands: Array<{ ref: PreparedRef; amount: number }> = [];
    for (const ref of m.concepts) {
      const v = inFiling(ref);
      if (v !== null && v !== 0) cands.push({ ref, amount: Math.abs(v) });
    }
    if (cands.length < 2 || cands.length > 8) return null;
    // the filing of the total must state the candidate the order would take (a later 10-K's
    // comparative years may carry only some of the lines)
    let first: PreparedRef | null = null;
    for (const ref of m.concepts) if (this.duration(ref.uf, ctx.startDay, ctx.endDay)?.val) { first = ref; break; }
    if (first !== cands[0]!.ref) return null;
    let others = 0;
    for (const l of c.lines) {
      const v = inFiling(l);
      if (v !== null) others += l.sign * v;
    }
    const n = cands.length;
    const closing: number[] = [];
    for (let set = 1; set < 1 << n; set++) {
      let out = 0;
      for (let i = 0; i < n; i++) if (set & (1 << i)) out += cands[i]!.amount;
      if (Math.abs(others - out - total.val) <= 0.002 * Math.max(Math.abs(total.val), out)) closing.push(set);
    }
    if (closing.length === 0) return null;
    // the first-ranked candidate stays when it is a line of some closing set (Valero 2014: PP&E
    // 2,153M and turnarounds 649M close the section as its 2,802M of productive assets does)
    if (closing.some((set) => set & 1)) return cands[0]!.ref;
    let size = n + 1;
    for (const set of closing) size = Math.min(size, popCount(set));
    const smallest = closing.filter((set) => popCount(set) === size);
    if (smallest.length !== 1) return null;
    let line: PreparedRef | null = null;
    for (let i = 0; i < n && !line; i++) if (smallest[0]! & (1 << i)) line = cands[i]!.ref; // cands are in rank order
    // one definition through the year: a line the year's 10-Qs do not report while they report
    // the first-ranked candidate would leave the quarters without a value of the same concept
    // (Valero 2016: productive assets 1,996M, the 10-Qs' PP&E purchases 1,278M)
    if (line && this.reportedInQuarters(cands[0]!.ref, ctx) && !this.reportedInQuarters(line, ctx)) return null;
    // a part of the line (a segment note's sum, "other" property) is smaller than the line; a
    // smaller figure that closes the section nets a line that is on no standard concept
    // (Huntington Ingalls 2024: productive assets 353M = PP&E purchases 367M less grant proceeds)
    const amount = (ref: PreparedRef): number => cands.find((c) => c.ref === ref)!.amount;
    return line && amount(line) > amount(cands[0]!.ref) ? line : null;
  }

  /** The concept has a year-to-date value (3, 6 or 9 months) inside the period's fiscal year. */
  private reportedInQuarters(ref: PreparedRef, ctx: PeriodContext): boolean {
    for (let q = 0; q < 3; q++) {
      const end = ctx.fy.quarterEnds[q];
      if (end != null && this.duration(ref.uf, ctx.fy.startDay, end)) return true;
    }
    return false;
  }

  private prepareReconcile(m: FieldMapping): PreparedMapping['reconcile'] {
    if (!m.reconcile) return null;
    const change: PreparedRef[] = [];
    for (const c of m.reconcile.change) {
      const b = this.bind(c, 1, 'flow');
      if (b) change.push(b);
    }
    const componentWhen: PreparedRef[] = [];
    for (const c of m.reconcile.componentWhen) {
      const b = this.bind(c, 1, 'instant');
      if (b) componentWhen.push(b);
    }
    return {
      change, components: new Set(m.reconcile.components), componentWhen,
      totalsAreFlowEnd: this.totalsAreFlowEnd(m.reconcile.totals, m.reconcile.flowEnd), required: new Set(m.reconcile.required),
    };
  }

  /** Every date that reports both a total and the ending cash has them equal (at least one). */
  private totalsAreFlowEnd(totals: readonly string[], flowEnd: string): boolean {
    const end = this.bind(flowEnd, 1, 'instant');
    if (!end) return false;
    let both = 0;
    for (const t of totals) {
      const b = this.bind(t, 1, 'instant');
      if (!b) continue;
      for (const [day, f] of b.uf.instants) {
        const e = end.uf.instants.get(day);
        if (!e) continue;
        if (e.val !== f.val) return false;
        both++;
      }
    }
    return both > 0;
  }

  /**
   * Whether a balance candidate moves with the cash-flow statement: its value at the period end
   * minus its value the day before a period ending then starts equals the statement's net change
   * for that period (any of the change concepts, any period: year, year to date, quarter).
   * True or false when some period could be checked, null when none could.
   */
  private reconcilesWithChange(m: PreparedMapping, ref: PreparedRef, value: number, endDay: number): boolean | null {
    let checked = false;
    for (const ch of m.reconcile!.change) {
      const list = ch.uf.durationsByEnd.get(endDay);
      if (!list) continue;
      for (const f of list) {
        if (f.startDay == null) continue;
        const before = ref.uf.instants.get(f.startDay - 1);
        if (!before) continue;
        checked = true;
        if (Math.abs(value - ref.sign * before.val - f.val) <= Math.max(1000, 0.001 * Math.abs(value))) return true;
      }
    }
    return checked ? false : null;
  }

  /** Another candidate of the field has a value at the date that moves with the cash-flow
   *  statement: a component that does not is then skipped (Schlumberger's `Cash` line is off
   *  the statement's change by its 2M of restricted cash and has no other candidate: kept). */
  private anotherReconciles(m: PreparedMapping, skip: PreparedRef, endDay: number): boolean {
    for (const ref of m.concepts) {
      if (ref === skip) continue;
      const f = ref.uf.instants.get(endDay);
      if (f && this.reconcilesWithChange(m, ref, ref.sign * f.val, endDay) === true) return true;
    }
    return false;
  }

  /** A concept bound to this company's facts in the unit of `kind`, null when it has none. */
  private bind(concept: string, sign: 1 | -1, kind: FieldKind): PreparedRef | null {
    const uf = this.facts(concept, kind);
    return uf ? { concept, sign, uf, kind, payment: isPayment(concept) } : null;
  }

  /** A condition term (reported / not reported) may name a concept of another unit than the
   *  field (EPS conditioned on a discontinued-operations amount). */
  private bindCondition(concept: string, kind: FieldKind): PreparedRef | null {
    return this.bind(concept, 1, kind) ?? this.bind(concept, 1, 'flow') ?? this.bind(concept, 1, 'per_share') ?? this.bind(concept, 1, 'shares');
  }

  /** Amounts keep the latest filing's value; counts and per-share values the original one. */
  private facts(concept: string, kind: FieldKind): UnitFacts | null {
    return this.index.unitFacts(concept, this.unitFor(kind), kind === 'flow' || kind === 'instant' ? 'latest' : 'original');
  }

  unitFor(kind: FieldKind): string {
    if (kind === 'shares') return 'shares';
    if (kind === 'per_share' || kind === 'per_share_flow') return this.perShareUnit;
    return this.currency;
  }

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
  private balanceSheetVersion(uf: UnitFacts, f: Fact, day: number, strict: boolean): Fact | null {
    const accns = this.balanceSheetAccns().get(day);
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

  private bsAccns: Map<number, Set<string>> | null = null;
  /** Balance date -> accession numbers of the periodic filings whose balance sheet has that date. */
  private balanceSheetAccns(): Map<number, Set<string>> {
    if (this.bsAccns) return this.bsAccns;
    const out = new Map<number, Set<string>>();
    for (const concept of ['us-gaap:LiabilitiesAndStockholdersEquity', 'ifrs-full:EquityAndLiabilities', 'us-gaap:Assets', 'ifrs-full:Assets']) {
      if (out.size > 0) break; // the first concept the company reports decides
      const list = this.index.columns(concept, this.currency);
      if (!list) continue;
      for (let r = 0; r < list.length; r++) {
        if (list.start[r] !== null || !isPeriodicForm(list.form[r]!)) continue;
        const d = dayNumber(list.end[r]!);
        let set = out.get(d);
        if (!set) out.set(d, (set = new Set()));
        set.add(list.accn[r]!);
      }
    }
    return (this.bsAccns = out);
  }

  /** The kept duration fact of a concept for (start ±3 days, end). */
  /**
   * The kept duration fact of a concept for (start ±3 days, end). Facts whose starts differ by a
   * day or two state the same period (a 52/53-week filer restating a year from 2011-01-01 that
   * it first reported from 2010-12-31): among them the fact of the latest periodic filing wins
   * for amounts, the first for counts and per-share values (the unit's policy), then the
   * closest start.
   */
  private duration(uf: UnitFacts, startDay: number, endDay: number): Fact | null {
    const list = uf.durationsByEnd.get(endDay);
    if (!list) return null;
    let best: Fact | null = null;
    for (const f of list) {
      const d = Math.abs((f.startDay ?? 0) - startDay);
      if (d > START_TOLERANCE) continue;
      if (!best) { best = f; continue; }
      const later = f.filed > best.filed || (f.filed === best.filed && f.accn > best.accn);
      const sameFiling = f.filed === best.filed && f.accn === best.accn;
      if (sameFiling ? d < Math.abs((best.startDay ?? 0) - startDay) : later === (uf.policy === 'latest')) best = f;
    }
    return best;
  }

  private static reported(ref: PreparedRef, f: Fact): Resolved {
    const { concept, sign } = ref;
    if (f.val < 0 && sign < 0 && ref.payment) {
      return { val: -Math.abs(f.val), concept, fact: f, derivation: `${concept} tagged negative (${f.val}): a payment is an outflow`, prior: null };
    }
    return { val: sign * f.val + 0, concept, fact: f, derivation: null, prior: null };
  }

  /** Value of one concept for the period, with tenk's sign applied. */
  private concept(ref: PreparedRef, kind: FieldKind, ctx: PeriodContext, strict = false): Resolved | null {
    const uf = ref.uf;
    if (kind === 'instant') {
      const f = uf.instants.get(ctx.endDay);
      const v = f ? this.balanceSheetVersion(uf, f, ctx.endDay, strict) : null;
      return v ? PeriodResolver.reported(ref, v) : null;
    }
    const direct = this.duration(uf, ctx.startDay, ctx.endDay);
    if (direct && !(ctx.quarter > 1 && (kind === 'flow' || kind === 'per_share_flow') && this.isAnnualValueInQuarterContext(ref, uf, direct, ctx))) {
      return PeriodResolver.reported(ref, direct);
    }
    if (ctx.quarter < 2) return null;
    if (kind === 'flow' || kind === 'per_share_flow') return this.derivedQuarter(ref, uf, ctx);
    if (kind === 'shares') return this.derivedSharesQuarter(ref, uf, ctx);
    return null;
  }

  /**
   * A quarter's fact that carries exactly the year's value is a tagging error when the filings'
   * year-to-date values contradict it (Tractor Supply's fiscal 2022 10-K tags its 2020 annual
   * revenue, 10,620M, on the 2020 Q4 context, while FY − 9M = 2,878M): it is ignored so the
   * quarter is derived instead. A quarter the year-to-date values agree with, or that they cannot
   * check, is real and kept: a year's whole buyback, debt issue or declared dividend can fall in
   * one quarter (Walmart declares its annual dividend in its first quarter: 1.96 for fiscal 2016;
   * Abbott issued all of 2009's long-term debt in Q1). A first quarter is its own year-to-date
   * period, so it is never contradicted this way. Share counts and per-share values are exempt
   * (a flat share count gives the same average in a quarter and in the year).
   */
  private isAnnualValueInQuarterContext(ref: PreparedRef, uf: UnitFacts, f: Fact, ctx: PeriodContext): boolean {
    if (f.val === 0 || ctx.fy.endDay == null) return false;
    const year = this.duration(uf, ctx.fy.startDay, ctx.fy.endDay);
    if (!year || year.val !== f.val) return false;
    const derived = this.derivedQuarter(ref, uf, ctx);
    return derived !== null && derived.val !== PeriodResolver.reported(ref, f).val;
  }

  /**
   * A weighted-average share count is a time average, not a sum: the quarter's average follows
   * from two year-to-date averages weighted by their lengths in days,
   * Q(k) = (YTD(k) × days(k) − YTD(k−1) × days(k−1)) / (days(k) − days(k−1)).
   * A result that is not positive or far from the year-to-date count (a split between the two
   * filings) is refused.
   */
  private derivedSharesQuarter(ref: PreparedRef, uf: UnitFacts, ctx: PeriodContext): Resolved | null {
    const { fy, quarter: k } = ctx;
    const ytdEnd = k === 4 ? fy.endDay : fy.quarterEnds[k - 1];
    const prevEnd = fy.quarterEnds[k - 2];
    if (ytdEnd == null || prevEnd == null) return null;
    const ytd = this.duration(uf, fy.startDay, ytdEnd);
    const prev = this.duration(uf, fy.startDay, prevEnd);
    if (!ytd || !prev) return null;
    const d1 = ytdEnd - fy.startDay + 1;
    const d0 = prevEnd - fy.startDay + 1;
    const scale = this.shareScaleByAccn.get(ytd.accn) ?? 1;
    if ((this.shareScaleByAccn.get(prev.accn) ?? 1) !== scale) return null;
    const raw = (ytd.val * d1 - prev.val * d0) / (d1 - d0);
    if (!(raw > 0) || raw / ytd.val < 0.5 || raw / ytd.val > 2) return null;
    const val = Math.round(raw * scale);
    return {
      val, concept: ref.concept, fact: ytd, prior: prev,
      derivation: `Q${k} = (${YTD_NAMES[k]} x ${d1}d - ${YTD_NAMES[k - 1]} x ${d0}d) / ${d1 - d0}d (${ref.concept}, time-weighted average)${scale > 1 ? `, x${scale}: filed in ${scale === 1000 ? 'thousands' : 'millions'}` : scale < 1 ? `, / ${Math.round(1 / scale)}: filed ${Math.round(1 / scale)} times too many` : ''}`,
    };
  }

  /**
   * Q(k) = YTD(k) − YTD(k−1), same concept, same fiscal-year start, and one vintage: when a
   * later filing restated the longer period (a 10-K recasting the year for a discontinued
   * business), subtracting a shorter period that was never restated would book the whole
   * restatement in one quarter (Jacobs' fiscal 2022 "Q4 revenue" of −1.26 billion). So when
   * only the longer period was restated, it is taken as originally reported; when both were
   * restated, both latest values are used (same basis); and the shorter period's value is always
   * the one on file when the longer period's value was filed.
   */
  private derivedQuarter(ref: PreparedRef, uf: UnitFacts, ctx: PeriodContext): Resolved | null {
    const { fy, quarter: k } = ctx;
    const ytdEnd = k === 4 ? fy.endDay : fy.quarterEnds[k - 1];
    if (ytdEnd == null) return null;
    const latest = this.duration(uf, fy.startDay, ytdEnd);
    if (!latest) return null;
    const prevEnd = fy.quarterEnds[k - 2];
    if (prevEnd == null) return null;
    const prevYtd = this.duration(uf, fy.startDay, prevEnd);
    const ytd = latest.versions && !prevYtd?.versions ? latest.versions[0]! : latest;
    // Payments are positive by definition: one filing's negative tag is a sign error, so
    // year-to-date payments are subtracted as magnitudes.
    const amount = ref.sign < 0 && ref.payment ? Math.abs : identity;
    let prevVal: number | null = null;
    let prevName: string = YTD_NAMES[k - 1]!;
    let prior: Fact | null = null;
    if (prevYtd) {
      prior = asOf(prevYtd, ytd.filed);
      prevVal = amount(prior.val);
    }
    else {
      // No year-to-date value for the previous quarter end: the sum of the reported discrete
      // quarters before this one, when every one of them is reported.
      let sum = 0;
      for (let q = 1; q < k; q++) {
        const qEnd = fy.quarterEnds[q - 1];
        const qStart = q === 1 ? fy.startDay : fy.quarterEnds[q - 2];
        if (qEnd == null || qStart == null) return null;
        const f = this.duration(uf, q === 1 ? qStart : qStart + 1, qEnd);
        if (!f) return null;
        sum += amount(asOf(f, ytd.filed).val);
      }
      prevVal = sum;
      prevName = k === 2 ? 'Q1' : k === 3 ? 'Q1 - Q2' : 'Q1 - Q2 - Q3';
    }
    return {
      val: roundValue(ref.sign * (amount(ytd.val) - prevVal)), concept: ref.concept, fact: ytd, prior,
      derivation: `Q${k} = ${YTD_NAMES[k]} - ${prevName} (${ref.concept})${ytd !== latest ? ', as originally reported' : ''}`,
    };
  }

  /** Resolve every mapped field of one period: concepts first, then compositions to a fixpoint.
   *  The result is statement.values, valid until the statement's next period is resolved. */
  resolveFields(statement: PreparedStatement, ctx: PeriodContext): FieldValues {
    const values = statement.values;
    values.clear();
    const vals = values.vals;
    this.currentValues = vals;
    const mappings = statement.mappings;
    for (const m of mappings) {
      if (vals[m.slot] != null || m.concepts.length === 0) continue;
      const anchor = m.sameScaleAs >= 0 ? vals[m.sameScaleAs] ?? null : null;
      let chosen: Resolved | null = null;
      // A quarter takes its flows from the concept of its fiscal year's annual value when that
      // concept reports the quarter, so the four quarters add up to the year: Crown Castle's
      // 10-Qs tag no 3-month NetIncomeLoss, and the next candidate (income available to common
      // stockholders, after preferred dividends) made Q1–Q3 of 2019 sum with a Q4 of net income.
      const annualConcept = ctx.quarter > 0 && m.kind === 'flow' ? ctx.annualConcepts?.[m.field] : undefined;
      const sameAsYear = annualConcept ? refOf(m.concepts, annualConcept) : undefined;
      if (sameAsYear) chosen = this.candidate(m, sameAsYear, ctx, anchor);
      // Otherwise another concept may give the quarter only if it describes the same total: where
      // it reports the year too, within 10 % of the year's concept (Valero's 10-Qs tag only a
      // small oil-and-gas part of its capex, Dow's an exploration line; Crown Castle's income
      // available to common stockholders is close to its net income and is kept).
      const year: YearCheck | null = sameAsYear && !chosen && ctx.fy.endDay != null ? { ref: sameAsYear, total: undefined } : null;
      if (chosen) { /* taken from the year's concept */ } else if (m.firstUnlessPartial) {
        let first: Resolved | null = null;
        let largest: Resolved | null = null;
        for (const ref of m.concepts) {
          const r = !year || this.agreesWithYear(m, ref, ctx, year) ? this.candidate(m, ref, ctx, anchor) : null;
          if (!r) continue;
          first ??= r;
          if (m.neverLargest.includes(ref.concept)) continue;
          if (!largest || r.val > largest.val) largest = r;
        }
        chosen = first && largest && largest.val > 1.5 * first.val && first.val >= 0
          && this.partialOverTime(m, first.concept!, largest.concept!) !== false ? largest : first;
      } else if (m.closes && ctx.quarter === 0 && (chosen = this.closingLine(m, ctx, anchor))) {
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
            chosen = !year || this.agreesWithYear(m, ref, ctx, year) ? this.candidate(m, ref, ctx, anchor, strict) : null;
            if (chosen && chosen.val === 0) { zero ??= chosen; chosen = null; continue; }
            if (chosen) break;
          }
          chosen ??= zero;
          if (chosen) break;
        }
      }
      if (chosen) values.set(m.slot, chosen.val, provenanceOf(chosen, this.unitFor(m.kind)));
    }
    this.repairShareScale(statement, values);
    for (let pass = 0; pass < 4; pass++) {
      let changed = false;
      for (const m of mappings) {
        if (vals[m.slot] != null || m.compose.length === 0) continue;
        for (const c of m.compose) {
          const r = c.ratio ? this.ratio(m, c.terms, ctx, vals) : this.compose(m, c.terms, ctx, vals, mappings);
          if (r && r.val < 0 && (m.nonNegative || m.nonNegativeDerived)) continue;
          if (r) { values.set(m.slot, r.val, provenanceOf(r, this.unitFor(m.kind))); changed = true; break; }
        }
      }
      if (!changed) break;
    }
    return values;
  }

  private closingLine(m: PreparedMapping, ctx: PeriodContext, anchor: number | null): Resolved | null {
    const ref = this.closingCandidate(m, ctx);
    return ref ? this.candidate(m, ref, ctx, anchor) : null;
  }

  /** Per first-unless-partial mapping and first concept: whether the company's years take the largest candidate. */
  private readonly partialDecisions = new Map<string, boolean | null>();

  /**
   * One definition per company over time: whether the first concept is a part of the field for
   * this company beside the other, decided once per pair over its fiscal years (annual
   * durations) where the first concept is the first candidate reported and the other is
   * reported too: false when at least two thirds of them keep the first (the other is not more
   * than 1.5 times it), true when at least two thirds take the other, null otherwise (each
   * period decides: a filer that tagged a segment line with the total's concept for some years
   * and the total later, P&G's `Revenues` 2012–2014 against 2015–2018). EQT's `Revenues` (total
   * revenues after derivative gains and losses) is its income statement's line; its sales of
   * natural gas (contract revenue) exceed 1.5 times it only in 2021 and 2022, of seven years:
   * the line is kept throughout instead of switching definitions. General Mills' `Revenues` is a
   * note's line in every year: the total is taken throughout.
   */
  private partialOverTime(m: PreparedMapping, firstConcept: string, otherConcept: string): boolean | null {
    const key = `${m.field} ${firstConcept} ${otherConcept}`;
    const known = this.partialDecisions.get(key);
    if (known !== undefined) return known;
    const years = new Map<number, number>(); // endDay -> startDay of the annual durations of the candidates
    for (const ref of m.concepts) {
      for (const [endDay, facts] of ref.uf.durationsByEnd) {
        for (const f of facts) if (f.startDay != null && within(endDay - f.startDay, YEAR_DAYS)) years.set(endDay, f.startDay);
      }
    }
    let fired = 0;
    let kept = 0;
    for (const [endDay, startDay] of years) {
      let first: number | null = null;
      let firstRef: PreparedRef | null = null;
      let other: number | null = null;
      for (const ref of m.concepts) {
        const f = this.duration(ref.uf, startDay, endDay);
        if (!f) continue;
        const v = ref.sign * f.val;
        if (firstRef === null) { firstRef = ref; first = v; }
        if (ref.concept === otherConcept) other = v;
      }
      if (firstRef?.concept !== firstConcept || first === null || other === null) continue;
      if (other > 1.5 * first && first >= 0) fired++;
      else kept++;
    }
    const decision = fired >= 2 * kept ? true : kept >= 2 * fired ? false : null;
    this.partialDecisions.set(key, decision);
    return decision;
  }

  /** A quarter's candidate other than its year's concept describes the same total: where it
   *  reports the year too, it is within 10 % of the year's concept (see resolveFields). */
  private agreesWithYear(m: PreparedMapping, ref: PreparedRef, ctx: PeriodContext, year: YearCheck): boolean {
    if (ref === year.ref) return true;
    const yearCtx: PeriodContext = { fy: ctx.fy, quarter: 0, startDay: ctx.fy.startDay, endDay: ctx.fy.endDay!, annualConcepts: null };
    if (year.total === undefined) year.total = this.concept(year.ref, m.kind, yearCtx)?.val ?? null;
    if (year.total == null) return true;
    const v = this.concept(ref, m.kind, yearCtx)?.val;
    return v == null || Math.abs(v - year.total) <= 0.1 * Math.abs(year.total);
  }

  /** One candidate concept's value for the period, or null when a plausibility guard refuses it. */
  private candidate(m: PreparedMapping, ref: PreparedRef, ctx: PeriodContext, anchor: number | null, strict = false): Resolved | null {
    const r = this.concept(ref, m.kind, ctx, strict);
    if (!r) return null;
    if (r.val < 0 && (m.nonNegative || (m.nonNegativeDerived && r.derivation))) return null;
    if (r.val > 0 && m.outflow && r.derivation?.startsWith('Q')) return null;
    // A share count is positive: Constellation Energy tags 0 weighted diluted shares for 2020,
    // before it was a listed company; Ball 0 shares outstanding at 2021-12-31. Null, never 0.
    if (m.kind === 'shares' && !(r.val > 0)) return null;
    if (anchor != null && Math.abs(anchor) >= 1e6 && Math.abs(r.val) * 100 < Math.abs(anchor)) return null;
    if (m.reconcile && m.reconcile.required.has(ref.concept) && this.reconcilesWithChange(m, ref, r.val, ctx.endDay) !== true) return null;
    if (m.reconcile && m.reconcile.components.has(ref.concept) && (m.reconcile.totalsAreFlowEnd || m.reconcile.componentWhen.some((e) => !!e.uf.instants.get(ctx.endDay)?.val))
      && this.reconcilesWithChange(m, ref, r.val, ctx.endDay) === false && this.anotherReconciles(m, ref, ctx.endDay)) return null;
    if (m.notBelow >= 0) {
      const floor = this.currentValues?.[m.notBelow];
      if (floor != null && r.val < floor) return null;
    }
    return r;
  }

  /**
   * Share counts tagged in thousands or millions (McDonald's tags 721.9 diluted shares for 2024,
   * Brown & Brown 277,414 for 2021): when net income / (shares × EPS) is 1,000 or 1,000,000
   * within 5 %, the count is scaled and the filing remembered, so the quarters derived from its
   * year-to-date counts are scaled too.
   */
  private repairShareScale(statement: PreparedStatement, values: FieldValues): void {
    const { vals, provs } = values;
    if (statement.shareChecks.length === 0) return;
    const income = (statement.earnForCommon >= 0 ? vals[statement.earnForCommon] : null) ?? (statement.netIncome >= 0 ? vals[statement.netIncome] : null);
    if (income == null || income === 0) return;
    for (const { shares: sharesSlot, eps: epsSlot } of statement.shareChecks) {
      const sharesField = statement.mappings[sharesSlot]!.field;
      const epsField = statement.mappings[epsSlot]!.field;
      const shares = vals[sharesSlot];
      const eps = vals[epsSlot];
      const prov = provs[sharesSlot];
      if (shares == null || eps == null || eps === 0 || !prov) continue;
      // A derived count (a Q4 from the year and nine months) is never rescaled itself, but it can
      // still show that the EPS was filed in millionths (Intercontinental Exchange's 10-K for 2013
      // tags its fourth-quarter EPS as -1,850,000).
      const sharesDerived = prov.derivation !== undefined;
      const ratio = income / (shares * eps);
      // EPS is rounded to cents: a small EPS carries a large relative error (Host Hotels' −0.02).
      const tolerance = Math.min(0.4, 0.05 + 0.006 / Math.abs(eps));
      const epsProv = provs[epsSlot];
      for (const factor of [1000, 1_000_000]) {
        // Shares tagged a thousand or a million times too many (Sherwin-Williams' 2009 10-K:
        // 127,222,007,000 weighted shares for 2007): net income / (shares × EPS) is 1 / factor
        // and the EPS is an ordinary one (below 1,000), or the count is more than any company
        // has, so the EPS is not the one mis-scaled (Berkshire's EPS is in the thousands).
        if (!sharesDerived && Math.abs(ratio * factor - 1) <= tolerance && shares / factor >= MIN_PLAUSIBLE_SHARES
          && (Math.abs(eps) < 1000 || shares > MAX_PLAUSIBLE_SHARES)) {
          values.set(sharesSlot, Math.round(shares / factor),
            { ...prov, derivation: `${sharesField} = ${prov.concept} / ${factor} (filed ${factor} times too many: net income / EPS = ${Math.round(income / eps)})` });
          if (prov.accn) this.shareScaleByAccn.set(prov.accn, 1 / factor);
          break;
        }
        // EPS tagged in millionths or thousandths of the currency (Halliburton's 10-Qs for
        // 2021 give diluted EPS 260000 for 0.26): net income / (shares × EPS) is 1 / factor.
        const scaledEps = eps / factor;
        const epsTolerance = Math.min(0.4, 0.05 + 0.006 / Math.abs(scaledEps));
        if (Math.abs(ratio * factor - 1) <= epsTolerance && Math.abs(eps) >= 1000 && shares <= MAX_PLAUSIBLE_SHARES && epsProv && !epsProv.derivation) {
          values.set(epsSlot, Math.round(scaledEps * 100) / 100,
            { ...epsProv, derivation: `${epsField} = ${epsProv.concept} / ${factor} (filed in ${factor === 1000 ? 'thousandths' : 'millionths'}: net income / shares = ${(income / shares).toFixed(2)})` });
          break;
        }
        if (!sharesDerived && Math.abs(ratio / factor - 1) <= tolerance) {
          values.set(sharesSlot, Math.round(shares * factor),
            { ...prov, derivation: `${sharesField} = ${prov.concept} x ${factor} (filed in ${factor === 1000 ? 'thousands' : 'millions'}: net income / EPS = ${Math.round(income / eps)})` });
          if (prov.accn) this.shareScaleByAccn.set(prov.accn, factor);
        }
      }
    }
  }

  private compose(m: PreparedMapping, terms: readonly PreparedTerm[], ctx: PeriodContext, values: ReadonlyArray<number | null>,
    mappings: readonly PreparedMapping[]): Resolved | null {
    let total = 0;
    let present = 0;
    const parts: string[] = [];
    const conditions: string[] = [];
    const equalities: string[] = [];
    const absentNames: string[] = [];
    for (const t of terms) {
      if (t.same) {
        const a = values[t.refs[0]!.slot];
        const b = values[t.refs[1]!.slot];
        if (a != null && b != null) {
          if (a !== b) return null;
          equalities.push(`${t.refs[0]!.name} = ${t.refs[1]!.name}`);
          continue;
        }
        const ytd = this.sameOverYearToDate(mappings[t.refs[0]!.slot]!, mappings[t.refs[1]!.slot]!, ctx);
        if (!ytd) return null;
        equalities.push(`${t.refs[0]!.name} = ${t.refs[1]!.name} ${ytd}`);
        continue;
      }
      const found = this.termValue(m, t, ctx, values);
      if (t.absent) {
        if (found) return null;
        absentNames.push(t.refs[0]!.name);
        continue;
      }
      if (!found) {
        if (t.optional) continue;
        return null;
      }
      if (t.sign === 0) { conditions.push(found.name); continue; }
      present++;
      total += t.sign * found.val;
      parts.push(`${parts.length === 0 ? (t.sign < 0 ? '-' : '') : t.sign < 0 ? '- ' : '+ '}${found.name}`);
    }
    if (present === 0) return null;
    const given = (conditions.length ? ` (${conditions.join(', ')} reported)` : '')
      + (equalities.length ? ` (${equalities.join(', ')})` : '')
      + (absentNames.length ? ` (no ${absentNames.join(', ')} reported)` : '');
    return { val: roundValue(total), concept: null, fact: null, derivation: `${m.field} = ${parts.join(' ')}${given}`, prior: null };
  }

  /**
   * A quarter derived from year-to-date periods (Q2–Q4 without a 3-month value) has no reported
   * per-share values of its own: two per-share fields are equal there when the filer reports
   * them equal for both year-to-date periods the quarter lies between (Exxon Mobil's basic and
   * diluted EPS for 2024 and its first nine months: nothing dilutes in Q4 either). Returns the
   * wording for the derivation, or null.
   */
  private sameOverYearToDate(a: PreparedMapping, b: PreparedMapping, ctx: PeriodContext): string | null {
    const { fy, quarter: k } = ctx;
    if (k < 2) return null;
    const ends = [k === 4 ? fy.endDay : fy.quarterEnds[k - 1], fy.quarterEnds[k - 2]];
    for (const end of ends) {
      if (end == null) return null;
      const va = this.firstReported(a, fy.startDay, end);
      const vb = this.firstReported(b, fy.startDay, end);
      if (va == null || vb == null || va !== vb) return null;
    }
    return `(as reported for ${YTD_NAMES[k]} and ${YTD_NAMES[k - 1]})`;
  }

  /** The first of a mapping's concepts reported for a duration (no derivation), with its sign. */
  private firstReported(m: PreparedMapping, startDay: number, endDay: number): number | null {
    for (const ref of m.concepts) {
      const f = this.duration(ref.uf, startDay, endDay);
      if (f) return ref.sign * f.val;
    }
    return null;
  }

  private termValue(m: PreparedMapping, t: PreparedTerm, ctx: PeriodContext, values: ReadonlyArray<number | null>): { val: number; name: string } | null {
    for (const { name, slot, ref } of t.refs) {
      if (ref === null) {
        const v = values[slot];
        if (v != null) return { val: v, name };
      } else {
        const r = this.concept(ref, ref.kind, ctx);
        if (r) return { val: r.val, name };
      }
    }
    return null;
  }

  /** Per-share value from an amount and a share count, in cents as companies report EPS. */
  private ratio(m: PreparedMapping, terms: readonly PreparedTerm[], ctx: PeriodContext, values: ReadonlyArray<number | null>): Resolved | null {
    const num = this.termValue(m, terms[0]!, ctx, values);
    const den = this.termValue(m, terms[1]!, ctx, values);
    if (!num || !den || !(den.val > 0)) return null;
    return { val: Math.round((num.val / den.val) * 100) / 100, concept: null, fact: null, derivation: `${m.field} = ${num.name} / ${den.name}`, prior: null };
  }
}

/**
 * Concepts that are payments by definition (positive amounts of cash paid: PaymentsToAcquire…,
 * PaymentsOfDividends…, PaymentsForRepurchase…, Repayments…), not net amounts
 * (PaymentsForProceedsFrom…). Corteva tags PaymentsOfDividends = −194M for 2019 and Crown
 * Castle's 10-K for 2019 its quarterly PaymentsToAcquireProductiveAssets negative.
 */
const PAYMENT = /^us-gaap:(Payments(To|Of|For)(?!ProceedsFrom)|Repayments)/;
export function isPayment(concept: string): boolean {
  return PAYMENT.test(concept);
}

/** The prepared ref of a concept (Array.find without a closure made per call). */
function refOf(refs: readonly PreparedRef[], concept: string): PreparedRef | undefined {
  for (let i = 0; i < refs.length; i++) if (refs[i]!.concept === concept) return refs[i];
  return undefined;
}

function popCount(x: number): number {
  let n = 0;
  for (; x; x &= x - 1) n++;
  return n;
}

function identity(v: number): number {
  return v;
}

/** The version of a period's fact that was on file at a date (the oldest when none was yet). */
function asOf(f: Fact, filed: string): Fact {
  if (!f.versions) return f;
  let best = f.versions[0]!;
  for (const v of f.versions) if (v.filed <= filed) best = v;
  return best;
}

/** Differences of per-share values carry binary noise (0.1 + 0.2); keep 10 significant digits. */
export function roundValue(v: number): number {
  if (Number.isInteger(v)) return v + 0; // + 0 turns −0 (a negated reported zero) into 0
  return Number(v.toPrecision(12));
}
