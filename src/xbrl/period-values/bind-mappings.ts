// The concept map reduced to what one company reports (PeriodResolver.prepare): concepts bound to
// the company's facts in the field's unit, compositions, section and cash checks, share checks.
import type { UnitFacts } from '../fact.js';
import type { ConceptRef, FieldKind, FieldMapping } from '../concept-map/mapping-types.js';
import { FieldValues, type PreparedComposition, type PreparedMapping, type PreparedRef, type PreparedStatement, type PreparedTerm, type TermRef } from './prepared-mapping.js';
import { unitFor, type ResolverState } from './resolver-state.js';
import { SHARE_CHECKS } from './share-scale-repair.js';

/** The slot of a field of the same statement (-1 for none). */
function slotOf(slots: ReadonlyMap<string, number>, field: string | undefined): number {
  if (field === undefined) return -1;
  const slot = slots.get(field);
  if (slot === undefined) throw new Error(`concept map: ${field} is not a field of the same statement`);
  return slot;
}

/**
 * The concept map reduced to what this company reports: concepts without facts in the field's
 * unit are dropped, and compositions that need a missing concept are dropped. Done once per
 * company so that resolving a period never looks up absent concepts.
 */
export function prepareStatement(s: ResolverState, mappings: readonly FieldMapping[], overrides: Readonly<Record<string, readonly ConceptRef[]>> | undefined): PreparedStatement {
  const slots = new Map<string, number>();
  for (let i = 0; i < mappings.length; i++) slots.set(mappings[i]!.field, i);
  const prepared: PreparedMapping[] = [];
  for (let slot = 0; slot < mappings.length; slot++) prepared.push(prepareMapping(s, mappings[slot]!, slot, slots, overrides));
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

function prepareMapping(s: ResolverState, m: FieldMapping, slot: number, slots: ReadonlyMap<string, number>,
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
          const b = t.sign === 0 ? bindCondition(s, r, m.kind) : bind(s, r, 1, m.kind);
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
    const b = bind(s, r.concept, r.sign, m.kind);
    if (b) concepts.push(b);
  }
  return {
    field: m.field, slot, kind: m.kind, firstUnlessPartial: m.pick === 'first-unless-partial', neverLargest: m.neverLargest ?? [],
    nonNegativeDerived: !!m.nonNegativeDerived, nonNegative: !!m.nonNegative, outflow: !!m.outflow,
    sameScaleAs: slotOf(slots, m.sameScaleAs), notBelow: slotOf(slots, m.notBelow), closes: prepareCloses(s, m), currentPart: bindAll(s, m.currentPart ?? [], 'instant'), lineOf: prepareLineOf(s, m),
    sumsLines: prepareSumsLines(s, m, slots), reconcile: prepareReconcile(s, m),
    statementLines: prepareLines(s, m), netOfTaxes: bindAll(s, m.netOfTaxes ?? [], 'flow'), concepts, nonPeriodic: anyNonPeriodic(s, concepts), compose,
  };
}

const PERIODIC_FORM = /^(10-K|10-Q|20-F|40-F|10-KT|10-QT)(\/A)?$/;
/** Some concept has a usable fact from a non-periodic form. */
function anyNonPeriodic(s: ResolverState, refs: readonly PreparedRef[]): boolean {
  return traced(s, nonPeriodicFacts(refs));
}

function nonPeriodicFacts(refs: readonly PreparedRef[]): boolean {
  for (const r of refs) for (const form of r.uf.cols.form) if (!PERIODIC_FORM.test(form)) return true;
  return false;
}

/** `answer`, appended to the state's bind trace when it keeps one (every answer binding takes from the facts goes through here). */
function traced<T extends boolean>(s: ResolverState, answer: T): T {
  s.bindTrace?.push(answer ? 1 : 0);
  return answer;
}

/** The statement-line sums whose every concept the company reports. */
function prepareLines(s: ResolverState, m: FieldMapping): PreparedMapping['statementLines'] {
  const out: PreparedRef[][] = [];
  for (const sum of m.statementLines ?? []) {
    const refs = bindAll(s, sum, 'flow');
    if (refs.length === sum.length) out.push(refs);
  }
  return out;
}

