// Derived records of one company: completes the statement records with their derived fields
// (margins, EBITDA, net debt, free cash flow, price-based fields) and produces the eight derived
// record types for every annual and quarterly period. Pure: a function of the company's
// statements and its market data. Every field is a number or null (never a silent 0); a
// reported statement value always wins over its derivation.
import type { CompanyStatements, PeriodRecord, PeriodType, Provenance, RecordType } from '../model/record-types.js';
import { DERIVED_TYPES, STATEMENT_TYPES } from '../model/record-types.js';
import type { N } from './arith.js';
import type { Compute, Unit } from './field-entry.js';
import { fieldEntries } from './registry.js';
import { buildPeriodInputs } from './period-inputs/build-period-inputs.js';
import type { PeriodInputs } from './period-inputs/input-slots.js';
import { priceWindowAt, unconvertedReasonAt, type MarketData } from '../market/market-data.js';
import { marketWithFilerRates } from '../market/filer-rate-closes.js';
import { periodKey, type DeriveMemo, type MemoPeriod } from './derive-memo.js';
import { dayNumber } from '../model/dates.js';

export type { MarketData };

/** Decimal places kept per unit (docs/metrics.md, Rounding). */
const DECIMALS: Record<Unit, number> = { currency: 0, shares: 0, percent: 4, ratio: 4, days: 2, per_share: 4, date: 0, text: 0 };

const SCALE = Object.fromEntries(Object.entries(DECIMALS).map(([u, d]) => [u, 10 ** d])) as Record<Unit, number>;

/** x rounded to a unit's decimals (docs/metrics.md, Rounding): how a value re-expressed on serving is rounded again. */
export function roundToUnit(x: N | undefined, unit: Unit): N {
  return rounded(x, SCALE[unit]);
}

/** x rounded to the field's decimals (scale = 10^decimals); null when not a finite number, never -0. */
function rounded(x: N | undefined, scale: number): N {
  if (x === null || x === undefined || !Number.isFinite(x)) return null;
  const r = Math.round(x * scale) / scale;
  return r === 0 ? 0 : r;
}

/**
 * One field to fill: its name, compute function, rounding scale, whether it is copied from the
 * balance sheet, and the provenance of a computed value (one frozen object per field, shared by
 * every record: a derived record type has ~15 computed values per record and 200 k+ records).
 */
interface PlanField { name: string; compute: Compute; scale: number; copied: boolean; computed: Readonly<Provenance> }
interface Plan {
  /** Every field of a derived record type (none for a statement type). */
  all: readonly PlanField[];
  /** Values with every field of `all` null, in column order: copied per record, then filled. */
  template: Readonly<Record<string, N>>;
  /** The computed fields of a statement type (none for a derived record type). */
  derivedOnly: readonly PlanField[];
  /** Shared provenance maps by the set of non-null fields (a bit per field); null for a type with too many fields. */
  shared: Map<number, Readonly<Record<string, Provenance>>> | null;
}
/** Largest field count whose non-null set fits the bits of a double (2^52). */
const MASK_BITS = 52;
/**
 * Distinct non-null sets kept per record type; beyond it, start over (bounds the memory of a
 * long build). Measured over the 365 companies: ~800 sets in all, at most ~250 for one type.
 */
const MAX_SHARED = 4096;
const DERIVED: ReadonlySet<RecordType> = new Set(DERIVED_TYPES);

/** The plan of a record type from its registry entries. */
function planOf(rt: RecordType): Plan {
  const fields: PlanField[] = [];
  for (const e of fieldEntries(rt)) {
    if (e.kind === 'reported') continue;
    fields.push({ name: e.name, compute: e.compute, scale: SCALE[e.unit], copied: e.kind === 'copied', computed: Object.freeze({ derivation: e.definition }) });
  }
  const nulls: Record<string, N> = {};
  for (const f of fields) nulls[f.name] = null;
  // a spread copy: the loop leaves a many-key object in dictionary mode, the copy is in fast mode
  // (and so is each per-record copy of it)
  const template = { ...nulls };
  return DERIVED.has(rt)
    ? { all: fields, template, derivedOnly: [], shared: fields.length <= MASK_BITS ? new Map() : null }
    : { all: [], template: {}, derivedOnly: fields, shared: null };
}
/** The plan of every record type, made once. */
const PLANS = new Map<RecordType, Plan>();
for (const rt of [...STATEMENT_TYPES, ...DERIVED_TYPES]) PLANS.set(rt, planOf(rt));
/** The derived record types with their plans, in output order. */
const FAMILY_PLANS: ReadonlyArray<[RecordType, Plan]> = DERIVED_TYPES.map((rt) => [rt, PLANS.get(rt)!]);

