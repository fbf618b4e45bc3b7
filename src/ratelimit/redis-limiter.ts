// The sliding-window limiter in Redis, shared by every `tenk serve` node (TENK_REDIS_URL). One
// atomic Lua script over a sorted set per key (score = admitted time in ms): evict what left the
// window, admit while fewer than `limit` remain, answer the count and the oldest stamp. So it is
// exact to the request across nodes, with the memory limiter's semantics (limiter.case.ts).
// Requests of one key that arrive while that key's script call is in flight wait and go together
// in the next call (a batch of n: the script admits the first min(n, room) in arrival order), so
// a busy key costs one round trip per batch, not per request; decisions stay those of one call
// per request made in that order.
// Invariant: a Redis failure is never an admission; it is a DependencyUnavailableError (503),
// with short timeouts and no offline queue, and the client reconnects by itself.
import crypto from 'node:crypto';
import { Redis, type RedisOptions } from 'ioredis';
import type { Clock } from '../model/clock.js';
import { DependencyUnavailableError } from '../model/dependency-error.js';
import { WINDOW_MS, type LimitDecision, type RateLimiter } from './limiter.js';

// KEYS[1]: the key's window; ARGV: now (ms), window (ms), limit, n (requests in the batch), a
// member prefix unique to the batch. Admits the first min(n, limit - count) requests.
// Returns {admitted, requests in the window after admitting, oldest stamp or false}.
const HIT_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
local n = tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
local admitted = math.max(0, math.min(n, limit - count))
if admitted > 0 then
  for i = 1, admitted do
    redis.call('ZADD', KEYS[1], now, ARGV[5] .. ':' .. i)
  end
  redis.call('PEXPIRE', KEYS[1], window)
  count = count + admitted
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return {admitted, count, oldest[2] or false}
`;

export interface RedisLimiterOptions {
  /** Prefix of the window keys (default `tenk:rl:`); tests use their own. */
  prefix?: string;
  /** Per-command timeout in ms (default 1000): a slow Redis is a 503, never a hang. */
  commandTimeoutMs?: number;
  /** Connect timeout in ms (default 1000). */
  connectTimeoutMs?: number;
}

type HitReply = [number, number, string | null];
type ScriptedRedis = Redis & { tenkHit(key: string, now: number, window: number, limit: number, n: number, member: string): Promise<HitReply> };

interface Waiter { resolve(d: LimitDecision): void; reject(err: unknown): void }

/** One key's requests under one limit: the waiters of the next call, and whether one is in flight. */
interface KeyQueue { key: string; limit: number; waiting: Waiter[]; inFlight: boolean }

export class RedisLimiter implements RateLimiter {
  private readonly client: ScriptedRedis;
  private readonly prefix: string;
  /** Distinguishes this process's members from other nodes' admitted at the same millisecond. */
  private readonly node = crypto.randomBytes(6).toString('base64url');
  private seq = 0;
  /** By key and limit: the queue of requests waiting for that key's call in flight. */
  private readonly queues = new Map<string, KeyQueue>();

  constructor(url: string, private readonly clock: Clock, opts: RedisLimiterOptions = {}) {
    this.prefix = opts.prefix ?? 'tenk:rl:';
    const options: RedisOptions = {
      enableOfflineQueue: false, // while disconnected a command fails at once (503), never waits
      maxRetriesPerRequest: 0,
      commandTimeout: opts.commandTimeoutMs ?? 1000,
      connectTimeout: opts.connectTimeoutMs ?? 1000,
      // Reconnect forever, at most a second apart: service resumes by itself when Redis returns.
      retryStrategy: (times) => Math.min(100 * times, 1000),
      lazyConnect: false,
    };
    this.client = new Redis(url, options) as ScriptedRedis;
    // Connection errors surface as failed commands; the event must be handled or Node prints it.
    this.client.on('error', () => { /* reported per request as a 503 */ });
    this.client.defineCommand('tenkHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  }

  /** Resolves when connected, false if not within `timeoutMs` (the server still starts: 503s
   *  until Redis is reachable). */
  async ready(timeoutMs = 3000): Promise<boolean> {
    if (this.client.status === 'ready') return true;
    return new Promise<boolean>((resolve) => {
      const done = (ok: boolean) => { clearTimeout(timer); this.client.off('ready', onReady); resolve(ok); };
      const onReady = () => done(true);
      const timer = setTimeout(() => done(false), timeoutMs);
      this.client.on('ready', onReady);
    });
  }

  /** Whether the connection is up now (for /healthz). */
  get connected(): boolean { return this.client.status === 'ready'; }

  hit(key: string, limit: number): Promise<LimitDecision> {
    const id = `${limit}:${key}`;
    let q = this.queues.get(id);
    if (q === undefined) {
      q = { key, limit, waiting: [], inFlight: false };
      this.queues.set(id, q);
    }
    const queue = q;
    return new Promise<LimitDecision>((resolve, reject) => {
      queue.waiting.push({ resolve, reject });
      if (!queue.inFlight) void this.flush(id, queue);
    });
  }

  /** Sends the queue's waiters as one script call; the ones arriving meanwhile go in the next. */
  private async flush(id: string, q: KeyQueue): Promise<void> {
    const batch = q.waiting;
    q.waiting = [];
    q.inFlight = true;
    const now = this.clock.now();
    this.seq = (this.seq + 1) % Number.MAX_SAFE_INTEGER;
    try {
      const reply = await this.client.tenkHit(this.prefix + q.key, now, WINDOW_MS, q.limit, batch.length, `${now}:${this.node}:${this.seq}`);
      const decisions = decide(reply, batch.length, q.limit, now);
      for (let i = 0; i < batch.length; i += 1) batch[i]!.resolve(decisions[i]!);
    } catch (err) {
      const failure = new DependencyUnavailableError('redis', err);
      for (const w of batch) w.reject(failure);
    }
    q.inFlight = false;
    if (q.waiting.length > 0) void this.flush(id, q);
    else this.queues.delete(id);
  }

  async close(): Promise<void> {
    this.client.disconnect();
  }
}

/** The decisions of a batch of n requests, in arrival order, from the script's reply. */
function decide([admitted, count, oldestRaw]: HitReply, n: number, limit: number, now: number): LimitDecision[] {
  const oldest = oldestRaw === null ? null : Number(oldestRaw);
  const before = count - admitted;
  const out: LimitDecision[] = [];
  for (let i = 0; i < n; i += 1) {
    if (i < admitted) {
      out.push({ allowed: true, limit, remaining: limit - (before + i + 1), resetAt: Math.ceil((oldest! + WINDOW_MS) / 1000), retryAfter: 0 });
      continue;
    }
    const freeAt = oldest !== null ? oldest + WINDOW_MS : now;
    out.push({
      allowed: false, limit, remaining: 0,
      resetAt: Math.ceil(freeAt / 1000),
      retryAfter: Math.max(1, Math.ceil((freeAt - now) / 1000)),
    });
  }
  return out;
}
