// `currency=` on the record time series: monetary values converted at serve time from the
// reporting currency (docs/metrics.md, Currency conversion). Flows at the period's average rate,
// balances (and values at the record date: market cap, EV, prices) at the period-end rate,
// per-share amounts like the values they divide; share counts, ratios and percentages unchanged.
// Rates are the ECB reference rates of fx_rates through the forex pair rule (market/fx-pairs.ts);
// a pair without rates for a record's period leaves its monetary values null, saying why in
// provenance. The record's `currency` says what it is in; each converted field's provenance names
// the rate used (`conversion`). Without `currency`, or when it is the reporting one, the stored
// bodies are served as they are.
import type { RecordType } from '../model/record-types.js';
import { fieldEntries, fieldNames } from '../metrics/registry.js';
import { EUR, pairRate } from '../market/fx-pairs.js';
import { averageRate, periodEndRate, type AppliedRate, type DailyRates } from '../market/fx-conversion-rates.js';
import { referenceCatalog } from '../dataset/reference-catalog.js';
import { ApiError } from './errors.js';
import { param, type ApiDeps } from './endpoint-types.js';
import { rebaseRecord } from './record-rebase.js';

export const currencyParam = param({
  name: 'currency', in: 'query', type: 'string', pattern: /^[A-Za-z]{3}$/,
  description: 'ISO 4217 code (USD, EUR, ...) of a currency with ECB reference rates: monetary values are converted from the reporting currency, flows at the period\'s average rate, balances and market values at the period-end rate, per-share values likewise; ratios and percentages are unchanged. Default: the reporting currency.',
  brief: 'Convert monetary values to this currency (USD).',
});

const FLOW_TYPES: ReadonlySet<RecordType> = new Set<RecordType>(['income_statement', 'cash_flow']);
const FLOW_INPUTS: ReadonlySet<string> = new Set([...fieldNames('income_statement'), ...fieldNames('cash_flow')]);
const BALANCE_INPUTS: ReadonlySet<string> = new Set(fieldNames('balance_sheet').filter((f) => !FLOW_INPUTS.has(f)));
const flowFieldsByType = new Map<RecordType, ReadonlySet<string>>();

/**
 * The fields of a record type converted at the average rate: every field of the income statement
 * and cash flow; none of the balance sheet; of a derived type, the fields computed from income
 * statement or cash flow lines only (TTM revenue, EBITDA, cash flow per share), not from a
 * balance or a price (market cap, EV, book value per share: period-end rate).
 */
export function flowFields(recordType: RecordType): ReadonlySet<string> {
  let s = flowFieldsByType.get(recordType);
  if (!s) {
    const entries = fieldEntries(recordType);
    s = new Set(FLOW_TYPES.has(recordType) ? entries.map((e) => e.name)
      : recordType === 'balance_sheet' ? []
        : entries.filter((e) => e.inputs.some((i) => FLOW_INPUTS.has(i)) && !e.inputs.some((i) => BALANCE_INPUTS.has(i) || (!FLOW_INPUTS.has(i) && i !== e.name))).map((e) => e.name));
    flowFieldsByType.set(recordType, s);
  }
  return s;
}

/** The currencies the dataset has rates of (EUR and the ECB currencies). */
async function knownCurrencies(deps: Pick<ApiDeps, 'dataset'>): Promise<Set<string>> {
  return new Set([EUR, ...(await deps.dataset.fx.currencies()).map((c) => c.currency)]);
}

/** One pair's daily rates (quote per base) by the forex pair rule. */
async function dailyRates(deps: Pick<ApiDeps, 'dataset'>, base: string, quote: string): Promise<DailyRates> {
  const rows = await deps.dataset.fx.pairRates({ base, quote, order: 'ASC', limit: 1_000_000 });
  const dates: string[] = [];
  const rates: number[] = [];
  for (const r of rows) {
    const rate = pairRate({ base, quote }, r.base_rate, r.quote_rate);
    if (rate !== null) { dates.push(r.date); rates.push(rate); }
  }
  return { dates, rates };
}

export interface Converted {
  rows: readonly string[];
  /** Per record date, the conversion note of each monetary field (for include=provenance). */
  notes: ReadonlyMap<string, ReadonlyMap<string, string>> | null;
}

/**
 * The bodies converted to `target` (upper case). Throws ApiError(currency_unsupported) when the
 * dataset has no rates of `target`.
 */
export async function convertCurrency(
  deps: Pick<ApiDeps, 'dataset'>, cik: string, recordType: RecordType, period: string, rows: readonly string[], target: string,
): Promise<Converted> {
  const known = await knownCurrencies(deps);
  if (!known.has(target)) {
    throw new ApiError('currency_unsupported', `no exchange rates of '${target.slice(0, 3)}' in the dataset: currency must be EUR or an ECB reference currency (GET /v3.0.0/forex-pairs lists them)`, 'currency');
  }
  if (rows.length === 0) return { rows, notes: null };
  const companyCurrency = referenceCatalog(deps.dataset).companies.get(cik)?.currency ?? null;
  const flows = flowFields(recordType);
  const months = period === 'quarterly' && FLOW_TYPES.has(recordType) ? 3 : 12;
  const monetary = fieldEntries(recordType).filter((e) => e.unit === 'currency' || e.unit === 'per_share').map((e) => e.name);
  const ratesOf = new Map<string, Promise<DailyRates | null>>();
  const notes = new Map<string, Map<string, string>>();
  const out: string[] = [];
  for (const body of rows) {
    const rec = JSON.parse(body) as Record<string, unknown>;
    const from = typeof rec.currency === 'string' ? rec.currency : companyCurrency;
    if (from === null || from === target) { out.push(body); continue; }
    let pending = ratesOf.get(from);
    if (!pending) {
      pending = known.has(from) ? dailyRates(deps, from, target) : Promise.resolve(null);
      ratesOf.set(from, pending);
    }
    const rates = await pending;
    const date = String(rec.date);
    const end: AppliedRate | null = rates ? periodEndRate(rates, date) : null;
    const avg: AppliedRate | null = rates ? averageRate(rates, date, months) : null;
    const none = rates ? `no ${from}->${target} ECB rate` : `no ECB rates of ${from}`;
    const byField = new Map<string, string>();
    for (const f of monetary) {
      const flow = flows.has(f);
      const r = flow ? avg : end;
      byField.set(f, r ? `${from}->${target} at the ${flow ? 'period average' : 'period-end rate'}: ${r.note}` : `${none} for ${flow ? `the ${months} months ending ${date}` : date}: not converted`);
    }
    notes.set(date, byField);
    out.push(JSON.stringify(rebaseRecord(recordType, rec, { money: end?.rate ?? null, flowMoney: avg?.rate ?? null, flowFields: flows, perShare: 1, shares: 1, currency: target })));
  }
  return { rows: out, notes };
}

/** Bodies with include=provenance: each monetary field's provenance gains its `conversion` note. */
export function withConversionNotes(rows: readonly string[], notes: ReadonlyMap<string, ReadonlyMap<string, string>> | null): string[] {
  if (notes === null) return [...rows];
  return rows.map((row) => {
    const rec = JSON.parse(row) as Record<string, unknown> & { provenance?: Record<string, Record<string, unknown>> };
    const byField = notes.get(String(rec.date));
    if (!byField) return row;
    const prov = (rec.provenance ??= {});
    for (const [field, note] of byField) {
      if (rec[field] === undefined) continue;
      prov[field] = { ...(prov[field] ?? {}), conversion: note };
    }
    return JSON.stringify(rec);
  });
}