/**
 * The fields that read a price, directly (the closes, pr_last/high/low) or through another such
 * field (market_cap, enterprise_value, ...): their null value carries the reason when the price
 * was left out by the conversion to reporting terms.
 */
const PRICE_FIELDS: ReadonlySet<string> = (() => {
  const entries = [...STATEMENT_TYPES, ...DERIVED_TYPES].flatMap((rt) => fieldEntries(rt)).filter((e) => e.kind !== 'reported');
  const set = new Set<string>(['prices', 'pr_last', 'pr_high', 'pr_low']);
  for (let grew = true; grew;) {
    grew = false;
    for (const e of entries) {
      if (!set.has(e.name) && e.inputs.some((i) => set.has(i))) { set.add(e.name); grew = true; }
    }
  }
  return set;
})();

/**
 * The fields that read the 52-week window's closes (pr_high, pr_low, the mean close) directly or
 * through another such field: unknown where only the record date's close could be converted.
 */
const WINDOW_FIELDS: ReadonlySet<string> = (() => {
  const entries = [...STATEMENT_TYPES, ...DERIVED_TYPES].flatMap((rt) => fieldEntries(rt)).filter((e) => e.kind !== 'reported');
  const set = new Set<string>(['pr_high', 'pr_low']);
  for (const e of entries) if (e.name !== 'pr_last' && e.inputs.includes('prices') && e.inputs.length > 1 && !e.inputs.includes('splits')) set.add(e.name);
  for (let grew = true; grew;) {
    grew = false;
    for (const e of entries) {
      if (!set.has(e.name) && e.inputs.some((i) => set.has(i))) { set.add(e.name); grew = true; }
    }
  }
  return set;
})();

/** Provenance of the null price fields of a record whose price was left out (a copy with them added). */
function withPriceReason(fields: readonly PlanField[], values: Readonly<Record<string, N>>, provenance: Readonly<Record<string, Provenance>>, reason: string): Record<string, Provenance> {
  const out = copyOf(provenance);
  const p: Provenance = Object.freeze({ derivation: reason, nullReason: true });
  for (const f of fields) if (values[f.name] === null && PRICE_FIELDS.has(f.name)) out[f.name] = p;
  return out;
}

const BALANCE_SHEET_AT_DATE: Readonly<Provenance> = Object.freeze({ derivation: 'balance sheet at the record date' });

/**
 * Provenance of a derived record: per non-null field its formula, or for a copied field the
 * balance sheet's provenance of that field (a copy), else "balance sheet at the record date".
 */
function freshProvenance(fields: readonly PlanField[], values: Readonly<Record<string, N>>, balance: PeriodRecord | undefined): Record<string, Provenance> {
  const provenance: Record<string, Provenance> = {};
  for (const f of fields) {
    if (values[f.name] === null) continue;
    if (f.copied) {
      const src = balance?.provenance[f.name];
      provenance[f.name] = src ? { ...src } : BALANCE_SHEET_AT_DATE;
    } else {
      provenance[f.name] = f.computed;
    }
  }
  return provenance;
}

/**
 * The same provenance when no non-null copied field has a balance-sheet provenance: then it
 * depends only on which fields are non-null, so records with the same set share one frozen map
 * (~600 derived records per company; once warm, ~2 new sets per company).
 */
function sharedProvenance(plan: Plan, shared: Map<number, Readonly<Record<string, Provenance>>>, nonNull: number, values: Readonly<Record<string, N>>): Readonly<Record<string, Provenance>> {
  let provenance = shared.get(nonNull);
  if (!provenance) {
    if (shared.size >= MAX_SHARED) shared.clear();
    provenance = Object.freeze(freshProvenance(plan.all, values, undefined));
    shared.set(nonNull, provenance);
  }
  return provenance;
}

/**
 * A shallow copy with the same key order. A for-in loop, not a spread: the statement maps come
 * with many shapes (provenance maps are dictionaries) and there the spread takes the slow path,
 * measured ~2x slower on the records standardize makes.
 */
