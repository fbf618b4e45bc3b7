// The concept map, as data: per standardized field, the ordered XBRL concepts that report it
// (us-gaap and ifrs-full), the sign that turns each into tenk's convention (cash outflows
// negative), and composition rules that derive the field from other fields or concepts when no
// concept reports it. The resolver tries concepts first, in order, then compositions, in order.
// This file assembles the statement tables beside it (which never import it) into one map.
import { G, pos } from './builders.js';
import type { ConceptRef, FieldMapping } from './mapping-types.js';
import { AUX_INPUT_MAPPINGS } from './aux-inputs.js';
import { BALANCE_SHEET_MAPPINGS } from './balance-sheet.js';
import { CASH_FLOW_MAPPINGS } from './cash-flow.js';
import { INCOME_STATEMENT_MAPPINGS } from './income-statement.js';

/** Every field's mapping, statement by statement (a field's slot is its index in its statement's mappings). */
export const CONCEPT_MAP: readonly FieldMapping[] = [...INCOME_STATEMENT_MAPPINGS, ...BALANCE_SHEET_MAPPINGS, ...CASH_FLOW_MAPPINGS, ...AUX_INPUT_MAPPINGS];

/**
 * Per-company overrides keyed by 10-digit CIK: concepts tried before the standard ones for a
 * field. Only where a real company needs it; each entry says why.
 */
export const COMPANY_OVERRIDES: Readonly<Record<string, Readonly<Record<string, readonly ConceptRef[]>>>> = {
  // Prologis tags CommonStockDividendsPerShareDeclared as 0.01 for 2024 (a tagging error: the
  // 10-K declares $3.84); the cash-paid per-share concept carries the real amount.
  '0001045609': { div_per_shr: pos(G('CommonStockDividendsPerShareCashPaid')) },
};

/** Every concept named anywhere in the map (for the unmapped report). */
export function mappedConcepts(): Set<string> {
  const out = new Set<string>();
  const add = (ref: string): void => { if (ref.includes(':')) out.add(ref); };
  for (const m of CONCEPT_MAP) {
    for (const c of m.concepts) add(c.concept);
    for (const comp of m.compose ?? []) for (const t of comp.terms) for (const r of t.refs) add(r);
    for (const c of [...m.closes?.total ?? [], ...(m.closes?.lines ?? []).map((l) => l.concept)]) add(c);
    if (m.reconcile) for (const c of [...m.reconcile.change, ...m.reconcile.componentWhen, ...m.reconcile.totals, m.reconcile.flowEnd]) add(c);
    for (const c of [...(m.statementLines ?? []).flat(), ...(m.netOfTaxes ?? [])]) add(c);
    // the working-capital lines a field sums, and the current parts a noncurrent 0 is checked against:
    // read too (the ingest's selective reader keeps only these concepts' facts)
    for (const alternatives of m.sumsLines?.lines ?? []) for (const a of alternatives) add(a.concept);
    for (const c of m.currentPart ?? []) add(c);
    // the section total and lines a balance field is checked against (lineOf: receivables that are no line)
    for (const c of [...m.lineOf?.total ?? [], ...(m.lineOf?.lines ?? []).flat()]) add(c);
  }
  for (const o of Object.values(COMPANY_OVERRIDES)) for (const refs of Object.values(o)) for (const c of refs) add(c.concept);
  return out;
}
