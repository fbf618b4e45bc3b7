// The where parser: a printed tree parses back to itself (fast-check), any input at all either
// parses or fails with a WhereError at a position inside it (never another exception), and the
// limits (length, depth, list size) hold.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseWhere, WhereError, WHERE_MAX_DEPTH, WHERE_MAX_LENGTH, type RawExpr, type RawValue } from './parse-where.js';

const FIELDS = ['oper_margin', 'market_cap', 'sector', 'pe_ratio', 'net_debt_to_ebitda'];

/** Strips positions (and number spellings) so trees compare by meaning. */
function shape(e: RawExpr): unknown {
  const v = (x: RawValue) => (x.kind === 'number' ? { n: x.value, p: x.percent } : { s: x.value });
  switch (e.op) {
    case 'and': case 'or': return { [e.op]: e.args.map(shape) };
    case 'not': return { not: shape(e.arg) };
    case 'cmp': return { f: e.field.name, c: e.cmp, v: v(e.value) };
    case 'cmp_field': return { f: e.field.name, c: e.cmp, o: e.other.name };
    case 'between': return { f: e.field.name, lo: v(e.low), hi: v(e.high) };
    case 'in': return { f: e.field.name, in: e.values.map(v) };
    case 'is_null': return { f: e.field.name, null: true };
  }
}

const value = fc.oneof(
  fc.record({ kind: fc.constant('number' as const), value: fc.integer({ min: -1e6, max: 1e6 }), percent: fc.boolean() }),
  fc.record({ kind: fc.constant('string' as const), value: fc.string({ maxLength: 8 }) }),
);
type V = { kind: 'number'; value: number; percent: boolean } | { kind: 'string'; value: string };
const printValue = (x: V) => (x.kind === 'number' ? `${x.value}${x.percent ? '%' : ''}` : `'${x.value.replace(/'/g, "''")}'`);