function copyOf<T>(o: Readonly<Record<string, T>>): Record<string, T> {
  const copy: Record<string, T> = {};
  for (const k in o) copy[k] = o[k]!;
  return copy;
}

// module-level helpers, not closures: V8 drops a per-call closure's optimized code at every major GC
function ascending(a: number, b: number): number {
  return a - b;
}

/** Median |log(close / book value per share)| of a price series over the balance sheets' book values; Infinity without data. */
function levelScore(m: MarketData, books: ReadonlyArray<{ date: string; bvps: number }>): number {
  const devs: number[] = [];
  for (const b of books) {
    const w = priceWindowAt(m, b.date, []);
    if (w) devs.push(Math.abs(Math.log(w.last / b.bvps)));
  }
  if (devs.length === 0) return Infinity;
  devs.sort(ascending);
  return devs[devs.length >> 1]!;
}

/**
 * The price series whose level matches the company's per-share figures. A company with several
 * share classes reports its share count in one of them (Berkshire: class A equivalents) while its
 * primary ticker may trade another (BRK-B, 1/1500 of an A share). Per candidate, the median
 * |log(close / book value per share)| over its annual balance sheets; another symbol replaces the
 * primary only when better by more than a factor of 3 (a wrong class is off by orders of
 * magnitude). One candidate, or no data: the first.
 */
function pickPriceSeries(statements: CompanyStatements, candidates: readonly MarketData[]): MarketData | null {
  if (candidates.length <= 1) return candidates[0] ?? null;
  const books: Array<{ date: string; bvps: number }> = [];
  for (const r of statements.records) {
    if (r.recordType !== 'balance_sheet' || r.period !== 'annual') continue;
    const eq = r.values.bs_total_equity;
    const sh = r.values.bs_sh_out;
    if (typeof eq === 'number' && typeof sh === 'number' && eq > 0 && sh > 0) books.push({ date: r.date, bvps: eq / sh });
  }
  // the primary symbol is kept unless another is better by more than a factor of 3 in level
  let best: MarketData = candidates[0]!;
  const primaryScore = levelScore(best, books);
  let bestScore = primaryScore;
  for (const m of candidates.slice(1)) {
    const sc = levelScore(m, books);
    if (sc < bestScore && (primaryScore === Infinity || sc < primaryScore - Math.log(3))) { best = m; bestScore = sc; }
  }
  return best;
}

/**
 * A symbol's series alone, in one object shape: market data comes with or without alternatives,
 * or cloned from another thread, and the price lookups run per period on whatever shape they get.
 */
function seriesOnly(m: MarketData): MarketData {
  const s: MarketData = m.unconverted
    ? { ticker: m.ticker, dates: m.dates, closes: m.closes, splits: m.splits, unconverted: m.unconverted }
    : { ticker: m.ticker, dates: m.dates, closes: m.closes, splits: m.splits };
  if (m.filerRated) s.filerRated = m.filerRated;
  if (m.ecbRated) s.ecbRated = m.ecbRated;
  return s;
}

/**
 * `inputsOf` builds the period inputs: buildPeriodInputs (slot arrays) unless the shared case
 * test passes the reference version (plain objects keyed by name). With a memo (derive-memo.ts:
 * the same company on a rising series of days, `day` the day the market data is cut at), the
 * periods whose inputs cannot have changed since the memo's day keep the memo's records.
 */
export function deriveCompanyRecords(
  statements: CompanyStatements, market: MarketData | null, inputsOf: typeof buildPeriodInputs = buildPeriodInputs,
  memo?: { memo: DeriveMemo; day: string },
): PeriodRecord[] {
  // closes the ECB data could not convert, converted with the filer's own tagged closing rates
  market = marketWithFilerRates(market, statements.filerRates);
  const series = market === null ? null : market.alternatives?.length
    ? pickPriceSeries(statements, [seriesOnly(market), ...market.alternatives.map(seriesOnly)])
    : seriesOnly(market);
  const inputs = inputsOf(statements, series);
  if (memo) return derivedWithMemo(statements, series, inputs, memo.memo, memo.day);
  return derivedRecords(statements.records, series, inputs);
}

