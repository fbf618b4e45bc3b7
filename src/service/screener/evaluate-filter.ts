// The screen filter evaluated in Node, with SQL's three-valued logic (true, false, unknown = null)
// so it keeps exactly the rows the compiled SQL keeps: the as_of screen (computed per company)
// and the tests' brute-force reference use it. Text comparisons fold ASCII case, as the SQL does.
import { asciiLower, type Comparison, type ScreenFilter } from '../../model/screen-filter.js';

export type ScreenValueOf = (field: string) => number | string | null;
type Truth = boolean | null;

function compare(a: number | string, cmp: Comparison, b: number | string): boolean {
  switch (cmp) {
    case '<': return a < b;
    case '<=': return a <= b;
    case '>': return a > b;
    case '>=': return a >= b;
    case '=': return a === b;
    case '!=': return a !== b;
  }
}

const fold = (v: number | string): number | string => (typeof v === 'string' ? asciiLower(v) : v);

export function evaluateFilter(f: ScreenFilter, valueOf: ScreenValueOf): Truth {
  switch (f.op) {
    case 'and': {
      let unknown = false;
      for (const a of f.args) {
        const t = evaluateFilter(a, valueOf);
        if (t === false) return false;
        if (t === null) unknown = true;
      }
      return unknown ? null : true;
    }
    case 'or': {
      let unknown = false;
      for (const a of f.args) {
        const t = evaluateFilter(a, valueOf);
        if (t === true) return true;
        if (t === null) unknown = true;
      }
      return unknown ? null : false;
    }
    case 'not': {
      const t = evaluateFilter(f.arg, valueOf);
      return t === null ? null : !t;
    }
    case 'is_null': return valueOf(f.field) === null;
    case 'cmp': {
      const v = valueOf(f.field);
      return v === null ? null : compare(fold(v), f.cmp, fold(f.value));
    }
    case 'cmp_field': {
      const a = valueOf(f.field);
      const b = valueOf(f.other);
      return a === null || b === null ? null : compare(a, f.cmp, b);
    }
    case 'between': {
      const v = valueOf(f.field);
      return v === null ? null : typeof v === 'number' && v >= f.low && v <= f.high;
    }
    case 'in': {
      const v = valueOf(f.field);
      if (v === null) return null;
      const x = fold(v);
      return f.values.some((w) => fold(w) === x);
    }
  }
}

/** Whether a row passes the filter (true only; unknown drops it, as in SQL). */
export function passes(f: ScreenFilter | null, valueOf: ScreenValueOf): boolean {
  return f === null || evaluateFilter(f, valueOf) === true;
}
