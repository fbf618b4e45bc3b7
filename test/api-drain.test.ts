// Regression (issue 20, defect 7): a SIGTERM drain under keep-alive load reset 11-51 requests
// (ECONNRESET): idle keep-alive sockets were destroyed while clients were sending on them. The
// drain (src/http/drain.ts, what `tenk serve` runs on SIGTERM) answers every request that reached
// an open socket, with Connection: close, and only then closes the sockets: zero resets.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { drainServer } from '../src/http/drain.js';
import { buildTinyDataset } from './support/tiny-dataset.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const WORKERS = 32;

interface LoadResult { ok: number; closeHeaders: number; failures: Record<string, number>; afterDrain: number }

/** `WORKERS` keep-alive clients calling a metered v3 endpoint until the server refuses connections;
 *  `stop` is called once `startAfter` requests have been answered. */
async function loadUntilRefused(s: TestServer, startAfter: number, stop: () => Promise<void>): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: WORKERS });
  const { port } = new URL(s.url);
  const result: LoadResult = { ok: 0, closeHeaders: 0, failures: {}, afterDrain: 0 };
  let stopping: Promise<void> | null = null;
  const once = () => new Promise<{ status: number; connection: string } | { error: string }>((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, agent, path: '/v3.0.0/tickers?limit=1', headers: { authorization: `Bearer ${s.keys.enterprise}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: String(res.headers.connection ?? '') }));
      res.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
  });
  const worker = async () => {
    for (;;) {
      const r = await once();
      if ('error' in r) {
        if (r.error === 'ECONNREFUSED' && stopping) return;
        result.failures[r.error] = (result.failures[r.error] ?? 0) + 1;
        if (stopping) return;
        continue;
      }
      assert.equal(r.status, 200);
      result.ok += 1;
      if (stopping) result.afterDrain += 1;
      if (r.connection === 'close') result.closeHeaders += 1;
      if (!stopping && result.ok >= startAfter) stopping = stop();
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
  await stopping;
  agent.destroy();
  return result;
}

test('a drain under keep-alive load answers every request that reached the server: zero ECONNRESET', async () => {
  const s = await startTestServer({ datasetPath: buildTinyDataset([{ cik: '0000320193', ticker: 'AAPL', years: [2024, 2025] }]) });
  try {
    const r = await loadUntilRefused(s, 400, () => drainServer(s.app));
    assert.deepEqual(r.failures, {}, `failures during the drain: ${JSON.stringify(r.failures)}`);
    assert.ok(r.ok >= 400);
    assert.ok(r.closeHeaders >= 1, 'responses during the drain say Connection: close');
  } finally {
    await s.close().catch(() => undefined);
  }
});
