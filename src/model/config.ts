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
  /** Base URL of links the server hands out, e.g. https://api.example.com (TENK_PUBLIC_URL); null:
   *  the address a connection reached. http(s) only, no credentials, query or fragment. */
  readonly publicUrl: string | null;
  /** Trust X-Forwarded-Host/-Proto (or Host) from a reverse proxy for links (TENK_TRUST_PROXY=1). */
  readonly trustProxy: boolean;
  /** Browser origins allowed by CORS (TENK_CORS_ORIGINS): '*' (default), a list of origins, or null
   *  (`off`: no CORS headers). */
  readonly corsOrigins: '*' | readonly string[] | null;
  /** Port of the separate Prometheus metrics listener (TENK_METRICS_PORT); null: off (default). */
  readonly metricsPort: number | null;
  /** Interface of the metrics listener (TENK_METRICS_HOST, default 127.0.0.1). */
  readonly metricsHost: string;
  /** Byte budget of the response cache in MiB (TENK_CACHE_MB, default 32; 0 disables it). */
  readonly cacheMb: number;
  /** Redis for the shared sliding-window limiter of several nodes (TENK_REDIS_URL); null: the
   *  in-process limiter (one server per home). Never logged (it may carry a password). */
  readonly redisUrl: string | null;
  /** PostgreSQL for the dataset versions, key store and page-token secret shared by several
   *  nodes (TENK_DATABASE_URL); null: $TENK_HOME/*.sqlite. Never logged. */
  readonly databaseUrl: string | null;
  /** The mirror `tenk sync` keeps up to date, laid out like shared/data ($TENK_HOME/mirror). */
  readonly mirrorPath: string;
  /** `tenk sync`'s sources and SEC fair-access settings (docs/sync.md). */
  readonly sync: SyncConfig;
}

export interface SyncConfig {
  /** data.sec.gov: companyfacts and submissions (TENK_SEC_DATA_URL). */
  readonly secDataUrl: string;
  /** www.sec.gov: the ticker file and the bulk archives (TENK_SEC_WWW_URL). */
  readonly secWwwUrl: string;
  /** Daily price CSV URL template with {symbol} or {symbol_lc} (TENK_PRICES_URL). */
  readonly pricesUrl: string;
  /** "name email" sent as User-Agent to SEC (TENK_SEC_USER_AGENT); sync refuses to run without it. */
  readonly userAgent: string | null;
  /** Requests per second to SEC, 1..10 (TENK_SEC_RATE; SEC's fair-access limit is 10). */
  readonly requestsPerSecond: number;
  /** First retry delay in ms, doubled per retry up to a cap, with jitter (TENK_SYNC_RETRY_MS). */
  readonly retryBaseMs: number;
}

export const SEC_MAX_REQUESTS_PER_SECOND = 10;
export const DEFAULT_PRICES_URL = 'https://stooq.com/q/d/l/?s={symbol_lc}.us&i=d';

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
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

function publicUrlFrom(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  let u: URL;
  try { u = new URL(value); } catch { throw new Error('TENK_PUBLIC_URL must be an absolute http(s) URL such as https://api.example.com'); }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || u.username || u.password || u.search || u.hash) {
    throw new Error('TENK_PUBLIC_URL must be an http(s) URL without credentials, query or fragment');
  }
  return `${u.origin}${u.pathname.replace(/\/+$/, '')}`;
}

function corsFrom(value: string | undefined): Config['corsOrigins'] {
  if (value === undefined || value.trim() === '' || value.trim() === '*') return '*';
  if (value.trim().toLowerCase() === 'off') return null;
  const origins = value.split(',').map((o) => o.trim()).filter((o) => o.length > 0);
  for (const o of origins) {
    let u: URL | null = null;
    try { u = new URL(o); } catch { /* reported below */ }
    if (!u || u.origin !== o.replace(/\/+$/, '')) throw new Error(`TENK_CORS_ORIGINS: '${o}' is not an origin such as https://app.example.com (or use * or off)`);
  }
  return Object.freeze(origins.map((o) => o.replace(/\/+$/, '')));
}

function serviceUrlFrom(value: string | undefined, name: string, protocols: readonly string[]): string | null {
  if (value === undefined || value.trim() === '') return null;
  let u: URL | null = null;
  try { u = new URL(value.trim()); } catch { /* reported below */ }
  if (!u || !protocols.includes(u.protocol)) throw new Error(`${name} must be a URL such as ${protocols[0]}//127.0.0.1/`);
  return value.trim();
}

function flagFrom(value: string | undefined, name: string): boolean {
  if (value === undefined || value === '' || value === '0' || value.toLowerCase() === 'false') return false;
  if (value === '1' || value.toLowerCase() === 'true') return true;
  throw new Error(`${name} must be 1/true or 0/false`);
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
    mirrorPath: path.join(home, 'mirror'),
    sync: Object.freeze(syncConfig(env)),
    publicUrl: publicUrlFrom(env.TENK_PUBLIC_URL),
    trustProxy: flagFrom(env.TENK_TRUST_PROXY, 'TENK_TRUST_PROXY'),
    corsOrigins: corsFrom(env.TENK_CORS_ORIGINS),
    metricsPort: env.TENK_METRICS_PORT === undefined || env.TENK_METRICS_PORT === '' ? null : intFrom(env.TENK_METRICS_PORT, 0, 'TENK_METRICS_PORT'),
    metricsHost: env.TENK_METRICS_HOST ?? '127.0.0.1',
    cacheMb: intFrom(env.TENK_CACHE_MB, 32, 'TENK_CACHE_MB'),
    redisUrl: serviceUrlFrom(env.TENK_REDIS_URL, 'TENK_REDIS_URL', ['redis:', 'rediss:']),
    databaseUrl: serviceUrlFrom(env.TENK_DATABASE_URL, 'TENK_DATABASE_URL', ['postgres:', 'postgresql:']),
  });
}

function syncConfig(env: NodeJS.ProcessEnv): SyncConfig {
  const rate = intFrom(env.TENK_SEC_RATE, SEC_MAX_REQUESTS_PER_SECOND, 'TENK_SEC_RATE');
  if (rate < 1 || rate > SEC_MAX_REQUESTS_PER_SECOND) {
    throw new Error(`TENK_SEC_RATE must be between 1 and ${SEC_MAX_REQUESTS_PER_SECOND} (SEC's fair-access limit)`);
  }
  const ua = env.TENK_SEC_USER_AGENT?.trim();
  return {
    secDataUrl: trimSlash(env.TENK_SEC_DATA_URL || 'https://data.sec.gov'),
    secWwwUrl: trimSlash(env.TENK_SEC_WWW_URL || 'https://www.sec.gov'),
    pricesUrl: env.TENK_PRICES_URL || DEFAULT_PRICES_URL,
    userAgent: ua ? ua : null,
    requestsPerSecond: rate,
    retryBaseMs: intFrom(env.TENK_SYNC_RETRY_MS, 1000, 'TENK_SYNC_RETRY_MS'),
  };
}
