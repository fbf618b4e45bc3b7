// Entry point of standardization: one company's SEC companyfacts (the parsed JSON, or the selective
// reader's view of it) in, its standardized statements out. Pure and synchronous (it runs inside
// ingest worker threads); a company that cannot be standardized is a result with a reason, never an
// exception that stops the ingest.
import { AUDIT_CONCEPTS } from './concept-map/audit-concepts.js';
import { shareCountSplits } from './share-count-splits.js';
import type { CompanyStatements, PeriodRecord, Provenance, StatementType, UnmappedConcept } from '../model/record-types.js';
import { fieldNames } from '../model/record-fields.js';
import { CONCEPT_MAP, COMPANY_OVERRIDES, mappedConcepts } from './concept-map/index.js';
import type { FieldMapping } from './concept-map/mapping-types.js';
import { FactIndex } from './fact-index.js';
import type { FactColumns } from '../sources/fact-columns.js';
import { buildFiscalCalendar, quarterBounds, type FiscalYear } from './fiscal-calendar.js';
import { PeriodResolver } from './period-values/period-resolver.js';
import { isEarlierFilingNote, ONE_FILING_STATEMENTS } from './period-values/period-filing.js';
import type { PreparedStatement } from './period-values/prepared-mapping.js';
import type { PeriodContext } from './period-values/resolved-value.js';
import { dayNumber, isoDate } from '../model/dates.js';
import { CLOSING_RATE_CONCEPT, filerClosingRates } from './filer-rates.js';
import { viewOfParsedFacts, type CompanyFactsView, type ConceptInventory } from '../sources/companyfacts-reader.js';
import { StandardizeMemo, earliestRead, keepSameRecords, yearKey, type MemoYear } from './standardize-memo.js';
import { balanceSheetTotalChoice } from './period-values/balance-sheet-version.js';
import { decisionsHold, decisionsOf, setShareScale, shareScaleEntries, shareScaleText } from './period-values/company-decisions.js';

export interface StandardizeHints {
  /** Fiscal year end as MMDD from the SEC submissions file (e.g. "0928"), when known. */
  fiscalYearEnd: string | null;
}

export type StandardizeResult =
  | { ok: true; statements: CompanyStatements }
  | { ok: false; reason: string };

const STATEMENTS: readonly StatementType[] = ['income_statement', 'balance_sheet', 'cash_flow'];
const MAPPED = mappedConcepts();
const COVER_SHARES_CONCEPT = 'dei:EntityCommonStockSharesOutstanding';
const WEIGHTED_SHARES_CONCEPT = 'us-gaap:WeightedAverageNumberOfSharesOutstandingBasic';
/** Every concept whose facts standardization reads (others only count, for the unmapped report),
 *  and the few the fact store keeps for the accuracy scorecard (concept-map/audit-concepts.ts). */
export const READ_CONCEPTS: ReadonlySet<string> = new Set([...MAPPED, COVER_SHARES_CONCEPT, CLOSING_RATE_CONCEPT, ...AUDIT_CONCEPTS]);
/** Every field of a statement record set to null, in registry order (copied per record). */
const EMPTY_VALUES = new Map<StatementType, Record<string, number | null>>(
  STATEMENTS.map((s) => [s, Object.fromEntries(fieldNames(s).map((f) => [f, null]))]),
);
/** The registry's statement fields (a mapped field not among them is an aux_* field). */
const REGISTRY_FIELDS: ReadonlySet<string> = new Set(STATEMENTS.flatMap((s) => fieldNames(s)));
/**
 * EMPTY_VALUES followed by aux fields (null), by statement and aux fields in order; bounded like
 * a cache (measured ~100 distinct key lists over the corpus).
 */
const EMPTY_WITH_AUX = new Map<string, Record<string, number | null>>();
const MAX_EMPTY_WITH_AUX = 1024;

