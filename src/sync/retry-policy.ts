// When to retry a request and how long to wait: capped exponential backoff with full jitter,
// or the server's Retry-After when it gives one (capped too). 429, 5xx and network errors retry;
// other statuses do not (a 404 is an answer, a 403 a refusal that retrying would only repeat).
export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  /** Delay before the first retry, doubled per retry. */
  baseMs: number;
  /** Cap of the backoff and of a server's Retry-After. */
  capMs: number;
}

export function retryPolicy(baseMs: number): RetryPolicy {
  return { attempts: 5, baseMs, capMs: Math.max(baseMs, 60_000) };
}

export function retryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/** Milliseconds a Retry-After header asks for (seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterMs(header: string | null, nowMs: number = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const v = header.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

/**
 * The wait before retry number `retry` (1 = the first retry): the server's Retry-After when
 * given, else a random delay in [0, min(cap, base * 2^(retry-1))] ("full jitter"); both capped.
 */
export function retryDelayMs(policy: RetryPolicy, retry: number, retryAfter: number | null, random: () => number = Math.random): number {
  if (retryAfter !== null) return Math.min(policy.capMs, retryAfter);
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, retry - 1));
  return Math.round(ceiling * random());
}
