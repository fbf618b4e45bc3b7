// Keyed lists of non-negative integers (search postings: key -> entry ids; typo keys -> word ids)
// in a compact form: one Map<string, number> and one Int32Array instead of a JS array per key.
// A key with one id stores the id itself in the map; a longer list stores -(offset + 1) into the
// packed array, where data[offset] is the length and the ids follow. The 280,000 lists of the
// corpus index took ~35 MB as arrays (each array object and its store); packed they take the map
// and 4 bytes per id.
// plainLists() is the straightforward version (the Map of arrays the index build produces);
// packed-lists.test.ts checks that both answer the same for every key of the corpus index.

/** A read-only view of keyed id lists; an unknown key has the empty list. */
export interface KeyedLists {
  get(key: string): ArrayLike<number> & Iterable<number>;
  readonly size: number;
  keys(): IterableIterator<string>;
}

const EMPTY: readonly number[] = Object.freeze([]);

/** The reference version: the build's map of arrays, as it is. */
export function plainLists(map: ReadonlyMap<string, readonly number[]>): KeyedLists {
  return {
    get: (key) => map.get(key) ?? EMPTY,
    get size() { return map.size; },
    keys: () => map.keys(),
  };
}

/** The packed version of a map of non-empty lists of non-negative integers (order kept). */
export function packLists(map: ReadonlyMap<string, readonly number[]>): KeyedLists {
  let total = 0;
  for (const list of map.values()) if (list.length > 1) total += list.length + 1;
  const data = new Int32Array(total);
  const slots = new Map<string, number>();
  let at = 0;
  for (const [key, list] of map) {
    if (list.length === 0) continue;
    if (list.length === 1) {
      slots.set(key, list[0] as number);
      continue;
    }
    slots.set(key, -(at + 1));
    data[at] = list.length;
    for (let i = 0; i < list.length; i += 1) data[at + 1 + i] = list[i] as number;
    at += list.length + 1;
  }
  return {
    get(key) {
      const v = slots.get(key);
      if (v === undefined) return EMPTY;
      if (v >= 0) return [v];
      const o = -v - 1;
      return data.subarray(o + 1, o + 1 + (data[o] as number));
    },
    get size() { return slots.size; },
    keys: () => slots.keys(),
  };
}
