// A parsed `where` tree checked against the screen fields of a period kind: unknown names (with
// the closest known ones), text fields compared with numbers (or ordered), numbers compared with
// text, and the `%` suffix (allowed on ratio fields only: it divides by 100; a percent field is
// already in percent). The result is the validated tree dataset/ compiles and the evaluator runs.
import type { Comparison, ScreenFilter } from '../../model/screen-filter.js';
import type { ScreenKind } from '../../metrics/screen-fields.js';
import { parseWhere, WhereError, type RawExpr, type RawField, type RawValue } from './parse-where.js';
import { resolveField, type ResolvedField } from './screen-fields.js';
import { ApiError } from '../errors.js';

function field(f: RawField, kind: ScreenKind): ResolvedField {
  const r = resolveField(f.name, kind);
  if (typeof r === 'string') throw new WhereError(r, f.pos);
  return r;
}

function numberFor(f: ResolvedField, v: RawValue): number {
  if (f.kind === 'text') {
    throw new WhereError(`'${f.name}' is a text field: compare it with a 'quoted string' (=, !=, in), not ${v.kind === 'number' ? `the number ${v.text}` : 'this value'}`, v.pos);
  }
  if (v.kind === 'string') throw new WhereError(`'${f.name}' is a number (${f.field.unit}): compare it with a number, not the string '${v.value}'`, v.pos);
  if (!v.percent) return v.value;
  if (f.field.unit === 'percent') throw new WhereError(`'${f.name}' is already in percent: write ${v.text.slice(0, -1)}, not ${v.text}`, v.pos);
  if (f.field.unit !== 'ratio') throw new WhereError(`'%' applies to ratio fields only; '${f.name}' is in ${f.field.unit}`, v.pos);
  return v.value / 100;
}

function stringFor(f: ResolvedField & { kind: 'text' }, v: RawValue): string {
  if (v.kind !== 'string') throw new WhereError(`'${f.name}' is a text field: compare it with a 'quoted string', not the number ${v.text}`, v.pos);
  return v.value;
}

function resolve(e: RawExpr, kind: ScreenKind): ScreenFilter {
  switch (e.op) {
    case 'and': case 'or': return { op: e.op, args: e.args.map((a) => resolve(a, kind)) };
    case 'not': return { op: 'not', arg: resolve(e.arg, kind) };
    case 'is_null': return { op: 'is_null', field: field(e.field, kind).name };
    case 'cmp': {
      const f = field(e.field, kind);
      if (f.kind === 'text') {
        if (e.cmp !== '=' && e.cmp !== '!=') throw new WhereError(`'${f.name}' is a text field: use = or != (or in), not ${e.cmp}`, e.field.pos);
        return { op: 'cmp', field: f.name, cmp: e.cmp, value: stringFor(f, e.value) };
      }
      return { op: 'cmp', field: f.name, cmp: e.cmp as Comparison, value: numberFor(f, e.value) };
    }
    case 'cmp_field': {
      const a = field(e.field, kind);
      const b = field(e.other, kind);
      if (a.kind === 'text' || b.kind === 'text') throw new WhereError(`fields are compared with each other only when both are numbers ('${a.kind === 'text' ? a.name : b.name}' is text)`, e.field.pos);
      return { op: 'cmp_field', field: a.name, cmp: e.cmp, other: b.name };
    }
    case 'between': {
      const f = field(e.field, kind);
      if (f.kind === 'text') throw new WhereError(`'${f.name}' is a text field: between applies to numbers`, e.field.pos);
      return { op: 'between', field: f.name, low: numberFor(f, e.low), high: numberFor(f, e.high) };
    }
    case 'in': {
      const f = field(e.field, kind);
      if (f.kind === 'text') return { op: 'in', field: f.name, values: e.values.map((v) => stringFor(f, v)) };
      return { op: 'in', field: f.name, values: e.values.map((v) => numberFor(f, v)) };
    }
  }
}

/** The validated filter of a `where` parameter for a period kind; a 400 (param `where`) otherwise. */
export function compileWhere(src: string, kind: ScreenKind): ScreenFilter {
  try {
    return resolve(parseWhere(src), kind);
  } catch (err) {
    if (err instanceof WhereError) throw new ApiError('parameter_invalid', `where: ${err.message} (at character ${err.pos + 1})`, 'where');
    throw err;
  }
}