/**
 * A fresh values object of every registry field and then `aux` (all null). Made by copying a
 * template that has all its keys: adding aux keys one by one to a copy of EMPTY_VALUES turns
 * the object into a dictionary (V8's limit for keys added by computed name), ~30 % of statement
 * records, and every later copy and lookup of their values is slower.
 */
function emptyValues(statement: StatementType, aux: readonly string[] | null): Record<string, number | null> {
  const empty = EMPTY_VALUES.get(statement)!;
  if (aux === null) return { ...empty };
  const key = `${statement}:${aux.join(',')}`;
  let template = EMPTY_WITH_AUX.get(key);
  if (template === undefined) {
    if (EMPTY_WITH_AUX.size >= MAX_EMPTY_WITH_AUX) EMPTY_WITH_AUX.clear();
    const entries: Array<[string, null]> = Object.keys(empty).map((f) => [f, null]);
    for (const f of aux) entries.push([f, null]);
    template = Object.fromEntries(entries);
    EMPTY_WITH_AUX.set(key, template);
  }
  return { ...template };
}
/** Fields whose concepts show the company's periods (every filer reports some of them). */
const CALENDAR_ANCHORS = new Set(['is_sales_revenue_turnover', 'is_net_income', 'is_pretax_income', 'is_inc_tax_exp', 'cf_net_inc', 'cf_cash_from_oper', 'cf_cash_from_fin_act']);
/** Shares-outstanding facts are taken from a cover page dated at most this many days after the balance date. */
const COVER_PAGE_WINDOW_DAYS = 120;
/** The concept map's mappings of each statement. */
const STATEMENT_MAPPINGS = new Map<StatementType, FieldMapping[]>(STATEMENTS.map((s) => [s, CONCEPT_MAP.filter((m) => m.statement === s)]));

/** Standardizes a parsed companyfacts document. */
export function standardizeCompany(input: unknown, hints: StandardizeHints): StandardizeResult {
  try {
    if (!input || typeof input !== 'object') return { ok: false, reason: 'company facts are not a JSON object' };
    const doc = input as { cik?: unknown; entityName?: unknown; facts?: unknown };
    if (!doc.facts || typeof doc.facts !== 'object') return { ok: false, reason: 'company facts have no "facts" object' };
    return standardize(viewOfParsedFacts(doc as { facts: object }), hints);
  } catch (err) {
    return failed(err);
  }
}

/**
 * Standardizes a document read by readCompanyFacts (with at least READ_CONCEPTS parsed). With a
 * memo (standardize-memo.ts: the same company on a rising series of days, the facts new since
 * the memo's day given to it), the fiscal years nothing new can change keep the memo's records.
 */
export function standardizeCompanyFacts(view: CompanyFactsView, hints: StandardizeHints, memo?: StandardizeMemo): StandardizeResult {
  try {
    return standardize(view, hints, memo);
  } catch (err) {
    return failed(err);
  }
}

function failed(err: unknown): StandardizeResult {
  return { ok: false, reason: `standardization failed: ${err instanceof Error ? err.message : String(err)}` };
}

