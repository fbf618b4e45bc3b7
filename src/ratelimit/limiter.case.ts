// The shared case suite every RateLimiter runs (memory now, Redis later). Time only moves
// through the injected ManualClock, so every expectation is exact.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../model/clock.js';
import type { RateLimiter } from './limiter.js';

export function runLimiterCases(name: string, open: (clock: ManualClock) => Promise<RateLimiter>): void {
  describe(`RateLimiter cases: ${name}`, () => {
    const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);

    test('admits `limit` requests, counting remaining down, then denies', async () => {
      const clock = new ManualClock(T0);
      const rl = await open(clock);
      try {
        for (let i = 1; i <= 5; i += 1) {
          const d = await rl.hit('k', 5);
          assert.equal(d.allowed, true);
          assert.equal(d.limit, 5);
          assert.equal(d.remaining, 5 - i);
          assert.equal(d.resetAt, Math.ceil((T0 + 60_000) / 1000));
          clock.advance(1000);
        }
        const denied = await rl.hit('k', 5);
        assert.equal(denied.allowed, false);
        assert.equal(denied.remaining, 0);
        assert.equal(denied.retryAfter, 55);
        assert.equal(denied.resetAt, Math.ceil((T0 + 60_000) / 1000));
      } finally { await rl.close(); }
    });

    test('the window slides: the oldest request frees its slot exactly 60 s later', async () => {
      const clock = new ManualClock(T0);
      const rl = await open(clock);
      try {
        for (let i = 0; i < 3; i += 1) { assert.equal((await rl.hit('k', 3)).allowed, true); clock.advance(10_000); }
        clock.set(T0 + 59_999);
        assert.equal((await rl.hit('k', 3)).allowed, false);
        clock.set(T0 + 60_000);
        const d = await rl.hit('k', 3);
        assert.equal(d.allowed, true);
        assert.equal(d.remaining, 0);
        assert.equal(d.resetAt, Math.ceil((T0 + 10_000 + 60_000) / 1000));
        assert.equal((await rl.hit('k', 3)).allowed, false);
      } finally { await rl.close(); }
    });

    test('exact, not fixed buckets: a burst at the end of a minute still counts a second later', async () => {
      const clock = new ManualClock(T0 + 59_000);
      const rl = await open(clock);
      try {
        for (let i = 0; i < 5; i += 1) assert.equal((await rl.hit('k', 5)).allowed, true);
        clock.set(T0 + 61_000); // a fixed per-minute bucket would have reset here
        const d = await rl.hit('k', 5);
        assert.equal(d.allowed, false);
        assert.equal(d.retryAfter, 58);
      } finally { await rl.close(); }
    });

    test('denied requests are not counted; keys are independent', async () => {
      const clock = new ManualClock(T0);
      const rl = await open(clock);
      try {
        assert.equal((await rl.hit('a', 1)).allowed, true);
        for (let i = 0; i < 10; i += 1) { clock.advance(5_000); assert.equal((await rl.hit('a', 1)).allowed, false); }
        assert.equal((await rl.hit('b', 1)).allowed, true);
        clock.set(T0 + 60_000);
        assert.equal((await rl.hit('a', 1)).allowed, true);
      } finally { await rl.close(); }
    });

    test('retryAfter is whole seconds rounded up, at least 1', async () => {
      const clock = new ManualClock(T0);
      const rl = await open(clock);
      try {
        await rl.hit('k', 1);
        clock.set(T0 + 1_500);
        assert.equal((await rl.hit('k', 1)).retryAfter, 59);
        clock.set(T0 + 59_500);
        assert.equal((await rl.hit('k', 1)).retryAfter, 1);
      } finally { await rl.close(); }
    });

    test('a lower limit for the same key applies at once; a higher one admits more', async () => {
      const clock = new ManualClock(T0);
      const rl = await open(clock);
      try {
        for (let i = 0; i < 3; i += 1) await rl.hit('k', 10);
        assert.equal((await rl.hit('k', 3)).allowed, false);
        const d = await rl.hit('k', 300);
        assert.equal(d.allowed, true);
        assert.equal(d.remaining, 296);
      } finally { await rl.close(); }
    });

    test('concurrent hits are counted exactly: of 20 in flight at once under a limit of 5, 5 are admitted', async () => {
      // The request pipeline awaits hit() per request, so requests of one key overlap; an
      // implementation that reads and then writes the window in two steps would admit more.
      const clock = new ManualClock(T0);
      const rl = await open(clock);
      try {
        const ds = await Promise.all(Array.from({ length: 20 }, () => rl.hit('k', 5)));
        const admitted = ds.filter((d) => d.allowed);
        assert.equal(admitted.length, 5);
        assert.deepEqual(admitted.map((d) => d.remaining).sort(), [0, 1, 2, 3, 4]);
        // In arrival order: the first five asked are the five admitted, counting down.
        assert.deepEqual(ds.slice(0, 5).map((d) => [d.allowed, d.remaining]), [[true, 4], [true, 3], [true, 2], [true, 1], [true, 0]]);
        assert.ok(ds.filter((d) => !d.allowed).every((d) => d.remaining === 0 && d.retryAfter === 60));
      } finally { await rl.close(); }
    });

    test('large limits stay exact (the unlimited plans\u2019 safety cap)', async () => {
      const clock = new ManualClock(T0);
      const rl = await open(clock);
      try {
        for (let i = 0; i < 2000; i += 1) assert.equal((await rl.hit('pro', 2000)).allowed, true);
        assert.equal((await rl.hit('pro', 2000)).allowed, false);
        clock.advance(60_000);
        assert.equal((await rl.hit('pro', 2000)).remaining, 1999);
      } finally { await rl.close(); }
    });
  });
}
