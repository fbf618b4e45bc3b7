// `tenk serve [--port N]`: serve $TENK_HOME/dataset.sqlite read-only over HTTP (ingesting first
// when no dataset exists and TENK_SOURCE is set); keys in PostgreSQL and limits in Redis when
// TENK_DATABASE_URL / TENK_REDIS_URL are set (control-plane.ts). It prints how fresh the dataset is (newest
// price and filing dates); on first start with no keys it creates one development key (Professional
// plan) and prints it with a URL to try. SIGTERM/SIGINT: drain
// (http/drain.ts: Connection: close, no resets), save the rate windows, exit 0.
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../model/config.js';
import { warmReferenceData } from '../dataset/reference-warmup.js';
import { buildServer } from '../http/build-server.js';
import { drainServer } from '../http/drain.js';
import { ServerMetrics } from '../http/server-metrics.js';
import { closeServedDataset, replaceDataset } from '../http/served-dataset.js';
import { openServedSource, type ServedSource } from './served-source.js';
import { freshnessLine, readDatasetFreshness } from './dataset-freshness.js';
import { collectStartupGarbage } from './release-memory.js';
import { mcpRoutes } from '../http/mcp-route.js';
import { systemClock } from '../model/clock.js';
import type { KeyStore } from '../store/key-store.js';
import { openKeyPlane, openLimiter, type KeyPlane } from './control-plane.js';
import { acquireHomeLock, type HomeLock } from '../store/home-lock.js';
import { loadRateWindows, saveRateWindows } from '../store/rate-window-file.js';
import type { Command } from './command.js';

export const DEV_KEY_PLAN = 'professional' as const;

export const serveCommand: Command = {
  name: 'serve',
  summary: 'serve the dataset over HTTP (v2/v3 API, /openapi.json, MCP at /mcp)',
  help: [
    'usage: tenk serve [--port N] [--host H] [--home DIR]',
    '',
    '  --port N     TCP port (default: $PORT or 8080; 0 picks a free port)',
    '  --host H     interface to bind (default: $TENK_HOST or 127.0.0.1)',
    '  --home DIR   directory with dataset.sqlite and state.sqlite (default: $TENK_HOME or ./.tenk)',
    '',
    'With no dataset and TENK_SOURCE set, the dataset is ingested first. The first start with no',
    'API keys creates a development key (Professional plan) and prints it.',
  ].join('\n'),
  async run(args) {
    const { values } = parseArgs({ args, options: { port: { type: 'string' }, host: { type: 'string' }, home: { type: 'string' } } });
    let port: number | undefined;
    if (values.port !== undefined) {
      port = Number(values.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) {
        process.stderr.write('tenk serve: --port must be an integer between 0 and 65535\n');
        return 2;
      }
    }
    const config = loadConfig(process.env, { ...(port !== undefined ? { port } : {}), ...(values.host ? { host: values.host } : {}), ...(values.home ? { home: values.home } : {}) });
    // One server per home (the in-process limiter is per process); released on exit or crash.
    // With Redis the limits are shared, so several nodes may share a home.
    let lock: HomeLock | null = null;
    if (!config.redisUrl) {
      try {
        lock = acquireHomeLock(config.home);
      } catch (err) {
        process.stderr.write(`tenk serve: ${err instanceof Error ? err.message : String(err)}\n`);
        return 1;
      }
    }
    const code = await serve(config);
    lock?.release();
    return code;
  },
};