function standardize(doc: CompanyFactsView, hints: StandardizeHints, memo?: StandardizeMemo): StandardizeResult {
  const taxonomy = pickTaxonomy(doc.conceptCounts);
  if (!taxonomy) return { ok: false, reason: 'no us-gaap or ifrs-full facts' };
  const currency = pickCurrency(doc.inventory, taxonomy);
  if (!currency) return { ok: false, reason: `no monetary ${taxonomy} facts` };
  const cik = String(doc.cik ?? '').replace(/\D/g, '').padStart(10, '0');
  const index = new FactIndex(doc.facts);

  // Fiscal calendar from the duration concepts the statements use.
  const factLists: FactColumns[] = [];
  for (const m of CONCEPT_MAP) {
    if (!CALENDAR_ANCHORS.has(m.field)) continue;
    for (const c of m.concepts) {
      const list = index.columns(c.concept, currency);
      if (list) factLists.push(list);
    }
  }
  const calendar = buildFiscalCalendar(factLists, hints.fiscalYearEnd);
  if (calendar.length === 0) return { ok: false, reason: 'no annual periods found in the facts' };

  const resolver = new PeriodResolver(index, currency);
  const overrides = COMPANY_OVERRIDES[cik];
  // (Module-level helpers and loops, not closures, in what runs per company: V8 drops a per-call
  // closure's optimized code at every major GC and compiles it again.)
  const state = resolver.companyState();
  if (memo) state.bindTrace = [];
  const mappings = new Map<StatementType, PreparedStatement>();
  for (const s of STATEMENTS) mappings.set(s, resolver.prepare(STATEMENT_MAPPINGS.get(s)!, overrides));
  const bound = state.bindTrace ?? [];
  state.bindTrace = null;
  if (memo) for (const choice of balanceSheetTotalChoice(state)) bound.push(choice);
  const cover = coverPageShares(index.columns(COVER_SHARES_CONCEPT, 'shares'));
  const records: PeriodRecord[] = [];
  // with a memo: whether its years can be kept at all today (standardize-memo.ts)
  const keep = memo !== undefined && memo.sameBinding(bound) && memo.decisions !== null
    && decisionsHold(state, [...mappings.values()], memo.decisions);
  const years = new Map<string, MemoYear>();
  for (const fy of calendar) {
    const key = memo ? yearKey(fy) : '';
    const scaleBefore = memo ? shareScaleText(state) : '';
    const kept = keep ? memo.years.get(key) : undefined;
    if (kept && kept.scaleBefore === scaleBefore && !memo!.changed(fy, earliestRead(fy, mappings.values()))) {
      for (const r of kept.records) records.push(r);
      setShareScale(state, kept.scaleAfter);
      years.set(key, kept);
      memo!.kept++;
      continue;
    }
    const from = records.length;
    emitYear(records, resolver, mappings, cover, fy);
    if (memo) {
      keepSameRecords(records, from, memo.years.get(key));
      years.set(key, { records: records.slice(from), scaleBefore, scaleAfter: shareScaleEntries(state) });
      memo.resolved++;
    }
  }
  if (records.length === 0) return { ok: false, reason: 'no statement values could be resolved' };
  memo?.settle(years, bound, decisionsOf(state));

  return {
    ok: true,
    statements: {
      cik,
      name: typeof doc.entityName === 'string' ? doc.entityName : '',
      currency,
      taxonomy,
      records,
      unmapped: memo ? unmappedOnce(memo, doc.inventory) : unmappedConcepts(doc.inventory),
      sharesOutstanding: sharesOutstanding(cover),
      ...filerRatesOf(index, currency, records),
      ...shareCountSplitsOf(index, sharesOutstanding(cover)),
    },
  };
}

/** Splits the restated weighted share counts show (docs/metrics.md, Splits found in the share counts). */
function shareCountSplitsOf(index: FactIndex, cover: ReadonlyArray<{ date: string; value: number }>): { shareCountSplits?: CompanyStatements['shareCountSplits'] } {
  const found = shareCountSplits(index.columns(WEIGHTED_SHARES_CONCEPT, 'shares'), cover);
  return found.length > 0 ? { shareCountSplits: found } : {};
}

/** The filer's closing rates at its balance-sheet record dates (none for a USD reporter). */
function filerRatesOf(index: FactIndex, currency: string, records: readonly PeriodRecord[]): { filerRates?: CompanyStatements['filerRates'] } {
  if (currency === 'USD') return {};
  const dates = new Set<string>();
  for (const r of records) if (r.recordType === 'balance_sheet') dates.add(r.date);
  const rates = filerClosingRates((unit) => index.columns(CLOSING_RATE_CONCEPT, unit), currency, dates);
  return rates.length > 0 ? { filerRates: rates } : {};
}

