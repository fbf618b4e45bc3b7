// Serve-time re-expression of stored records on another basis: a class listing's share basis
// (listing-basis.ts) or another currency (currency-conversion.ts). Each field moves by its
// registry unit: currency amounts by `money`, per-share amounts by `money x perShare`, share
// counts by `shares`; percentages, ratios, days, dates and text never change. Values are rounded
// again to their unit's decimals (docs/metrics.md, Rounding). A record the rebase gives null for
// is returned as stored.
import type { RecordType } from '../model/record-types.js';
import { fieldEntries, type Unit } from '../metrics/registry.js';
import { roundToUnit } from '../metrics/derive-company-records.js';

export interface Rebase {
  /** Factor on currency and per-share amounts (an exchange rate); 1 keeps them; null: no rate, the values become null. */
  money: number | null;
  /** Factor on the currency and per-share amounts of `flowFields` (a period's average rate); `money` without it. */
  flowMoney?: number | null;
  flowFields?: ReadonlySet<string>;
  /** Further factor on per-share amounts (reporting-class shares per listing share); 1 keeps them. */
  perShare: number;
  /** Factor on share counts (listing shares per reporting-class share); 1 keeps them. */
  shares: number;
  /** The currency the rebased record is in (its `currency` column, where the type has one). */
  currency?: string;
  /** The listing the rebased record is on (its `ticker` column). */
  ticker?: string;
}

const unitsByType = new Map<RecordType, ReadonlyMap<string, Unit>>();

function unitsOf(recordType: RecordType): ReadonlyMap<string, Unit> {
  let m = unitsByType.get(recordType);
  if (!m) {
    m = new Map(fieldEntries(recordType).map((e) => [e.name, e.unit]));
    unitsByType.set(recordType, m);
  }
  return m;
}

/** The factor field `name` of `unit` moves by under `r` (1: unchanged; null: no rate, the value is null). */
export function unitFactor(name: string, unit: Unit | undefined, r: Rebase): number | null {
  if (unit !== 'currency' && unit !== 'per_share') return unit === 'shares' ? r.shares : 1;
  const money = r.flowFields?.has(name) && r.flowMoney !== undefined ? r.flowMoney : r.money;
  if (money === null) return null;
  return unit === 'currency' ? money : money * r.perShare;
}

/** One parsed record on the rebase's basis (a new object; the input is not changed). */
export function rebaseRecord(recordType: RecordType, rec: Readonly<Record<string, unknown>>, r: Rebase): Record<string, unknown> {
  const units = unitsOf(recordType);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rec)) {
    const unit = units.get(k);
    const f = unitFactor(k, unit, r);
    out[k] = typeof v !== 'number' || f === 1 ? v : f === null ? null : roundToUnit(v * f, unit!);
  }
  if (r.currency !== undefined && 'currency' in out) out.currency = r.currency;
  if (r.ticker !== undefined && 'ticker' in out) out.ticker = r.ticker;
  return out;
}

/** Stored JSON bodies, each rebased by `rebaseOf` of its parsed record (null: kept as stored). */
export function rebaseBodies(
  recordType: RecordType, bodies: readonly string[], rebaseOf: (rec: Readonly<Record<string, unknown>>) => Rebase | null,
): string[] {
  return bodies.map((b) => {
    const rec = JSON.parse(b) as Record<string, unknown>;
    const r = rebaseOf(rec);
    return r === null ? b : JSON.stringify(rebaseRecord(recordType, rec, r));
  });
}
