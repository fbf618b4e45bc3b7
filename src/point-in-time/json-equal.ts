// Whether two plain data values have the same JSON text, without writing either text: what
// `JSON.stringify(a) === JSON.stringify(b)` answers for the values records are made of (objects
// with their keys in order, arrays, strings, numbers, booleans, null). As JSON.stringify does, a
// property whose value is undefined (or a function) is left out, such an array element is null,
// and a number that is not finite is null. Pure.

/** Marks a property JSON.stringify leaves out. */
const OMITTED = Symbol('omitted');

/** The value as JSON writes it (left out, null for a non-finite number; objects as they are). */
function asJson(v: unknown, inArray: boolean): unknown {
  if (v === undefined || typeof v === 'function' || typeof v === 'symbol') return inArray ? null : OMITTED;
  if (typeof v === 'number' && !Number.isFinite(v)) return null;
  return v;
}

function sameJsonValue(a: unknown, b: unknown): boolean {
  if (a === b) return true; // also 0 and -0, both written "0"
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  const aArray = Array.isArray(a), bArray = Array.isArray(b);
  if (aArray !== bArray) return false;
  if (aArray) {
    const x = a as unknown[], y = b as unknown[];
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (!sameJsonValue(asJson(x[i], true), asJson(y[i], true))) return false;
    return true;
  }
  return sameJsonObject(a as Record<string, unknown>, b as Record<string, unknown>);
}

/** The keys and values of the object the fast loop of sameJsonObject reads (reused: no array per call; that loop does not recurse). */
const KEYS: string[] = [];
const VALUES: unknown[] = [];

function sameJsonObject(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  // the common case first, without a key array per object (Object.keys of both was most of the
  // time of comparing two provenance entries): the same keys in the same order, each pair of
  // values the same value (=== writes the same text, or leaves the key out of both). for-in lists
  // the keys Object.keys lists for plain data (no enumerable inherited properties).
  let n = 0;
  for (const key in a) { KEYS[n] = key; VALUES[n] = a[key]; n++; }
  let i = 0;
  for (const key in b) {
    if (i === n || KEYS[i] !== key) return sameJsonKeys(a, Object.keys(a), b, Object.keys(b));
    const x = VALUES[i], y = b[key];
    if (x !== y) {
      // the texts agree up to this key, both write it, and its two strings differ
      if (typeof x === 'string' && typeof y === 'string') return false;
      return sameJsonKeys(a, Object.keys(a), b, Object.keys(b));
    }
    i++;
  }
  return i === n || sameJsonKeys(a, Object.keys(a), b, Object.keys(b));
}

/** sameJsonObject, any keys: the properties JSON writes, pairwise in order. */
function sameJsonKeys(a: Record<string, unknown>, ak: readonly string[], b: Record<string, unknown>, bk: readonly string[]): boolean {
  let i = 0, j = 0;
  for (;;) {
    let av: unknown = OMITTED, bv: unknown = OMITTED;
    while (i < ak.length && (av = asJson(a[ak[i]!], false)) === OMITTED) i++;
    while (j < bk.length && (bv = asJson(b[bk[j]!], false)) === OMITTED) j++;
    if (i === ak.length || j === bk.length) return i === ak.length && j === bk.length;
    if (ak[i] !== bk[j] || !sameJsonValue(av, bv)) return false;
    i++;
    j++;
  }
}

/** True when `JSON.stringify(a) === JSON.stringify(b)` (plain data; no toJSON methods). */
export function sameJson(a: unknown, b: unknown): boolean {
  return sameJsonValue(asJson(a, false), asJson(b, false));
}
