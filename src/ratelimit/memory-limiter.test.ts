// Runs the shared limiter cases against the in-memory limiter, plus its idle-key sweep.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../model/clock.js';
import { runLimiterCases } from './limiter.case.js';
import { MemoryLimiter } from './memory-limiter.js';

runLimiterCases('memory', async (clock) => new MemoryLimiter(clock));

test('memory limiter sweeps keys idle for a whole window', async () => {
  const clock = new ManualClock();
  const rl = new MemoryLimiter(clock, 4);
  await rl.hit('a', 5); await rl.hit('b', 5); await rl.hit('c', 5);
  assert.equal(rl.size, 3);
  clock.advance(61_000);
  await rl.hit('d', 5); // 4th hit triggers the sweep before counting d
  assert.equal(rl.size, 1);
});
