// Prometheus metrics (issue 20, feature 14): requests by route pattern and status, latency
// histograms, limiter decisions, cache hits, dataset version and build time, process metrics; on
// a separate listener (TENK_METRICS_PORT, off by default), never on the API port.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { ServerMetrics } from '../src/http/server-metrics.js';
import { buildTinyDataset } from './support/tiny-dataset.js';
import { startServeProcess } from './support/serve-process.js';
import { startTestServer } from './support/test-server.js';

/** The value of one sample line `name{labels} value` of a scrape, or null. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const m = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return null;
}

test('a scrape reports requests by route and status, latency, limiter decisions, cache hits, dataset and process', async () => {
  const metrics = new ServerMetrics({ builtAt: '2026-01-01T00:00:00.000Z', schemaVersion: '1' });
  const s = await startTestServer({ datasetPath: buildTinyDataset([{ cik: '0000320193', ticker: 'AAPL', years: [2024, 2025] }]), metrics });
  let listener: Server | null = null;
  try {
    listener = await metrics.listen(0, '127.0.0.1');
    const port = (listener.address() as { port: number }).port;
    const { key } = await s.createKey('free');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const r = await s.get('/v2/fundamental/income-statement/AAPL?limit=1', { key });
      await r.arrayBuffer();
      statuses.push(r.status);
    }
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429]);
    await (await s.get('/v3.0.0/no-such-route')).arrayBuffer();
    const onApi = await s.get('/metrics');
    await onApi.arrayBuffer();
    assert.equal(onApi.status, 404, 'metrics are not on the API port');

    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain/);
    const text = await res.text();
    const route = '/v2/fundamental/income-statement/{identifier}';
    assert.equal(sample(text, 'tenk_http_requests_total', { route, method: 'GET', status: '200' }), 5);
    assert.equal(sample(text, 'tenk_http_requests_total', { route, method: 'GET', status: '429' }), 1);
    assert.equal(sample(text, 'tenk_http_requests_total', { route: '(unmatched)', method: 'GET', status: '404' }), 2);
    assert.equal(sample(text, 'tenk_http_request_duration_seconds_count', { route, method: 'GET' }), 6);
    assert.ok(sample(text, 'tenk_http_request_duration_seconds_bucket', { route, method: 'GET', le: '+Inf' }) === 6);
    assert.equal(sample(text, 'tenk_rate_limit_decisions_total', { decision: 'allowed' }), 5);
    assert.equal(sample(text, 'tenk_rate_limit_decisions_total', { decision: 'limited' }), 1);
    assert.equal(sample(text, 'tenk_rate_limit_decisions_total', { decision: 'error' }), 0);
    assert.equal(sample(text, 'tenk_response_cache_lookups_total', { result: 'hit' }), 4, 'the same URL: one miss, then hits');
    assert.equal(sample(text, 'tenk_response_cache_lookups_total', { result: 'miss' }), 1);
    assert.ok((sample(text, 'tenk_response_cache_bytes') ?? 0) > 0);
    assert.equal(sample(text, 'tenk_dataset_info', { schema_version: '1', built_at: '2026-01-01T00:00:00.000Z' }), 1);
    assert.equal(sample(text, 'tenk_dataset_build_timestamp_seconds'), Date.UTC(2026, 0, 1) / 1000);
    assert.ok((sample(text, 'process_resident_memory_bytes') ?? 0) > 0);
    assert.ok(!text.includes(key) && !text.includes('AAPL'), 'no keys or path values in labels');

    // A new build swapped in: the next scrape names it, and only it.
    metrics.datasetChanged({ builtAt: '2026-02-01T00:00:00.000Z', schemaVersion: '2' });
    const after = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    assert.equal(sample(after, 'tenk_dataset_info', { schema_version: '2', built_at: '2026-02-01T00:00:00.000Z' }), 1);
    assert.equal(sample(after, 'tenk_dataset_info', { schema_version: '1' }), null, 'the old build is no longer reported');
    assert.equal(sample(after, 'tenk_dataset_build_timestamp_seconds'), Date.UTC(2026, 1, 1) / 1000);
  } finally {
    listener?.close();
    await s.close();
  }
});

test('tenk serve: TENK_METRICS_PORT opens the metrics listener; it is off by default', async () => {
  const on = await startServeProcess('tenk-metrics-', { env: { TENK_METRICS_PORT: '0' } });
  try {
    const m = /metrics at (\S+)/.exec(on.out());
    assert.ok(m, on.out());
    const text = await (await fetch(m[1]!)).text();
    assert.ok(sample(text, 'tenk_dataset_build_timestamp_seconds')! > 0);
  } finally { on.cleanup(); }
  const off = await startServeProcess('tenk-metrics-off-');
  try { assert.doesNotMatch(off.out(), /metrics at/); } finally { off.cleanup(); }
});