/** Appends the records of a fiscal year: the year's, then its quarters'. */
function emitYear(records: PeriodRecord[], resolver: PeriodResolver, mappings: Map<StatementType, PreparedStatement>, cover: CoverShares[], fy: FiscalYear): void {
  // The concepts of the year's flows, tried first for its quarters (see resolveFields).
  const annualConcepts: Record<string, string> = {};
  if (fy.endDay != null) {
    emit(records, resolver, mappings, cover, { fy, quarter: 0, startDay: fy.startDay, endDay: fy.endDay, annualConcepts: null }, 'annual', annualConcepts);
  }
  for (const q of [1, 2, 3, 4] as const) {
    const b = quarterBounds(fy, q);
    if (!b) continue;
    emit(records, resolver, mappings, cover, { fy, quarter: q, startDay: b.startDay, endDay: b.endDay, annualConcepts }, 'quarterly');
  }
}

/** Appends the period's records; for the year, also notes the concept each flow field came from in annualConcepts. */
function emit(records: PeriodRecord[], resolver: PeriodResolver, mappings: Map<StatementType, PreparedStatement>,
  cover: CoverShares[], ctx: PeriodContext, period: 'annual' | 'quarterly', annualConcepts?: Record<string, string>): void {
  const fy: FiscalYear = ctx.fy;
  const date = isoDate(ctx.endDay);
  for (const statement of STATEMENTS) {
    const resolved = resolver.resolveFields(mappings.get(statement)!, ctx, ONE_FILING_STATEMENTS.has(statement));
    if (resolved.order.length === 0) continue;
    // Fields in the order they were first resolved: the registry's fields keep their places among
    // the values' keys, others (aux_*) follow in that order, as does every key of the provenance.
    const fields = resolved.mappings;
    let aux: string[] | null = null;
    for (const slot of resolved.order) {
      const field = fields[slot]!.field;
      if (!REGISTRY_FIELDS.has(field) && (aux === null || !aux.includes(field))) (aux ??= []).push(field);
    }
    const values = emptyValues(statement, aux);
    const provenance: Record<string, Provenance> = {};
    const flows = annualConcepts && statement !== 'balance_sheet' ? annualConcepts : null;
    for (const slot of resolved.order) {
      const field = fields[slot]!.field;
      const prov = resolved.provs[slot]!;
      values[field] = resolved.vals[slot]!;
      provenance[field] = prov;
      // (a year taken from a later filing's other concept: its quarters, which the 10-Qs state on
      // the earlier basis, keep trying the earlier concept first; their own latest filing decides)
      if (flows && prov.concept && (!prov.derivation || isEarlierFilingNote(prov.derivation))) flows[field] = resolved.earlier[slot] ?? prov.concept;
    }
    if (statement === 'balance_sheet' && values.bs_sh_out == null) {
      const c = coverSharesAfter(cover, ctx.endDay);
      if (c) {
        values.bs_sh_out = c.value;
        provenance.bs_sh_out = { concept: 'dei:EntityCommonStockSharesOutstanding', accn: c.accn, filed: c.filed, form: c.form,
          derivation: `bs_sh_out = dei:EntityCommonStockSharesOutstanding as of ${isoDate(c.day)} (cover page after the balance date)` };
      }
    }
    const rec: PeriodRecord = {
      recordType: statement,
      period,
      date,
      fiscalYear: fy.label,
      periodLabel: period === 'annual' ? String(fy.label) : `Q${ctx.quarter}`,
      values,
      provenance,
    };
    if (statement !== 'balance_sheet') rec.start = isoDate(ctx.startDay);
    records.push(rec);
  }
}

function pickTaxonomy(conceptCounts: ReadonlyMap<string, number>): string | null {
  const g = conceptCounts.get('us-gaap') ?? 0;
  const i = conceptCounts.get('ifrs-full') ?? 0;
  if (g === 0 && i === 0) return null;
  return i > g ? 'ifrs-full' : 'us-gaap';
}

