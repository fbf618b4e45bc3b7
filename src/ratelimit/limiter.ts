// The rate limiter seam: a true sliding 60-second window per key (exact, not fixed buckets),
// with time from an injected Clock. The in-memory limiter implements it now, Redis later; both
// run the case suite in limiter.case.ts.
export const WINDOW_MS = 60_000;

export interface LimitDecision {
  allowed: boolean;
  /** The enforced limit for the window. */
  limit: number;
  /** Requests left in the window after this one (0 when denied). */
  remaining: number;
  /** Unix time (s, rounded up) when the oldest counted request leaves the window. */
  resetAt: number;
  /** Whole seconds to wait before a retry can succeed; 0 when allowed. */
  retryAfter: number;
}

export interface RateLimiter {
  /** Count one request for `key` under `limit` per window; denied requests are not counted. */
  hit(key: string, limit: number): Promise<LimitDecision>;
  close(): Promise<void>;
}
