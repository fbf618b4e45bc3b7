// Runs the shared limiter cases against the Redis limiter (a fresh key prefix per case), plus its
// failure behaviour: an unreachable Redis is a DependencyUnavailableError, never an admission.
import crypto from 'node:crypto';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../model/clock.js';
import { DependencyUnavailableError } from '../model/dependency-error.js';
import { runLimiterCases } from './limiter.case.js';
import { RedisLimiter } from './redis-limiter.js';

// The Redis of scripts/services.sh, or TENK_TEST_REDIS_URL; the cases are skipped, naming the
// reason, when it cannot be reached.
const TEST_REDIS_URL = process.env.TENK_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const probe = new RedisLimiter(TEST_REDIS_URL, new ManualClock());
const skip = (await probe.ready(5000)) ? false : `no Redis at ${TEST_REDIS_URL} (run scripts/services.sh)`;
await probe.close();

if (skip) {
  test('Redis limiter cases', { skip }, () => {});
} else {
  runLimiterCases('redis', async (clock) => {
    const rl = new RedisLimiter(TEST_REDIS_URL, clock, { prefix: `tenk-test:${crypto.randomUUID()}:` });
    assert.equal(await rl.ready(10_000), true);
    return rl;
  });
}

test('an unreachable Redis is a DependencyUnavailableError, not an admission', async () => {
  // Port 1 on loopback refuses connections.
  const rl = new RedisLimiter('redis://127.0.0.1:1', new ManualClock(), { connectTimeoutMs: 200, commandTimeoutMs: 200 });
  try {
    assert.equal(await rl.ready(300), false);
    await assert.rejects(rl.hit('k', 5), (err: unknown) => err instanceof DependencyUnavailableError && err.dependency === 'redis');
  } finally { await rl.close(); }
});