function prepareCloses(s: ResolverState, m: FieldMapping): PreparedMapping['closes'] {
  if (!m.closes) return null;
  const total: PreparedRef[] = [];
  for (const c of m.closes.total) {
    const b = bind(s, c, 1, 'flow');
    if (b) total.push(b);
  }
  const lines: PreparedRef[] = [];
  for (const l of m.closes.lines) {
    const b = bind(s, l.concept, l.sign, 'flow');
    if (b) lines.push(b);
  }
  return total.length > 0 ? { total, lines } : null;
}

/** The section a balance field is a line of (FieldMapping.lineOf), as the company reports it: null
 *  when it reports none of the section's totals. */
function prepareLineOf(s: ResolverState, m: FieldMapping): PreparedMapping['lineOf'] {
  if (!m.lineOf) return null;
  const total = bindAll(s, m.lineOf.total, 'instant');
  return total.length > 0 ? { total, lines: m.lineOf.lines.map((g) => bindAll(s, g, 'instant')) } : null;
}

/** The concepts of a list that the company reports, bound as `kind`. */
function bindAll(s: ResolverState, concepts: readonly string[], kind: FieldKind): PreparedRef[] {
  const out: PreparedRef[] = [];
  for (const c of concepts) {
    const b = bind(s, c, 1, kind);
    if (b) out.push(b);
  }
  return out;
}

function prepareSumsLines(s: ResolverState, m: FieldMapping, slots: ReadonlyMap<string, number>): PreparedMapping['sumsLines'] {
  if (!m.sumsLines) return null;
  const lines: PreparedRef[][] = [];
  for (const alternatives of m.sumsLines.lines) {
    const bound: PreparedRef[] = [];
    for (const a of alternatives) {
      const b = bind(s, a.concept, a.sign, 'flow');
      if (b) bound.push(b);
    }
    if (bound.length > 0) lines.push(bound);
  }
  return lines.length > 0 ? { anchor: slotOf(slots, m.sumsLines.anchor), lines } : null;
}

function prepareReconcile(s: ResolverState, m: FieldMapping): PreparedMapping['reconcile'] {
  if (!m.reconcile) return null;
  const change: PreparedRef[] = [];
  for (const c of m.reconcile.change) {
    const b = bind(s, c, 1, 'flow');
    if (b) change.push(b);
  }
  const componentWhen: PreparedRef[] = [];
  for (const c of m.reconcile.componentWhen) {
    const b = bind(s, c, 1, 'instant');
    if (b) componentWhen.push(b);
  }
  return {
    change, components: new Set(m.reconcile.components), componentWhen,
    totalsAreFlowEnd: traced(s, totalsAreFlowEnd(s, m.reconcile.totals, m.reconcile.flowEnd)), required: new Set(m.reconcile.required),
  };
}

/** Every date that reports both a total and the ending cash has them equal (at least one). */
function totalsAreFlowEnd(s: ResolverState, totals: readonly string[], flowEnd: string): boolean {
  const end = bind(s, flowEnd, 1, 'instant');
  if (!end) return false;
  let both = 0;
  for (const t of totals) {
    const b = bind(s, t, 1, 'instant');
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

/** A concept bound to this company's facts in the unit of `kind`, null when it has none. */
function bind(s: ResolverState, concept: string, sign: 1 | -1, kind: FieldKind): PreparedRef | null {
  const uf = facts(s, concept, kind);
  return uf ? { concept, sign, uf, kind, payment: isPayment(concept) } : null;
}

/** A condition term (reported / not reported) may name a concept of another unit than the
 *  field (EPS conditioned on a discontinued-operations amount). */
function bindCondition(s: ResolverState, concept: string, kind: FieldKind): PreparedRef | null {
  return bind(s, concept, 1, kind) ?? bind(s, concept, 1, 'flow') ?? bind(s, concept, 1, 'per_share') ?? bind(s, concept, 1, 'shares');
}

/** Amounts keep the latest filing's value; counts and per-share values the original one. */
function facts(s: ResolverState, concept: string, kind: FieldKind): UnitFacts | null {
  const uf = s.index.unitFacts(concept, unitFor(s, kind), kind === 'flow' || kind === 'instant' ? 'latest' : 'original');
  traced(s, uf !== null);
  return uf;
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
