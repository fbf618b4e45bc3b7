// In-memory sliding-window limiter (one process). Each key keeps the timestamps of its admitted
// requests of the last 60 s in a ring buffer, so the count is exact at every instant: a request
// is admitted iff fewer than `limit` admitted requests have t > now - 60 s. Memory per key is
// bounded by its limit; keys idle for a whole window are swept. snapshot/restore carry the windows
// across a restart (saved in state.sqlite at shutdown).
import type { Clock } from '../model/clock.js';
import { WINDOW_MS, type LimitDecision, type RateLimiter } from './limiter.js';

class Window {
  ts: Float64Array;
  head = 0;
  count = 0;
  constructor(capacity: number) { this.ts = new Float64Array(capacity); }

  oldest(): number { return this.ts[this.head]!; }

  evict(before: number): void {
    while (this.count > 0 && this.ts[this.head]! <= before) {
      this.head = (this.head + 1) % this.ts.length;
      this.count -= 1;
    }
  }

  push(t: number, limit: number): void {
    if (this.count === this.ts.length) this.grow(Math.min(Math.max(this.ts.length * 2, 8), Math.max(limit, this.count + 1)));
    this.ts[(this.head + this.count) % this.ts.length] = t;
    this.count += 1;
  }

  private grow(capacity: number): void {
    const next = new Float64Array(capacity);
    for (let i = 0; i < this.count; i += 1) next[i] = this.ts[(this.head + i) % this.ts.length]!;
    this.ts = next;
    this.head = 0;
  }

  newest(): number { return this.ts[(this.head + this.count - 1) % this.ts.length]!; }
}

export class MemoryLimiter implements RateLimiter {
  private readonly windows = new Map<string, Window>();
  private hits = 0;

  constructor(private readonly clock: Clock, private readonly sweepEvery = 10_000) {}

  async hit(key: string, limit: number): Promise<LimitDecision> {
    const now = this.clock.now();
    if ((this.hits += 1) % this.sweepEvery === 0) this.sweep(now);
    let w = this.windows.get(key);
    if (!w) this.windows.set(key, (w = new Window(Math.min(Math.max(limit, 1), 8))));
    w.evict(now - WINDOW_MS);
    if (w.count < limit) {
      w.push(now, limit);
      return { allowed: true, limit, remaining: limit - w.count, resetAt: Math.ceil((w.oldest() + WINDOW_MS) / 1000), retryAfter: 0 };
    }
    const freeAt = w.count > 0 ? w.oldest() + WINDOW_MS : now;
    return {
      allowed: false, limit, remaining: 0,
      resetAt: Math.ceil(freeAt / 1000),
      retryAfter: Math.max(1, Math.ceil((freeAt - now) / 1000)),
    };
  }

  private sweep(now: number): void {
    for (const [key, w] of this.windows) if (w.count === 0 || w.newest() <= now - WINDOW_MS) this.windows.delete(key);
  }

  /** The admitted timestamps still inside the window, per key (saved at shutdown, serve-command). */
  snapshot(): Array<{ key: string; stamps: number[] }> {
    const now = this.clock.now();
    const out: Array<{ key: string; stamps: number[] }> = [];
    for (const [key, w] of this.windows) {
      w.evict(now - WINDOW_MS);
      if (w.count === 0) continue;
      const stamps: number[] = [];
      for (let i = 0; i < w.count; i += 1) stamps.push(w.ts[(w.head + i) % w.ts.length]!);
      out.push({ key, stamps });
    }
    return out;
  }

  /** Loads saved windows (a restart): stamps older than the window are dropped; a key that already
   *  has state here keeps it (restore runs before the first request). */
  restore(entries: ReadonlyArray<{ key: string; stamps: readonly number[] }>): void {
    const since = this.clock.now() - WINDOW_MS;
    for (const { key, stamps } of entries) {
      if (this.windows.has(key)) continue;
      const live = stamps.filter((t) => Number.isFinite(t) && t > since).sort((a, b) => a - b);
      if (live.length === 0) continue;
      const w = new Window(live.length);
      for (const t of live) w.push(t, live.length);
      this.windows.set(key, w);
    }
  }

  /** Number of keys with state (for tests of the sweep). */
  get size(): number { return this.windows.size; }

  async close(): Promise<void> { this.windows.clear(); }
}
