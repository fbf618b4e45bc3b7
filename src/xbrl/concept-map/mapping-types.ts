// The shape of the concept map: a field's kind, its ordered concepts with signs, compositions and
// the checks (section closing, cash reconciliation) the resolver applies to its candidates.
import type { StatementType } from '../../model/record-types.js';

/** flow: additive over time (quarters derive from YTD differences); instant: balance at a date;
 *  per_share and shares: durations that are not additive (quarters only as reported);
 *  per_share_flow: a per-share amount that adds up over quarters (dividends declared per share). */
export type FieldKind = 'flow' | 'instant' | 'per_share' | 'per_share_flow' | 'shares';

/** A concept with the sign applied to its value (−1 turns a reported payment into an outflow). */
export interface ConceptRef { concept: string; sign: 1 | -1 }

/** One term of a composition: a field name or a concept ("us-gaap:X"); alternatives are tried in order.
 *  `same`: a condition that the two fields of `refs` both have a value and the values are equal. */
export interface Term { refs: readonly string[]; sign: 1 | -1 | 0; optional: boolean; absent?: boolean; same?: boolean }

/** sum: Σ sign × term (sign 0: a condition, the term must be reported but adds nothing);
 *  ratio: first term / second term, rounded to cents (per-share values). */
export interface Composition { op?: 'sum' | 'ratio'; terms: readonly Term[] }

export interface FieldMapping {
  field: string;
  statement: StatementType;
  kind: FieldKind;
  /** first: the first concept with a value wins (default). first-unless-partial: the first
   *  concept wins unless another candidate is more than 1.5 times as large — then the largest
   *  wins (a filer that tags one line of a note with the total's concept). */
  pick?: 'first' | 'first-unless-partial';
  /** Concepts that never replace the first under first-unless-partial (gross amounts that are
   *  larger by nature: revenue including excise taxes). */
  neverLargest?: readonly string[];
  /** A quarter derived as a year-to-date difference must not be negative (revenue, cost of
   *  revenue): a negative result means the two inputs are on different bases (a year recast for
   *  a discontinued business minus nine months that were not), so the quarter stays null.
   *  Reported negative values (EQT's revenue after derivative losses) are kept. */
  nonNegativeDerived?: boolean;
  /** Any negative value (reported or derived) is refused: expenses tagged negative are sign
   *  errors (Prologis tags OperatingExpenses = −2,104M for 2024). */
  nonNegative?: boolean;
  /** The field is a cash outflow (≤ 0): a positive quarter derived as a year-to-date difference
   *  means the two inputs are on different bases (Intuit's 10-Qs include capitalized software in
   *  PaymentsToAcquirePropertyPlantAndEquipment, its 10-Ks do not: Q4 = +53M), so the quarter
   *  stays null, like nonNegativeDerived for revenue. */
  outflow?: boolean;
  /** A concept value less than 1 % of this (earlier) field's value is a scale error and is
   *  skipped: Corteva tags NetIncomeLossAvailableToCommonStockholdersBasic = 0.91 (its EPS) in
   *  USD for 2020, beside net income of 681M. */
  sameScaleAs?: string;
  /** A concept value below this (earlier) field's value for the period is a part of the field,
   *  not its total, and is skipped (total receivables never below trade receivables). */
  notBelow?: string;
  /** Balance candidates that may be a component of the balance-sheet line or a wider total
   *  (cash: a note's `Cash` without cash equivalents; cash and short-term investments) are
   *  checked against the cash-flow statement: the candidate's change over a period ending on
   *  the date must equal the statement's net change in cash (`change` concepts) for that period.
   *  A candidate in `components` is a component when a `componentWhen` concept (cash
   *  equivalents reported apart) has a nonzero value at the date, or when the filer's totals
   *  (`totals`) equal the cash-flow statement's ending cash (`flowEnd`) at every date that
   *  reports both (it holds no restricted cash, so that ending cash is its balance-sheet line):
   *  it is then skipped when it fails the check and another candidate passes it. One in
   *  `required` is taken only when it passes. */
  /** Flows that are one line of a statement section with a total (capex in investing): for a
   *  year, the candidates are checked against the section as the filing of the total states it:
   *  the other `lines` it reports (signed as cash moves) plus some candidates must sum to the
   *  `total`. When exactly one smallest set of candidates does, its first-ranked candidate wins
   *  (a segment note's figure is no line of the statement and never closes it). */
  closes?: { total: readonly string[]; lines: readonly ConceptRef[] };
  /** The current counterpart of a noncurrent balance (current maturities of long-term debt): a
   *  reported 0 of the field is a value (all of it current that date) and does not give way to a
   *  later candidate equal to the current part reported at the date, which is then the total
   *  (Fastenal 2014-12-31: LongTermDebtNoncurrent 0, LongTermDebt 90M = LongTermDebtCurrent). */
  currentPart?: readonly string[];
  /** The balance-sheet section the field is a line of: the section's total concepts and its
   *  other lines, each a group of alternative concepts (the first group, cash, is required).
   *  Where the filing of the field's value states lines that add up to the total without the
   *  field (and not with it), the balance sheet has no such line: the candidate is a note's
   *  figure, and the field is the 0 that filing reports for one of its concepts, else null with
   *  the reason (period-values/absent-line.ts; Dollar Tree's receivables within its other
   *  current assets, fiscal 2019). */
  lineOf?: { total: readonly string[]; lines: ReadonlyArray<readonly string[]> };
  /** A field that is the sum of a statement section's lines as one filing tags them (the change
   *  in working capital): for a period, the lines that the filing of the `anchor` field's value
   *  reports for the anchor's period (a derived quarter: the same lines in both year-to-date
   *  filings the anchor was derived from), each signed as cash moves. A line is a list of
   *  alternatives (a combined line before its parts' names), the first the filing reports
   *  counts. No line reported: no value. The provenance's derivation lists the terms. */
  sumsLines?: { anchor: string; lines: ReadonlyArray<readonly ConceptRef[]> };
  reconcile?: {
    change: readonly string[]; components: readonly string[]; componentWhen: readonly string[];
    totals: readonly string[]; flowEnd: string; required: readonly string[];
  };
  /** The income statement's lines the field's total closes with: each entry is a set of concepts
   *  whose sum is the statement's line (gross profit + cost of revenue, operating income +
   *  operating expenses). Where one candidate equals such a sum for the period and another does
   *  not, the one that closes is the statement's line (statement-lines.ts): a note's gross
   *  figure (Mastercard's contract revenue before rebates) or a region's line does not outrank it. */
  statementLines?: readonly (readonly string[])[];
  /** Taxes collected for governments that the field excludes (revenue net of excise and sales
   *  taxes). A candidate concept that includes them, decided once per company over its years,
   *  is taken net of them in every period (net-of-taxes.ts). */
  netOfTaxes?: readonly string[];
  concepts: readonly ConceptRef[];
  compose?: readonly Composition[];
}
