// How a period's values are held while its inputs are assembled: slot arrays (the build's
// representation) or objects keyed by input name (the reference version).
import type { PeriodRecord, StatementType } from '../../model/record-types.js';
import type { N } from '../arith.js';
import { type Input, type InputValues, INPUT_NAMES, FLOW_NAMES, FLOW_SLOTS, BALANCE_NAMES, BALANCE_SLOTS, STATEMENT_INPUTS } from './input-slots.js';

/** A period's values while its inputs are assembled, read by Input once they are. */
export interface ValueStore extends InputValues {
  set(input: Input, x: N): void;
  /** A statement record's values (a name it does not carry is skipped; a later record wins a name both carry). */
  putStatement(rec: PeriodRecord | undefined): void;
  /** A copy with the balance inputs it lacks taken from `balance`. */
  withBalanceFrom(balance: ValueStore): ValueStore;
}

/** How a company's period values are held: slot arrays (the build's) or objects keyed by name (the reference). */
export interface Representation {
  empty(): ValueStore;
  /** Window flows: the period's own (annual) or the sum of four quarters (TTM); empty without parts. */
  flows(parts: readonly ValueStore[] | null, annual: boolean): ValueStore;
  /** The values of a period that has none (no balance a year earlier, no prior window). */
  none: ValueStore;
}

/**
 * Values in slot arrays: one double per input name (statement fields, aux inputs, normalized n_*
 * inputs; slot numbers fixed at load), NaN where there is no value. An array of doubles instead
 * of an object keyed by name: ~75 periods per company each had a ~150-key dictionary (merged
 * values) and a ~70-key one (window flows), rebuilt and looked up by name. The derivations read
 * them by Input (`values.get(I.name)`).
 */
class SlotStore implements ValueStore {
  constructor(readonly values: number[]) {}

  get(input: Input): N {
    const x = this.values[input.slot]!;
    return Number.isFinite(x) ? x : null;
  }

  set(input: Input, x: N): void {
    this.values[input.slot] = x === null ? NaN : x;
  }

  /** By name list rather than for-in + a slot lookup per key: ~45 keys per record, 80 k records. */
  putStatement(rec: PeriodRecord | undefined): void {
    if (!rec) return;
    const { names, slots } = STATEMENT_INPUTS[rec.recordType as StatementType];
    const values = rec.values;
    for (let j = 0; j < names.length; j++) {
      const x = values[names[j]!];
      if (x !== undefined) this.values[slots[j]!] = typeof x === 'number' ? x : NaN;
    }
  }

  withBalanceFrom(balance: ValueStore): ValueStore {
    const cur = this.values.slice();
    const from = (balance as SlotStore).values;
    for (const s of BALANCE_SLOTS) if (Number.isNaN(cur[s])) cur[s] = from[s]!;
    return new SlotStore(cur);
  }
}

/** A period's values with every slot empty. */
function emptyValues(): number[] {
  return new Array<number>(INPUT_NAMES.length).fill(NaN);
}

export const SLOTS: Representation = {
  empty: () => new SlotStore(emptyValues()),
  flows(parts, annual) {
    const flows = emptyValues();
    if (annual) {
      const m = (parts![0] as SlotStore).values;
      for (const s of FLOW_SLOTS) flows[s] = m[s]!;
    } else if (parts) {
      const a = (parts[0] as SlotStore).values, b = (parts[1] as SlotStore).values;
      const c = (parts[2] as SlotStore).values, d = (parts[3] as SlotStore).values;
      // NaN (a missing quarter value) propagates; a non-finite sum reads as null
      for (const s of FLOW_SLOTS) flows[s] = a[s]! + b[s]! + c[s]! + d[s]!;
    }
    return new SlotStore(flows);
  },
  none: new SlotStore(emptyValues()),
};

/**
 * The reference representation: plain objects keyed by input name, null where there is no
 * value. Slower; it shows what the slot arrays compute (the shared case test derives the records
 * of real companies both ways and requires them identical).
 */
class NamedStore implements ValueStore {
  constructor(readonly values: Record<string, N>) {}

  get(input: Input): N {
    const x = this.values[input.name];
    return x !== undefined && x !== null && Number.isFinite(x) ? x : null;
  }

  set(input: Input, x: N): void {
    this.values[input.name] = x;
  }

  putStatement(rec: PeriodRecord | undefined): void {
    if (!rec) return;
    for (const name of STATEMENT_INPUTS[rec.recordType as StatementType].names) {
      const x = rec.values[name];
      if (x !== undefined) this.values[name] = typeof x === 'number' && !Number.isNaN(x) ? x : null;
    }
  }

  withBalanceFrom(balance: ValueStore): ValueStore {
    const cur = { ...this.values };
    const from = (balance as NamedStore).values;
    for (const name of BALANCE_NAMES) if ((cur[name] ?? null) === null) cur[name] = from[name] ?? null;
    return new NamedStore(cur);
  }
}

/** The sum of a flow over four quarters; null when one is missing. */
function sumOfFour(parts: readonly ValueStore[], name: string): N {
  let sum = 0;
  for (const q of parts) {
    const x = (q as NamedStore).values[name] ?? null;
    if (x === null) return null;
    sum += x;
  }
  return sum;
}

export const BY_NAME: Representation = {
  empty: () => new NamedStore({}),
  flows(parts, annual) {
    const flows: Record<string, N> = {};
    if (annual) {
      for (const name of FLOW_NAMES) flows[name] = (parts![0] as NamedStore).values[name] ?? null;
    } else if (parts) {
      for (const name of FLOW_NAMES) flows[name] = sumOfFour(parts, name);
    }
    return new NamedStore(flows);
  },
  none: new NamedStore({}),
};
