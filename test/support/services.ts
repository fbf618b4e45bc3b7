// The PostgreSQL and Redis the networked backends' tests run against (scripts/services.sh starts
// them): TENK_TEST_REDIS_URL / TENK_TEST_DATABASE_URL, default the local services. A test that
// needs one is skipped, naming the reason, when it cannot be reached.
import net from 'node:net';

export const TEST_REDIS_URL = process.env.TENK_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const TEST_DATABASE_URL = process.env.TENK_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function reachable(url: string, defaultPort: number): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const s = net.connect({ host: u.hostname || '127.0.0.1', port: Number(u.port || defaultPort) });
    const done = (ok: boolean) => { s.destroy(); resolve(ok); };
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
    s.setTimeout(2000, () => done(false));
  });
}

/** false, or the skip reason when Redis cannot be reached. */
export async function redisSkip(): Promise<false | string> {
  return (await reachable(TEST_REDIS_URL, 6379)) ? false : `no Redis at ${TEST_REDIS_URL} (run scripts/services.sh)`;
}

/** false, or the skip reason when PostgreSQL cannot be reached. */
export async function postgresSkip(): Promise<false | string> {
  return (await reachable(TEST_DATABASE_URL, 5432)) ? false : `no PostgreSQL at ${TEST_DATABASE_URL} (run scripts/services.sh)`;
}
