// Prometheus metrics of the server (prom-client): requests by route pattern, method and status,
// latency histograms, limiter decisions (allowed, limited, errors), response-cache hits, the
// dataset's version and build time, and the process metrics. Served only on a separate listener
// (TENK_METRICS_PORT, off by default) so they are never public by accident. Invariant: label
// values are bounded (route patterns from the registry, never raw paths or keys).
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { LimitDecision, RateLimiter } from '../ratelimit/limiter.js';
import { routePattern } from '../service/redact.js';
import type { ResponseCache } from './response-cache.js';

export interface DatasetFacts { builtAt: string | null; schemaVersion: string | null }

export class ServerMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'route' | 'method' | 'status'>;
  private readonly latency: Histogram<'route' | 'method'>;
  private readonly decisions: Counter<'decision'>;
  /** Every response cache served so far (a swapped-in dataset brings its own): lookups add up. */
  private readonly caches: ResponseCache[] = [];
  /** The cache of the dataset served now (its bytes are the ones held). */
  private currentCache: () => ResponseCache | null = () => null;

  constructor(private dataset: DatasetFacts) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({ name: 'tenk_http_requests_total', help: 'HTTP requests answered, by route pattern, method and status.', labelNames: ['route', 'method', 'status'], registers });
    this.latency = new Histogram({
      name: 'tenk_http_request_duration_seconds', help: 'Time to answer a request, by route pattern and method.', labelNames: ['route', 'method'], registers,
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    });
    this.decisions = new Counter({ name: 'tenk_rate_limit_decisions_total', help: 'Rate limiter decisions: allowed, limited (429) or error (limiter failed).', labelNames: ['decision'], registers });
    for (const d of ['allowed', 'limited', 'error']) this.decisions.inc({ decision: d }, 0);
    const caches = this.caches;
    const current = () => {
      const c = this.currentCache();
      if (c !== null && !caches.includes(c)) caches.push(c);
      return c;
    };
    let seen = { hit: 0, miss: 0 };
    new Counter({
      name: 'tenk_response_cache_lookups_total', help: 'Response cache lookups: hit (answered from the cache) or miss.', labelNames: ['result'], registers,
      collect() {
        const now = { hit: 0, miss: 0 };
        current();
        for (const c of caches) { now.hit += c.hits; now.miss += c.misses; }
        this.inc({ result: 'hit' }, now.hit - seen.hit);
        this.inc({ result: 'miss' }, now.miss - seen.miss);
        seen = now;
      },
    });
    new Gauge({
      name: 'tenk_response_cache_bytes', help: 'Bytes held by the response cache (bounded by its budget).', registers,
      collect() { this.set(current()?.bytes ?? 0); },
    });
    // The served build's facts are read at each scrape: a dataset swapped in (tenk sync, a new
    // PostgreSQL version) shows at once (datasetChanged).
    const facts = () => this.dataset;
    new Gauge({
      name: 'tenk_dataset_info', help: 'The served dataset build (value 1).', labelNames: ['schema_version', 'built_at'], registers,
      collect() {
        const d = facts();
        this.reset();
        this.set({ schema_version: d.schemaVersion ?? 'unknown', built_at: d.builtAt ?? 'unknown' }, 1);
      },
    });
    new Gauge({
      name: 'tenk_dataset_build_timestamp_seconds', help: 'Unix time the served dataset was built.', registers,
      collect() {
        const built = facts().builtAt ? Date.parse(facts().builtAt!) : NaN;
        this.reset();
        if (Number.isFinite(built)) this.set(built / 1000);
      },
    });
  }

  /** The served dataset changed (a new build swapped in): the dataset gauges report it from now on. */
  datasetChanged(dataset: DatasetFacts): void {
    this.dataset = dataset;
  }

  /** Counts every answered request on `app` and watches the response cache of the dataset it serves. */
  observe(app: FastifyInstance, currentCache: () => ResponseCache): void {
    this.currentCache = currentCache;
    app.addHook('onResponse', (req, reply, done) => {
      const route = routePattern(req.routeOptions.url) ?? '(unmatched)';
      this.requests.inc({ route, method: req.method, status: String(reply.statusCode) });
      this.latency.observe({ route, method: req.method }, reply.elapsedTime / 1000);
      done();
    });
  }

  /** The limiter with its decisions counted (same interface, same answers). */
  countDecisions(limiter: RateLimiter): RateLimiter {
    const decisions = this.decisions;
    return {
      async hit(key: string, limit: number): Promise<LimitDecision> {
        try {
          const d = await limiter.hit(key, limit);
          decisions.inc({ decision: d.allowed ? 'allowed' : 'limited' });
          return d;
        } catch (err) {
          decisions.inc({ decision: 'error' });
          throw err;
        }
      },
      close: () => limiter.close(),
    };
  }

  /** The separate listener: GET /metrics in the Prometheus text format, 404 for anything else. */
  async listen(port: number, host: string): Promise<http.Server> {
    const server = http.createServer((req, res) => {
      if (req.method !== 'GET' || (req.url ?? '').split('?', 1)[0] !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found: GET /metrics\n');
        return;
      }
      this.registry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': this.registry.contentType, 'cache-control': 'no-store' }).end(text),
        () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n'),
      );
    });
    await new Promise<void>((resolve, reject) => { server.once('error', reject); server.listen(port, host, () => resolve()); });
    return server;
  }
}
