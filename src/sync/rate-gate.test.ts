import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRateGate } from './rate-gate.js';

/** The most starts within any one second. */
function peak(at: number[]): number {
  let best = 0;
  for (let i = 0, j = 0; i < at.length; i++) {
    while (at[i]! - at[j]! >= 1000) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

test('a burst of 50 callers starts at most 10 per second, evenly spaced, in call order', () => {
  const clock = { t: 5000 };
  const gate = createRateGate(10, () => clock.t);
  const starts = Array.from({ length: 50 }, () => gate.reserve());
  assert.equal(peak(starts), 10);
  assert.equal(starts[0], 5000);
  assert.ok(starts.every((s, i) => i === 0 || s > starts[i - 1]!));
});

test('callers spread over time are not delayed, and a lower rate holds too', () => {
  const clock = { t: 0 };
  const gate = createRateGate(3, () => clock.t);
  const starts: number[] = [];
  for (let i = 0; i < 20; i++) {
    clock.t += i % 4 === 0 ? 900 : 10;
    starts.push(gate.reserve());
  }
  assert.ok(peak(starts) <= 3, String(peak(starts)));
  assert.equal(starts[0], 900);
});
