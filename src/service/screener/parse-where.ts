// The screener's `where` language: a tokenizer and a recursive-descent parser into a raw tree
// (field names and literals with their positions; no evaluation). Field names are checked
// against the registry afterwards (resolve-where.ts). Bounded: input length, nesting depth and
// list sizes are limited, so any input is parsed in linear time and bounded stack.
//
//   expr       := and_expr ('or' and_expr)*
//   and_expr   := unary ('and' unary)*
//   unary      := 'not' unary | '(' expr ')' | predicate
//   predicate  := field ( cmp (value | field) | 'not'? 'between' value 'and' value
//                        | 'not'? 'in' '(' value (',' value)* ')' | 'is' 'not'? 'null' )
//   cmp        := '>' | '>=' | '<' | '<=' | '=' | '!=' | '<>'
//   value      := '-'? number suffix? | 'string'        suffix := K | M | B | T | %

export const WHERE_MAX_LENGTH = 2000;
export const WHERE_MAX_DEPTH = 16;
export const WHERE_MAX_LIST = 200;
const MAX_STRING = 200;

/** A problem of an expression at a character position (0-based). */
export class WhereError extends Error {
  constructor(message: string, readonly pos: number) {
    super(message);
  }
}

export type RawCmp = '<' | '<=' | '>' | '>=' | '=' | '!=';
export interface RawField { name: string; pos: number }
export type RawValue =
  | { kind: 'number'; value: number; percent: boolean; text: string; pos: number }
  | { kind: 'string'; value: string; pos: number };
export type RawExpr =
  | { op: 'and' | 'or'; args: RawExpr[] }
  | { op: 'not'; arg: RawExpr }
  | { op: 'cmp'; field: RawField; cmp: RawCmp; value: RawValue }
  | { op: 'cmp_field'; field: RawField; cmp: RawCmp; other: RawField }
  | { op: 'between'; field: RawField; low: RawValue; high: RawValue }
  | { op: 'in'; field: RawField; values: RawValue[] }
  | { op: 'is_null'; field: RawField };

type Token =
  | { t: 'ident'; v: string; pos: number }
  | { t: 'number'; v: number; percent: boolean; text: string; pos: number }
  | { t: 'string'; v: string; pos: number }
  | { t: 'op'; v: string; pos: number }
  | { t: 'end'; pos: number };

const KEYWORDS = new Set(['and', 'or', 'not', 'between', 'in', 'is', 'null']);
const SUFFIX: Readonly<Record<string, number>> = { k: 1e3, m: 1e6, b: 1e9, t: 1e12 };

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/.test(c)) { i += 1; continue; }
    const start = i;
    if (/[A-Za-z_]/.test(c)) {
      while (i < src.length && /[A-Za-z0-9_]/.test(src[i]!)) i += 1;
      out.push({ t: 'ident', v: src.slice(start, i).toLowerCase(), pos: start });
      continue;
    }
    if (/[0-9.]/.test(c)) {
      const m = /^(?:\d+(?:\.\d*)?|\.\d+)/.exec(src.slice(i, i + 40));
      if (!m) throw new WhereError(`unexpected '${c}'`, start);
      i += m[0].length;
      let value = Number(m[0]);
      let percent = false;
      const s = src[i]?.toLowerCase();
      if (s !== undefined && SUFFIX[s] !== undefined && !/[A-Za-z0-9_]/.test(src[i + 1] ?? '')) { value *= SUFFIX[s]!; i += 1; }
      else if (s === '%') { percent = true; i += 1; }
      if (/[A-Za-z0-9_.]/.test(src[i] ?? '')) throw new WhereError(`malformed number '${src.slice(start, i + 1)}' (suffixes: K, M, B, T or %)`, start);
      if (!Number.isFinite(value)) throw new WhereError('number out of range', start);
      out.push({ t: 'number', v: value, percent, text: src.slice(start, i), pos: start });
      continue;
    }
    if (c === "'" || c === '"') {
      let v = '';
      i += 1;
      for (;;) {
        if (i >= src.length) throw new WhereError('unterminated string', start);
        const d = src[i]!;
        if (d === c) {
          if (src[i + 1] === c) { v += c; i += 2; continue; }
          i += 1;
          break;
        }
        v += d;
        i += 1;
      }
      if (v.length > MAX_STRING) throw new WhereError(`string longer than ${MAX_STRING} characters`, start);
      out.push({ t: 'string', v, pos: start });
      continue;
    }
    const two = src.slice(i, i + 2);
    if (two === '>=' || two === '<=' || two === '!=' || two === '<>' || two === '==') {
      out.push({ t: 'op', v: two === '<>' ? '!=' : two === '==' ? '=' : two, pos: start });
      i += 2;
      continue;
    }
    if ('<>=(),-'.includes(c)) { out.push({ t: 'op', v: c, pos: start }); i += 1; continue; }
    throw new WhereError(`unexpected '${c}'`, start);
  }
  out.push({ t: 'end', pos: src.length });
  return out;
}

function describe(tok: Token): string {
  switch (tok.t) {
    case 'end': return 'the end of the expression';
    case 'string': return 'a string';
    case 'number': return `'${tok.text}'`;
    default: return `'${tok.v}'`;
  }
}

class Parser {
  private i = 0;
  constructor(private readonly toks: Token[]) {}

