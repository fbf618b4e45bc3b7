// Graceful shutdown (what `tenk serve` does on SIGTERM): app.close() stops accepting new
// connections while a request already in flight still completes with its full response.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ENDPOINTS } from '../src/service/endpoint-registry.js';
import type { EndpointDef } from '../src/service/endpoint-types.js';
import { buildTinyDataset } from './support/tiny-dataset.js';
import { startTestServer } from './support/test-server.js';

test('close() lets an in-flight request finish and refuses new connections', async () => {
  let release!: () => void;
  let started!: () => void;
  const gate = new Promise<void>((r) => { release = r; });
  const entered = new Promise<void>((r) => { started = r; });
  const slow: EndpointDef = {
    id: 'test.slow', method: 'GET', path: '/v2/test/slow', family: 'v2', summary: 'slow', description: 'waits', tag: 'Test',
    params: [], response: { kind: 'schema', schema: { type: 'object' } }, formats: ['json'],
    metering: { metered: true, historyDepth: null }, pagination: 'none', mcp: { tool: 'test_slow', description: 'x' }, example: {},
    async handler() { started(); await gate; return { kind: 'json', value: { done: true } }; },
  };
  const s = await startTestServer({ datasetPath: buildTinyDataset([{ cik: '0000320193', ticker: 'AAPL', years: [2025] }]), endpoints: [...ENDPOINTS, slow] });
  const inflight = s.get('/v2/test/slow', { key: s.keys.professional });
  await entered;
  const closing = s.app.close();
  await new Promise((r) => setTimeout(r, 100));
  await assert.rejects(fetch(`${s.url}/v2/test/slow?apikey=${s.keys.professional}`, { headers: { connection: 'close' } }));
  release();
  const res = await inflight;
  assert.equal(res.status, 200);
  assert.ok(res.headers.get('request-id'));
  assert.deepEqual(await res.json(), { done: true });
  await closing;
  await s.close().catch(() => undefined);
});
