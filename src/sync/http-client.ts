// The one way sync talks HTTP (Node's built-in fetch): every attempt waits for the rate gate and
// sends the User-Agent; a request with known validators is conditional (If-None-Match,
// If-Modified-Since) and a 304 is "not modified"; 429, 5xx, network errors and bodies that fail
// their check (truncated, not what was asked for) are retried with capped backoff and jitter.
import type { RateGate } from './rate-gate.js';
import { retryAfterMs, retryDelayMs, retryableStatus, type RetryPolicy } from './retry-policy.js';

export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

export type FetchResult<T> =
  | { kind: 'fetched'; value: T; validators: Validators }
  | { kind: 'not-modified' };

/** The request failed for good: after every retry, or with a status that is not retried. */
export class FetchFailedError extends Error {
  constructor(readonly url: string, readonly status: number | null, message: string) {
    super(message);
  }
}

/** Thrown by a body reader for a body that is incomplete or malformed: the attempt is retried. */
export class BadBodyError extends Error {}

export interface HttpClientOptions {
  userAgent: string;
  gate: RateGate;
  policy: RetryPolicy;
  /** Per attempt, headers to body end. */
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

export interface HttpClient {
  /** GETs `url`, conditionally when `known` has validators; `read` consumes a 200's body. */
  get<T>(url: string, known: Validators | null, read: (res: Response) => Promise<T>): Promise<FetchResult<T>>;
  /** Requests sent so far (attempts, retries included) and retries among them. */
  readonly stats: { requests: number; retries: number };
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function message(err: unknown): string {
  if (err instanceof Error) {
    const cause = (err as Error & { cause?: unknown }).cause;
    return cause instanceof Error ? `${err.message} (${cause.message})` : err.message;
  }
  return String(err);
}

/** The body as bytes; a body shorter than its Content-Length is a BadBodyError. */
export async function readBytes(res: Response): Promise<Buffer> {
  let bytes: Buffer;
  try {
    bytes = Buffer.from(await res.arrayBuffer());
  } catch (err) {
    throw new BadBodyError(`body cut off (${message(err)})`);
  }
  const declared = res.headers.get('content-length');
  if (declared !== null && res.headers.get('content-encoding') === null && Number(declared) !== bytes.length) {
    throw new BadBodyError(`body of ${bytes.length} bytes, ${declared} announced`);
  }
  return bytes;
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const sleep = options.sleep ?? defaultSleep;
  const timeoutMs = options.timeoutMs ?? 120_000;
  const stats = { requests: 0, retries: 0 };
  return {
    stats,
    async get(url, known, read) {
      let lastError = '';
      let lastStatus: number | null = null;
      for (let attempt = 1; attempt <= options.policy.attempts; attempt++) {
        let retryAfter: number | null = null;
        await options.gate.wait();
        stats.requests += 1;
        const headers: Record<string, string> = { 'user-agent': options.userAgent };
        if (known?.etag) headers['if-none-match'] = known.etag;
        if (known?.lastModified) headers['if-modified-since'] = known.lastModified;
        try {
          const res = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
          lastStatus = res.status;
          if (res.status === 304) {
            await res.body?.cancel();
            return { kind: 'not-modified' };
          }
          if (res.status === 200) {
            const value = await read(res);
            return { kind: 'fetched', value, validators: { etag: res.headers.get('etag'), lastModified: res.headers.get('last-modified') } };
          }
          await res.body?.cancel();
          lastError = `HTTP ${res.status}`;
          if (!retryableStatus(res.status)) throw new FetchFailedError(url, res.status, lastError);
          retryAfter = retryAfterMs(res.headers.get('retry-after'));
        } catch (err) {
          if (err instanceof FetchFailedError) throw err;
          lastError = message(err);
          if (!(err instanceof BadBodyError)) lastStatus = null;
        }
        if (attempt < options.policy.attempts) {
          stats.retries += 1;
          await sleep(retryDelayMs(options.policy, attempt, retryAfter));
        }
      }
      throw new FetchFailedError(url, lastStatus, `${lastError} after ${options.policy.attempts} attempts`);
    },
  };
}
