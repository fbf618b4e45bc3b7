// Configuration: environment and flags parsed once into a frozen object.
// Nothing else in tenk reads process.env; everything receives a Config.
import path from 'node:path';

export interface Config {
  /** Directory holding dataset.sqlite and state.sqlite (TENK_HOME, default ./.tenk). */
  readonly home: string;
  /** The served dataset build ($TENK_HOME/dataset.sqlite). */
  readonly datasetPath: string;
  /** Control-plane state: API keys and usage ($TENK_HOME/state.sqlite). */
  readonly statePath: string;
  /** Source mirror laid out like shared/data (TENK_SOURCE), or null. */
  readonly source: string | null;
  readonly host: string;
  readonly port: number;
  /** Secret for signing v3 page tokens (TENK_SECRET); generated and kept in state when unset. */
  readonly secret: string | null;
  /** Safety cap (requests per minute) for plans with an unlimited rate (TENK_UNLIMITED_RATE_CAP). */
  readonly unlimitedRateCap: number;
  /** Log level for the server (TENK_LOG_LEVEL: fatal|error|warn|info|debug|silent). */
  readonly logLevel: string;
}

export interface ConfigOverrides {
  home?: string;
  source?: string | null;
  port?: number;
  host?: string;
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: ConfigOverrides = {}): Config {
  const home = path.resolve(overrides.home ?? env.TENK_HOME ?? '.tenk');
  const sourceRaw = overrides.source !== undefined ? overrides.source : env.TENK_SOURCE ?? null;
  return Object.freeze({
    home,
    datasetPath: path.join(home, 'dataset.sqlite'),
    statePath: path.join(home, 'state.sqlite'),
    source: sourceRaw ? path.resolve(sourceRaw) : null,
    host: overrides.host ?? env.TENK_HOST ?? '127.0.0.1',
    port: overrides.port ?? intFrom(env.PORT ?? env.TENK_PORT, 8080, 'PORT'),
    secret: env.TENK_SECRET && env.TENK_SECRET.length > 0 ? env.TENK_SECRET : null,
    unlimitedRateCap: intFrom(env.TENK_UNLIMITED_RATE_CAP, 100_000, 'TENK_UNLIMITED_RATE_CAP'),
    logLevel: env.TENK_LOG_LEVEL ?? 'info',
  });
}