  private peek(): Token { return this.toks[this.i]!; }
  private next(): Token { const t = this.toks[this.i]!; if (t.t !== 'end') this.i += 1; return t; }
  private isWord(w: string, tok: Token = this.peek()): boolean { return tok.t === 'ident' && tok.v === w; }
  private isOp(o: string, tok: Token = this.peek()): boolean { return tok.t === 'op' && tok.v === o; }
  private expectWord(w: string, what: string): void {
    const tok = this.next();
    if (!this.isWord(w, tok)) throw new WhereError(`expected '${w}' ${what}, found ${describe(tok)}`, tok.pos);
  }

  parse(): RawExpr {
    const e = this.expr(0);
    const tok = this.peek();
    if (tok.t !== 'end') {
      if (this.isOp(')', tok)) throw new WhereError("unbalanced parentheses: ')' without '('", tok.pos);
      throw new WhereError(`expected 'and', 'or' or the end, found ${describe(tok)}`, tok.pos);
    }
    return e;
  }

  private expr(depth: number): RawExpr {
    const args = [this.andExpr(depth)];
    while (this.isWord('or')) { this.next(); args.push(this.andExpr(depth)); }
    return args.length === 1 ? args[0]! : { op: 'or', args };
  }

  private andExpr(depth: number): RawExpr {
    const args = [this.unary(depth)];
    while (this.isWord('and')) { this.next(); args.push(this.unary(depth)); }
    return args.length === 1 ? args[0]! : { op: 'and', args };
  }

  private unary(depth: number): RawExpr {
    const tok = this.peek();
    if (depth >= WHERE_MAX_DEPTH) throw new WhereError(`nested deeper than ${WHERE_MAX_DEPTH} levels`, tok.pos);
    if (this.isWord('not', tok)) { this.next(); return { op: 'not', arg: this.unary(depth + 1) }; }
    if (this.isOp('(', tok)) {
      this.next();
      const e = this.expr(depth + 1);
      const close = this.next();
      if (!this.isOp(')', close)) throw new WhereError(`unbalanced parentheses: expected ')' for the '(' at character ${tok.pos + 1}, found ${describe(close)}`, close.pos);
      return e;
    }
    return this.predicate();
  }

  private field(): RawField {
    const tok = this.next();
    if (tok.t !== 'ident' || KEYWORDS.has(tok.v)) throw new WhereError(`expected a field name, found ${describe(tok)}`, tok.pos);
    return { name: tok.v, pos: tok.pos };
  }

  private value(): RawValue {
    let tok = this.next();
    let sign = 1;
    if (this.isOp('-', tok)) { sign = -1; tok = this.next(); }
    if (tok.t === 'number') return { kind: 'number', value: sign * tok.v, percent: tok.percent, text: `${sign < 0 ? '-' : ''}${tok.text}`, pos: tok.pos };
    if (tok.t === 'string' && sign === 1) return { kind: 'string', value: tok.v, pos: tok.pos };
    throw new WhereError(`expected a number or a 'quoted string', found ${describe(tok)}`, tok.pos);
  }

  private predicate(): RawExpr {
    const field = this.field();
    const tok = this.next();
    if (tok.t === 'op' && ['<', '<=', '>', '>=', '=', '!='].includes(tok.v)) {
      const cmp = tok.v as RawCmp;
      const rhs = this.peek();
      if (rhs.t === 'ident' && !KEYWORDS.has(rhs.v)) return { op: 'cmp_field', field, cmp, other: this.field() };
      return { op: 'cmp', field, cmp, value: this.value() };
    }
    if (this.isWord('is', tok)) {
      const negate = this.isWord('not');
      if (negate) this.next();
      this.expectWord('null', "after 'is'");
      const e: RawExpr = { op: 'is_null', field };
      return negate ? { op: 'not', arg: e } : e;
    }
    let negate = false;
    let kw = tok;
    if (this.isWord('not', tok)) { negate = true; kw = this.next(); }
    if (this.isWord('between', kw)) {
      const low = this.value();
      this.expectWord('and', 'between the bounds of between');
      const high = this.value();
      const e: RawExpr = { op: 'between', field, low, high };
      return negate ? { op: 'not', arg: e } : e;
    }
    if (this.isWord('in', kw)) {
      const open = this.next();
      if (!this.isOp('(', open)) throw new WhereError(`expected '(' after 'in', found ${describe(open)}`, open.pos);
      const values = [this.value()];
      while (this.isOp(',')) {
        this.next();
        if (values.length >= WHERE_MAX_LIST) throw new WhereError(`an 'in' list holds at most ${WHERE_MAX_LIST} values`, this.peek().pos);
        values.push(this.value());
      }
      const close = this.next();
      if (!this.isOp(')', close)) throw new WhereError(`unbalanced parentheses: expected ',' or ')' in the 'in' list, found ${describe(close)}`, close.pos);
      const e: RawExpr = { op: 'in', field, values };
      return negate ? { op: 'not', arg: e } : e;
    }
    throw new WhereError(`expected a comparison (>, >=, <, <=, =, !=), between, in or is null after '${field.name}', found ${describe(kw)}`, kw.pos);
  }
}

/** The raw tree of an expression, or a WhereError naming the problem and its position. */
export function parseWhere(src: string): RawExpr {
  if (src.length > WHERE_MAX_LENGTH) throw new WhereError(`the expression is longer than ${WHERE_MAX_LENGTH} characters (${src.length})`, WHERE_MAX_LENGTH);
  if (src.trim() === '') throw new WhereError('the expression is empty', 0);
  return new Parser(tokenize(src)).parse();
}
