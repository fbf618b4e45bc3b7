// The screener's filter as a validated tree (what service/screener/ parses a `where` expression
// into and dataset/ compiles to SQL): every field is a known screen column, every value is a
// bound value of the field's kind (numbers for numeric columns, strings for text columns).
// Logic is SQL's three-valued logic: a comparison with a null value is unknown, `not unknown`
// is unknown, and a row is kept only when the whole filter is true.

export type Comparison = '<' | '<=' | '>' | '>=' | '=' | '!=';

export type ScreenFilter =
  | { op: 'and' | 'or'; args: readonly ScreenFilter[] }
  | { op: 'not'; arg: ScreenFilter }
  /** field <cmp> value: a number for a numeric field, a string (matched case-insensitively) for a text field. */
  | { op: 'cmp'; field: string; cmp: Comparison; value: number | string }
  /** field <cmp> other field (both numeric). */
  | { op: 'cmp_field'; field: string; cmp: Comparison; other: string }
  /** low <= field <= high (numbers). */
  | { op: 'between'; field: string; low: number; high: number }
  /** field equals one of the values (all numbers or all strings, as the field). */
  | { op: 'in'; field: string; values: readonly (number | string)[] }
  | { op: 'is_null'; field: string };

/** The fields a filter reads, each once, in first-use order. */
export function filterFields(f: ScreenFilter, out: string[] = []): string[] {
  const add = (n: string) => { if (!out.includes(n)) out.push(n); };
  switch (f.op) {
    case 'and': case 'or': for (const a of f.args) filterFields(a, out); break;
    case 'not': filterFields(f.arg, out); break;
    case 'cmp_field': add(f.field); add(f.other); break;
    default: add(f.field);
  }
  return out;
}

/** ASCII lower case: what text comparisons fold (SQLite's lower() folds ASCII only). */
export function asciiLower(s: string): string {
  return s.replace(/[A-Z]/g, (c) => c.toLowerCase());
}
