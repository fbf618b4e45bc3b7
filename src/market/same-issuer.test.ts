import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dropOtherIssuer } from './same-issuer.js';

/** n trading-day dates from 2020-01-01 (every calendar day: the check reads only the order). */
function days(n: number, from = 0): string[] {
  return Array.from({ length: n }, (_, i) => new Date(Date.UTC(2020, 0, 1 + from + i)).toISOString().slice(0, 10));
}

/** A random walk of n closes (deterministic: the Park-Miller generator from `seed`, exact in doubles). */
function walk(n: number, seed: number, start = 100): number[] {
  let x = (seed * 48271 * 7919) % 2147483647; // small seeds start alike: spread them first
  const out: number[] = [];
  let p = start;
  for (let i = 0; i < n; i++) {
    x = (x * 16807) % 2147483647;
    p *= 1 + ((x / 2147483647) - 0.5) * 0.04;
    out.push(p);
  }
  return out;
}

test('an older set of the same security (another level: dividend-adjusted) keeps every bar', () => {
  const ref = { dates: days(60), close: walk(60, 1), keep: new Array(60).fill(true) };
  const other = { dates: days(80, -20), close: [...walk(20, 9), ...ref.close.map((c) => c * 0.93)], keep: new Array(80).fill(true) };
  assert.equal(dropOtherIssuer(ref, other), 0);
});

test('an older set of another issuer under the same ticker loses its bars, before the newest set starts too', () => {
  const ref = { dates: days(60), close: walk(60, 1), keep: new Array(60).fill(true) };
  const other = { dates: days(80, -20), close: walk(80, 7, 20), keep: new Array(80).fill(true) };
  assert.equal(dropOtherIssuer(ref, other), 80);
});

test('a ticker taken over mid-way (a merger): only the bars before the change go', () => {
  const ref = { dates: days(100), close: walk(100, 3), keep: new Array(100).fill(true) };
  // the older set is another company for its first 50 days, the same security after
  const close = [...walk(50, 11, 60), ...ref.close.slice(50)];
  const other = { dates: days(100), close, keep: new Array(100).fill(true) };
  const dropped = dropOtherIssuer(ref, other) ?? -1;
  assert.ok(other.keep.slice(0, 40).every((k) => !k), 'the other issuer\'s days are dropped');
  assert.ok(other.keep.slice(62).every((k) => k), 'the same security\'s days are kept');
  assert.ok(dropped >= 40 && dropped <= 62, String(dropped));
});

test('too few common days to tell: null, nothing is dropped', () => {
  const ref = { dates: days(10), close: walk(10, 1), keep: new Array(10).fill(true) };
  const other = { dates: days(10), close: walk(10, 5), keep: new Array(10).fill(true) };
  assert.equal(dropOtherIssuer(ref, other), null);
  assert.ok(other.keep.every((k) => k));
});

test('a reference bar already dropped (another issuer) is not compared', () => {
  const ref = { dates: days(60), close: walk(60, 1), keep: new Array(60).fill(false) };
  const other = { dates: days(60), close: walk(60, 7, 20), keep: new Array(60).fill(true) };
  assert.equal(dropOtherIssuer(ref, other), null, 'no kept reference bar: nothing to tell');
});
