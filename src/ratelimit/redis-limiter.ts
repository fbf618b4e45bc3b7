// The sliding-window limiter in Redis, shared by every `tenk serve` node (TENK_REDIS_URL). One
// atomic Lua script per request over a sorted set per key (score = admitted time in ms): evict
// what left the window, admit iff fewer than `limit` remain, answer count and oldest stamp. So it
// is exact to the request across nodes, with the memory limiter's semantics (limiter.case.ts).
// Invariant: a Redis failure is never an admission; it is a DependencyUnavailableError (503),
// with short timeouts and no offline queue, and the client reconnects by itself.
import crypto from 'node:crypto';
import { Redis, type RedisOptions } from 'ioredis';
import type { Clock } from '../model/clock.js';
import { DependencyUnavailableError } from '../model/dependency-error.js';
import { WINDOW_MS, type LimitDecision, type RateLimiter } from './limiter.js';

// KEYS[1]: the key's window; ARGV: now (ms), window (ms), limit, a unique member.
// Returns {admitted 0|1, requests in the window (after admitting), oldest stamp or false}.
const HIT_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
local admitted = 0
if count < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[4])
  redis.call('PEXPIRE', KEYS[1], window)
  count = count + 1
  admitted = 1
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
type ScriptedRedis = Redis & { tenkHit(key: string, now: number, window: number, limit: number, member: string): Promise<HitReply> };

export class RedisLimiter implements RateLimiter {
  private readonly client: ScriptedRedis;
  private readonly prefix: string;
  /** Distinguishes this process's members from other nodes' admitted at the same millisecond. */
  private readonly node = crypto.randomBytes(6).toString('base64url');
  private seq = 0;

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

  async hit(key: string, limit: number): Promise<LimitDecision> {
    const now = this.clock.now();
    this.seq = (this.seq + 1) % Number.MAX_SAFE_INTEGER;
    let reply: HitReply;
    try {
      reply = await this.client.tenkHit(this.prefix + key, now, WINDOW_MS, limit, `${now}:${this.node}:${this.seq}`);
    } catch (err) {
      throw new DependencyUnavailableError('redis', err);
    }
    const [admitted, count, oldestRaw] = reply;
    const oldest = oldestRaw === null ? null : Number(oldestRaw);
    if (admitted === 1) {
      return { allowed: true, limit, remaining: limit - count, resetAt: Math.ceil((oldest! + WINDOW_MS) / 1000), retryAfter: 0 };
    }
    const freeAt = oldest !== null ? oldest + WINDOW_MS : now;
    return {
      allowed: false, limit, remaining: 0,
      resetAt: Math.ceil(freeAt / 1000),
      retryAfter: Math.max(1, Math.ceil((freeAt - now) / 1000)),
    };
  }

  async close(): Promise<void> {
    this.client.disconnect();
  }
}