/** The records of `records` completed and the derived records of `inputs` (one per family per input), in that order. */
function derivedRecords(records: readonly PeriodRecord[], series: MarketData | null, inputs: readonly PeriodInputs[]): PeriodRecord[] {
  // inputs by period type, then date (no key string per record)
  const byDate: Record<PeriodType, Map<string, PeriodInputs>> = { annual: new Map(), quarterly: new Map() };
  for (const p of inputs) byDate[p.period].set(p.date, p);
  const out: PeriodRecord[] = [];
  pushStatementRecords(records, byDate, out);
  pushFamilyRecords(inputs, out);
  if (series?.ecbRated?.rates.size) {
    const rated = series.ecbRated;
    for (let i = 0; i < out.length; i++) out[i] = withEcbRateNote(out[i]!, rated, byDate);
  }
  if (series?.filerRated?.size) {
    const rated = series.filerRated;
    for (let i = 0; i < out.length; i++) out[i] = withFilerRateNote(out[i]!, rated, byDate);
  }
  if (series?.unconverted) return out.map((rec) => withUnconvertedReason(rec, series, byDate));
  return out;
}

/**
 * derivedRecords of the periods the memo cannot keep, the memo's records of the others, in the
 * order derivedRecords gives for all of them; the memo then holds today's.
 */
function derivedWithMemo(statements: CompanyStatements, series: MarketData | null, inputs: readonly PeriodInputs[], memo: DeriveMemo, day: string): PeriodRecord[] {
  const byPeriod = new Map<string, PeriodRecord[]>();
  for (const r of statements.records) {
    const k = periodKey(r);
    const list = byPeriod.get(k);
    if (list) list.push(r); else byPeriod.set(k, [r]);
  }
  const kept = memo.keptPeriods(statements, series, day, byPeriod);
  const part = kept.size === 0 ? derivedRecords(statements.records, series, inputs)
    : derivedRecords(statements.records.filter((r) => !kept.has(periodKey(r))), series, inputs.filter((p) => !kept.has(periodKey(p))));
  const periods = new Map<string, MemoPeriod>();
  const out: PeriodRecord[] = [];
  let next = 0;
  for (const r of statements.records) {
    const k = periodKey(r);
    let m = periods.get(k);
    if (!m) periods.set(k, (m = { day: dayNumber(r.date), inputs: byPeriod.get(k)!, statementOuts: [], familyOuts: [] }));
    const rec = kept.has(k) ? memo.period(k).statementOuts[m.statementOuts.length]! : part[next++]!;
    m.statementOuts.push(rec);
    out.push(rec);
  }
  for (const p of inputs) {
    const k = periodKey(p);
    const m = periods.get(k)!;
    if (kept.has(k)) {
      for (const rec of memo.period(k).familyOuts) { m.familyOuts.push(rec); out.push(rec); }
      memo.kept++;
      continue;
    }
    for (let i = 0; i < FAMILY_PLANS.length; i++) { const rec = part[next++]!; m.familyOuts.push(rec); out.push(rec); }
    memo.derived++;
  }
  memo.settle(series, day, periods);
  return out;
}

/** A record priced by a close converted at an ECB rate: its price fields name the pair and the rate (kept in derived records as their concept). */
function withEcbRateNote(rec: PeriodRecord, rated: NonNullable<MarketData['ecbRated']>, byDate: Record<PeriodType, Map<string, PeriodInputs>>): PeriodRecord {
  const p = byDate[rec.period]?.get(rec.date);
  const lastDate = p?.price?.lastDate;
  const rate = lastDate === undefined ? undefined : rated.rates.get(lastDate);
  if (rate === undefined) return rec;
  const concept = `ECB reference rate ${rated.pair}`;
  const note = `close of ${lastDate} in reporting currency at the ECB ${rated.pair} rate ${rate} of ${lastDate}`;
  const provenance = copyOf(rec.provenance);
  let changed = false;
  for (const [name, v] of Object.entries(rec.values)) {
    if (v === null || !PRICE_FIELDS.has(name)) continue;
    const prev = provenance[name];
    provenance[name] = { ...prev, concept, derivation: prev?.derivation ? `${prev.derivation}; ${note}` : note };
    changed = true;
  }
  return changed ? { ...rec, provenance } : rec;
}

