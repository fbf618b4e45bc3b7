// Time as an injected dependency: every window, expiry and "today" in tenk reads a Clock, so
// tests move time explicitly. Invariant: now() never goes backwards for a ManualClock.
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock tests set and advance by hand. */
export class ManualClock implements Clock {
  constructor(private ms: number = Date.UTC(2026, 0, 15, 12, 0, 0)) {}
  now(): number { return this.ms; }
  set(ms: number | string): void {
    const next = typeof ms === 'string' ? Date.parse(ms) : ms;
    if (next < this.ms) throw new Error('ManualClock cannot go backwards');
    this.ms = next;
  }
  advance(ms: number): void {
    if (ms < 0) throw new Error('ManualClock cannot go backwards');
    this.ms += ms;
  }
}