/** The reporting currency: the ISO code that carries the most facts of the main taxonomy. */
function pickCurrency(inventory: readonly ConceptInventory[], taxonomy: string): string | null {
  const counts = new Map<string, number>();
  for (const c of inventory) {
    if (c.taxonomy !== taxonomy || !c.units) continue;
    for (const [unit, n] of c.units) if (/^[A-Z]{3}$/.test(unit)) counts.set(unit, (counts.get(unit) ?? 0) + n);
  }
  let best: string | null = null;
  let n = 0;
  for (const [u, c] of counts) if (c > n) { best = u; n = c; }
  return best;
}

interface CoverShares { day: number; value: number; accn: string; filed: string; form: string }

/**
 * dei:EntityCommonStockSharesOutstanding, one value per cover-page date. A filer with several
 * share classes reports one fact per class for the same date and filing: those are summed.
 */
function coverPageShares(list: FactColumns | null): CoverShares[] {
  if (!list) return [];
  const byAccnDate = new Map<string, CoverShares & { n: number; vals: Set<number> }>();
  for (let i = 0; i < list.length; i++) {
    const accn = list.accn[i]!, val = list.val[i]!;
    const key = accn + '|' + list.end[i];
    const cur = byAccnDate.get(key);
    if (!cur) byAccnDate.set(key, { day: dayNumber(list.end[i]!), value: val, accn, filed: list.filed[i]!, form: list.form[i]!, n: 1, vals: new Set([val]) });
    else if (!cur.vals.has(val)) { cur.value += val; cur.vals.add(val); cur.n++; }
  }
  const byDate = new Map<number, CoverShares>();
  for (const c of byAccnDate.values()) {
    const kept = byDate.get(c.day);
    if (!kept || c.filed > kept.filed) byDate.set(c.day, { day: c.day, value: c.value, accn: c.accn, filed: c.filed, form: c.form });
  }
  return [...byDate.values()].sort(byDay);
}

function byDay(a: CoverShares, b: CoverShares): number {
  return a.day - b.day;
}

/** The first cover-page count dated within COVER_PAGE_WINDOW_DAYS on or after a balance date. */
function coverSharesAfter(cover: readonly CoverShares[], endDay: number): CoverShares | undefined {
  for (const s of cover) if (s.day >= endDay && s.day - endDay <= COVER_PAGE_WINDOW_DAYS && s.value > 0) return s;
  return undefined;
}

function sharesOutstanding(cover: readonly CoverShares[]): Array<{ date: string; value: number }> {
  const out: Array<{ date: string; value: number }> = [];
  for (const c of cover) out.push({ date: isoDate(c.day), value: c.value });
  return out;
}

/** unmappedConcepts of an inventory, made once while the memo's days share it. */
function unmappedOnce(memo: StandardizeMemo, inventory: readonly ConceptInventory[]): UnmappedConcept[] {
  if (memo.unmapped?.of !== inventory) memo.unmapped = { of: inventory, list: unmappedConcepts(inventory) };
  return memo.unmapped.list;
}

/**
 * Concepts of the statement taxonomies (us-gaap, ifrs-full, srt, company extensions) that no
 * mapping names, with their fact counts. The cover-page taxonomy (dei) is not a statement
 * source and is left out.
 */
function unmappedConcepts(inventory: readonly ConceptInventory[]): UnmappedConcept[] {
  const out: UnmappedConcept[] = [];
  for (const { taxonomy, concept, units } of inventory) {
    if (taxonomy === 'dei' || !units || MAPPED.has(`${taxonomy}:${concept}`)) continue;
    let n = 0;
    for (const [, count] of units) n += count;
    out.push({ taxonomy, concept, factCount: n });
  }
  return out.sort(byFactCountThenName);
}

function byFactCountThenName(a: UnmappedConcept, b: UnmappedConcept): number {
  return b.factCount - a.factCount || COLLATOR.compare(a.concept, b.concept);
}

/** localeCompare's comparison (the same default-locale collator), without its per-call set-up. */
const COLLATOR = new Intl.Collator();