/** A record priced by a close converted with the filer's own rate: its price fields name that rate. */
function withFilerRateNote(rec: PeriodRecord, rated: NonNullable<MarketData['filerRated']>, byDate: Record<PeriodType, Map<string, PeriodInputs>>): PeriodRecord {
  const p = byDate[rec.period]?.get(rec.date);
  const r = p?.price ? rated.get(p.price.lastDate) : undefined;
  if (!r) return rec;
  const note = `close of ${p!.price!.lastDate} in reporting currency at the filer's ${r.concept} ${r.rate} per USD of ${r.date} (accn ${r.accn})`;
  const windowReason: Provenance = { derivation: `the 52-week high, low and mean close are unknown in the reporting currency: only the close of ${p!.price!.lastDate} has a rate (the filer's ${r.concept} of ${r.date}), the ECB data has none for the other closes of the window`, nullReason: true };
  const provenance = copyOf(rec.provenance);
  let changed = false;
  for (const [name, v] of Object.entries(rec.values)) {
    if (v === null && WINDOW_FIELDS.has(name)) { provenance[name] = windowReason; changed = true; continue; }
    if (v === null || !PRICE_FIELDS.has(name)) continue;
    const prev = provenance[name];
    // with the rate's fact as its concept, so the derived records keep it (record-render.ts)
    provenance[name] = { ...prev, concept: r.concept, accn: r.accn, filed: r.filed, derivation: prev?.derivation ? `${prev.derivation}; ${note}` : note };
    changed = true;
  }
  return changed ? { ...rec, provenance } : rec;
}

/** A record whose period has no price because its close was left out: its null price fields say why. */
function withUnconvertedReason(rec: PeriodRecord, series: MarketData, byDate: Record<PeriodType, Map<string, PeriodInputs>>): PeriodRecord {
  const p = byDate[rec.period]?.get(rec.date);
  const plan = PLANS.get(rec.recordType);
  if (!p || !plan || p.price !== null) return rec;
  const reason = unconvertedReasonAt(series, rec.date);
  if (reason === null) return rec;
  const fields = plan.all.length > 0 ? plan.all : plan.derivedOnly;
  return { ...rec, provenance: withPriceReason(fields, rec.values, rec.provenance, reason) };
}

/**
 * The statement records, each completed with its derived fields where its period has inputs.
 * (This and pushFamilyRecords apart from deriveCompanyRecords: a deopt in one loop recompiles
 * that loop's function, not the whole derivation.)
 */
function pushStatementRecords(records: readonly PeriodRecord[], byDate: Record<PeriodType, Map<string, PeriodInputs>>, out: PeriodRecord[]): void {
  for (const rec of records) {
    const p = byDate[rec.period]?.get(rec.date);
    const plan = PLANS.get(rec.recordType);
    if (!p || !plan || plan.derivedOnly.length === 0) { out.push(rec); continue; }
    const values = copyOf(rec.values);
    const provenance = copyOf(rec.provenance);
    for (const f of plan.derivedOnly) {
      const reported = values[f.name];
      if (typeof reported === 'number' && Number.isFinite(reported)) continue;
      const x = rounded(f.compute(p), f.scale);
      values[f.name] = x;
      if (x !== null) provenance[f.name] = f.computed;
    }
    out.push({ ...rec, values, provenance });
  }
}

/** The eight derived records of every period. */
function pushFamilyRecords(inputs: readonly PeriodInputs[], out: PeriodRecord[]): void {
  for (const p of inputs) {
    const start = p.records.income_statement?.start ?? p.records.cash_flow?.start;
    const balance = p.records.balance_sheet;
    for (const [recordType, plan] of FAMILY_PLANS) {
      const fields = plan.all;
      // a copy of the type's template (fields in column order, one object shape per type), filled in place
      const values: Record<string, N> = { ...plan.template };
      let nonNull = 0; // bit i: fields[i] is not null
      let bit = 1;
      let copiedSource = false; // a non-null copied field has the balance sheet's provenance
      for (const f of fields) {
        const x = rounded(f.compute(p), f.scale);
        values[f.name] = x;
        if (x !== null) {
          nonNull += bit;
          if (f.copied && balance?.provenance[f.name]) copiedSource = true;
        }
        bit *= 2;
      }
      const provenance = plan.shared && !copiedSource
        ? sharedProvenance(plan, plan.shared, nonNull, values)
        : freshProvenance(fields, values, balance);
      out.push(start
        ? { recordType, period: p.period, date: p.date, start, fiscalYear: p.fiscalYear, periodLabel: p.periodLabel, values, provenance }
        : { recordType, period: p.period, date: p.date, fiscalYear: p.fiscalYear, periodLabel: p.periodLabel, values, provenance });
    }
  }
}