type Gen = { text: string; tree: RawExpr };
const pos = { pos: 0 };
const leaf: fc.Arbitrary<Gen> = fc.oneof(
  fc.tuple(fc.constantFrom(...FIELDS), fc.constantFrom('<', '<=', '>', '>=', '=', '!=') as fc.Arbitrary<'<'>, value).map(([f, c, v]) => ({
    text: `${f} ${c} ${printValue(v)}`, tree: { op: 'cmp', field: { name: f, ...pos }, cmp: c, value: { ...v, text: '', ...pos } as RawValue } as RawExpr,
  })),
  fc.tuple(fc.constantFrom(...FIELDS), fc.constantFrom(...FIELDS)).map(([f, o]) => ({ text: `${f} >= ${o}`, tree: { op: 'cmp_field', field: { name: f, ...pos }, cmp: '>=', other: { name: o, ...pos } } as RawExpr })),
  fc.tuple(fc.constantFrom(...FIELDS), value, value).map(([f, a, b]) => ({ text: `${f} between ${printValue(a)} and ${printValue(b)}`, tree: { op: 'between', field: { name: f, ...pos }, low: { ...a, text: '', ...pos } as RawValue, high: { ...b, text: '', ...pos } as RawValue } as RawExpr })),
  fc.tuple(fc.constantFrom(...FIELDS), fc.array(value, { minLength: 1, maxLength: 4 })).map(([f, vs]) => ({ text: `${f} in (${vs.map(printValue).join(', ')})`, tree: { op: 'in', field: { name: f, ...pos }, values: vs.map((v) => ({ ...v, text: '', ...pos }) as RawValue) } as RawExpr })),
  fc.constantFrom(...FIELDS).map((f) => ({ text: `${f} is null`, tree: { op: 'is_null', field: { name: f, ...pos } } as RawExpr })),
);
const expr: fc.Arbitrary<Gen> = fc.letrec<{ e: Gen }>((tie) => ({
  e: fc.oneof({ depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.tuple(fc.constantFrom('and', 'or') as fc.Arbitrary<'and' | 'or'>, fc.array(tie('e'), { minLength: 2, maxLength: 3 })).map(([op, args]) => ({
      text: args.map((a) => `(${a.text})`).join(` ${op} `), tree: { op, args: args.map((a) => a.tree) } as RawExpr,
    })),
    tie('e').map((a) => ({ text: `not (${a.text})`, tree: { op: 'not', arg: a.tree } as RawExpr })),
  ),
})).e;

test('a printed tree parses back to the same tree', () => {
  fc.assert(fc.property(expr, (g) => {
    fc.pre(g.text.length <= WHERE_MAX_LENGTH);
    try {
      assert.deepEqual(shape(parseWhere(g.text)), shape(g.tree));
    } catch (err) {
      // only the depth bound may refuse a generated tree
      if (!(err instanceof WhereError && /nested deeper/.test(err.message))) throw err;
    }
  }), { numRuns: 300 });
});

test('any input parses or fails with a WhereError at a position within it', () => {
  const alphabet = fc.constantFrom(...'abc_ ()\'"<>=!,.-%0123456789KMBTandornotbetweeninisnull'.split(''), ' and ', ' or ', ' not ', ' between ', ' in ', ' is null', 'oper_margin');
  fc.assert(fc.property(fc.array(alphabet, { maxLength: 60 }).map((a) => a.join('')), (src) => {
    try {
      parseWhere(src);
    } catch (err) {
      assert.ok(err instanceof WhereError, String(err));
      assert.ok(err.pos >= 0 && err.pos <= src.length, `${err.pos} in ${src.length}`);
    }
  }), { numRuns: 2000 });
});

test('precedence: not binds tightest, then and, then or', () => {
  assert.deepEqual(shape(parseWhere('a > 1 or b > 2 and not c > 3')),
    { or: [{ f: 'a', c: '>', v: { n: 1, p: false } }, { and: [{ f: 'b', c: '>', v: { n: 2, p: false } }, { not: { f: 'c', c: '>', v: { n: 3, p: false } } }] }] });
  assert.deepEqual(shape(parseWhere('x not between 1 and 2')), { not: { f: 'x', lo: { n: 1, p: false }, hi: { n: 2, p: false } } });
  assert.deepEqual(shape(parseWhere('x is not null')), { not: { f: 'x', null: true } });
  assert.deepEqual(shape(parseWhere("X NOT IN ('a', 'b''c')")), { not: { f: 'x', in: [{ s: 'a' }, { s: "b'c" }] } });
});

test('suffixes and percent: 1.5B, 300M, 2k, -4.5T, 20%', () => {
  const n = (src: string) => (parseWhere(`x > ${src}`) as { value: { value: number; percent: boolean } }).value;
  assert.equal(n('1.5B').value, 1.5e9);
  assert.equal(n('300M').value, 300e6);
  assert.equal(n('2k').value, 2000);
  assert.equal(n('-4.5T').value, -4.5e12);
  assert.deepEqual([n('20%').value, n('20%').percent], [20, true]);
  assert.throws(() => parseWhere('x > 1.5X'), WhereError);
  assert.throws(() => parseWhere('x > 1.5Bn'), WhereError);
});

test('limits: length, nesting depth, in-list size; errors name the position', () => {
  assert.throws(() => parseWhere(`x > 1${' '.repeat(WHERE_MAX_LENGTH)}`), /longer than 2000/);
  assert.throws(() => parseWhere(`${'('.repeat(WHERE_MAX_DEPTH + 1)}x > 1${')'.repeat(WHERE_MAX_DEPTH + 1)}`), /nested deeper/);
  assert.doesNotThrow(() => parseWhere(`${'('.repeat(WHERE_MAX_DEPTH - 1)}x > 1${')'.repeat(WHERE_MAX_DEPTH - 1)}`));
  assert.throws(() => parseWhere(`${'not '.repeat(WHERE_MAX_DEPTH + 1)}x > 1`), /nested deeper/);
  assert.throws(() => parseWhere(`x in (${new Array(201).fill('1').join(',')})`), /at most 200/);
  const e = (() => { try { parseWhere('(x > 1'); } catch (err) { return err as WhereError; } return null; })();
  assert.ok(e instanceof WhereError && /unbalanced/.test(e.message) && e.pos === 6);
  assert.throws(() => parseWhere('x > 1)'), /unbalanced/);
  assert.throws(() => parseWhere(''), /empty/);
});
