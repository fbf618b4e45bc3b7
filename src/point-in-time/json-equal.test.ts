// sameJson answers what comparing the two JSON texts answers: on hand-picked cases (left-out
// properties, non-finite numbers, key order, nested arrays) and on many generated pairs of
// provenance-like values, including near-equal ones.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sameJson } from './json-equal.js';

const byText = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

test('sameJson: the hand-picked cases agree with the JSON texts', () => {
  const cases: Array<[unknown, unknown]> = [
    [{ a: 1, b: 'x' }, { a: 1, b: 'x' }],
    [{ a: 1, b: 'x' }, { b: 'x', a: 1 }], // key order is part of the text
    [{ a: 1, b: undefined }, { a: 1 }], // an undefined property is left out
    [{ a: undefined, b: 2 }, { b: 2, c: undefined }],
    [{ a: NaN }, { a: null }], // a non-finite number is null
    [{ a: Infinity }, { a: -Infinity }],
    [{ a: 0 }, { a: -0 }],
    [[1, undefined], [1, null]], // an undefined element is null
    [[1, undefined], [1]],
    [{ a: [{ c: 'x', d: true }] }, { a: [{ c: 'x', d: true }] }],
    [{ a: [{ c: 'x', d: true }] }, { a: [{ c: 'x' }] }],
    [{ a: {} }, { a: [] }],
    [{ a: null }, { a: {} }],
    [{ a: '1' }, { a: 1 }],
    [{ a: true }, { a: 'true' }],
    [{}, {}],
    [undefined, undefined],
    [undefined, null],
  ];
  for (const [a, b] of cases) assert.equal(sameJson(a, b), byText(a, b), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
});

test('sameJson: generated provenance-like pairs agree with the JSON texts', () => {
  let seed = 12345;
  // 32-bit arithmetic (Math.imul), the high bits: the product in doubles lost its low bits and the
  // sequence cycled after ~16,000 draws (187 distinct values of 20,000 before; 6,301 now)
  const rnd = (n: number): number => { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; return (seed >>> 16) % n; };
  const atoms: unknown[] = ['us-gaap:Revenues', 'x', '', 1, 0, -0, NaN, Infinity, true, null, undefined];
  const keys = ['concept', 'accn', 'filed', 'derivation', 'nullReason', 'inputs', 'start'];
  function value(depth: number): unknown {
    const k = rnd(10);
    if (depth > 0 && k === 0) return Array.from({ length: rnd(3) }, () => value(depth - 1));
    if (depth > 0 && k < 4) {
      const o: Record<string, unknown> = {};
      for (const key of keys) if (rnd(2)) o[key] = value(depth - 1);
      return o;
    }
    return atoms[rnd(atoms.length)];
  }
  /** A copy with at most one small change (often none), to test near-equal pairs. */
  function variant(v: unknown): unknown {
    if (Array.isArray(v)) return v.map((x) => (rnd(6) === 0 ? value(1) : variant(x)));
    if (v !== null && typeof v === 'object') {
      const o: Record<string, unknown> = {};
      for (const [key, x] of Object.entries(v)) if (rnd(12) !== 0) o[key] = rnd(8) === 0 ? value(1) : variant(x);
      if (rnd(10) === 0) o[keys[rnd(keys.length)]!] = value(1);
      return o;
    }
    return rnd(10) === 0 ? atoms[rnd(atoms.length)] : v;
  }
  let equal = 0;
  for (let i = 0; i < 20000; i++) {
    const a = value(3), b = variant(a);
    const want = byText(a, b);
    if (want) equal++;
    assert.equal(sameJson(a, b), want, `${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
  }
  assert.ok(equal > 1000 && equal < 19000, 'both equal and unequal pairs were generated');
});