/** Everything after the lock: check and open the files, listen, and drain on SIGTERM/SIGINT. */
async function serve(config: Config): Promise<number> {
  // Refuse a file that is not a complete tenk build, and a state file that exists but is
  // empty or unreadable (never re-initialize it: that would drop every key); the message names
  // the file and the cause.
  let source: ServedSource;
  let keys: KeyPlane;
  try {
    source = await openServedSource(config);
  } catch (err) {
    process.stderr.write(`tenk serve: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
  const dataset = source.dataset;
  try {
    keys = await openKeyPlane(config);
  } catch (err) {
    dataset.close();
    await source.close();
    process.stderr.write(`tenk serve: ${config.databaseUrl ? '' : 'state file '}${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
  const keyStore: KeyStore = keys.store;
  // Build the ticker index and reference catalog before listening, so no request pays for it.
  warmReferenceData(dataset);
  collectStartupGarbage();
  const limits = await openLimiter(config, systemClock, (message) => process.stderr.write(`tenk: ${message}\n`));
  const limiter = limits.limiter;
  // The windows saved at the last shutdown: a restart does not hand every key a fresh minute.
  // (In-process limiter only: Redis keeps the shared windows itself.)
  limits.memory?.restore(loadRateWindows(config.statePath));
  // Printed beside the key: a first run's numbers are only as new as these (null: unreadable, no line).
  const freshness = await readDatasetFreshness(dataset).catch(() => null);
  const devKey = await keys.createFirstKey({ plan: DEV_KEY_PLAN, name: 'development', now: new Date() });
  const secret = await keys.secret();
  const metrics = config.metricsPort !== null
    ? new ServerMetrics({ builtAt: dataset.meta('built_at'), schemaVersion: dataset.meta('schema_version') })
    : undefined;
  const app = await buildServer({ config, dataset, keyStore, limiter, clock: systemClock, secret, extraRoutes: [mcpRoutes()],
    cacheBytes: config.cacheMb * 1024 * 1024, ...(metrics ? { metrics } : {}),
    dependencies: () => ({ ...keys.health(), ...limits.health() }) });
  await app.listen({ port: config.port, host: config.host });
  const addr = app.server.address();
  const actualPort = addr && typeof addr === 'object' ? addr.port : config.port;
  const base = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${actualPort}`;
  process.stdout.write(`tenk: serving ${source.label} at ${base} (OpenAPI: ${base}/openapi.json, MCP: ${base}/mcp)\n`);
  // A new build renamed into place (tenk sync, tenk ingest), or a new PostgreSQL version, is
  // served without a restart.
  const watch = source.watch((next) => {
    replaceDataset(app, next);
    metrics?.datasetChanged({ builtAt: next.meta('built_at'), schemaVersion: next.meta('schema_version') });
    process.stdout.write(`tenk: serving the new dataset built at ${next.meta('built_at')}\n`);
    readDatasetFreshness(next).then((f) => process.stdout.write(freshnessLine(f)), () => undefined);
  }, (message) => process.stderr.write(`tenk: ${message}\n`));
  // Metrics on their own listener (never on the public port).
  const metricsServer = metrics && config.metricsPort !== null ? await metrics.listen(config.metricsPort, config.metricsHost) : null;
  if (metricsServer) {
    const a = metricsServer.address();
    const mport = a && typeof a === 'object' ? a.port : config.metricsPort;
    process.stdout.write(`tenk: metrics at http://${config.metricsHost.includes(':') ? `[${config.metricsHost}]` : config.metricsHost}:${mport}/metrics\n`);
  }
  if (freshness) process.stdout.write(freshnessLine(freshness));
  if (devKey) {
    process.stdout.write(
      `tenk: created a development API key (${DEV_KEY_PLAN} plan); it is shown only this once:\n` +
      `  ${devKey}\n` +
      `try: curl '${base}/v2/fundamental/income-statement/AAPL?limit=2&apikey=${devKey}'\n`);
  }
  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      process.stdout.write(`tenk: ${signal} received, finishing in-flight requests\n`);
      metricsServer?.close();
      watch.stop();
      drainServer(app).then(async () => {
        closeServedDataset(app);
        await source.close();
        await keyStore.close();
        if (limits.memory) saveRateWindows(config.statePath, limits.memory.snapshot(), systemClock.now());
        await limiter.close();
        process.stdout.write('tenk: stopped\n');
        resolve(0);
      }, (err: unknown) => {
        process.stderr.write(`tenk: shutdown failed: ${err instanceof Error ? err.message : String(err)}\n`);
        resolve(1);
      });
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  });
}
