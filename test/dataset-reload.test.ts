// A running server switches to a new dataset without a restart: in-flight requests finish on the
// dataset they started on, new requests see the new one, the response cache starts empty, the old
// dataset is closed once idle; `tenk serve` notices a build renamed over its file by itself, and
// answers every request of a steady load across the switch.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ENDPOINTS } from '../src/service/endpoint-registry.js';
import type { EndpointDef } from '../src/service/endpoint-types.js';
import Database from 'better-sqlite3';
import { Dataset } from '../src/dataset/sqlite/sqlite-dataset.js';
import { replaceDataset } from '../src/http/served-dataset.js';
import { buildTinyDataset } from './support/tiny-dataset.js';
import { startTestServer } from './support/test-server.js';
import { startServeProcess } from './support/serve-process.js';

const AAPL = '0000320193';
const STATEMENT = '/v2/fundamental/income-statement/AAPL?period=annual&limit=1';

/** A tiny dataset whose built_at names it and whose newest AAPL year is `lastYear`. */
function tinyDataset(file: string, lastYear: number, builtAt: string): string {
  buildTinyDataset([{ cik: AAPL, ticker: 'AAPL', years: [lastYear - 1, lastYear] }], file);
  const db = new Database(file);
  db.prepare("UPDATE meta SET value = ? WHERE key = 'built_at'").run(builtAt);
  db.close();
  return file;
}

test('replaceDataset: an in-flight request finishes on the old dataset, new requests and the cache see the new one', async () => {
  let release!: () => void;
  let entered!: () => void;
  const gate = new Promise<void>((r) => { release = r; });
  const inHandler = new Promise<void>((r) => { entered = r; });
  const slow: EndpointDef = {
    id: 'test.built-at', method: 'GET', path: '/v2/test/built-at', family: 'v2', summary: 'built_at', description: 'waits, then reads the dataset', tag: 'Test',
    params: [], response: { kind: 'schema', schema: { type: 'object' } }, formats: ['json'],
    metering: { metered: true, historyDepth: null }, pagination: 'none', mcp: { tool: 'test_built_at', description: 'x' }, example: {},
    async handler(deps) { entered(); await gate; return { kind: 'json', value: { built_at: (deps.dataset as Dataset).meta('built_at') } }; },
  };
  const dir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'tenk-reload-'));
  const s = await startTestServer({ datasetPath: tinyDataset(path.join(dir, 'old.sqlite'), 2024, 'old'), endpoints: [...ENDPOINTS, slow] });
  try {
    const before = await (await s.get(STATEMENT, { key: s.keys.professional })).text();
    assert.match(before, /2024-09-30/);
    const inflight = s.get('/v2/test/built-at', { key: s.keys.professional });
    await inHandler;

    const next = Dataset.open(tinyDataset(path.join(dir, 'new.sqlite'), 2025, 'new'));
    replaceDataset(s.app, next);
    const after = await (await s.get(STATEMENT, { key: s.keys.professional })).text();
    assert.match(after, /2025-09-30/, 'the same URL is answered from the new dataset, not the cache');
    assert.ok(s.dataset.isOpen, 'the old dataset stays open while a request is on it');

    release();
    const res = await inflight;
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { built_at: 'old' });
    assert.equal(s.dataset.isOpen, false, 'closed once its last request was done');
    assert.equal(((await (await s.get('/healthz')).json()) as { dataset_built_at: string }).dataset_built_at, 'new');
  } finally {
    release();
    await s.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('tenk serve switches to a dataset renamed over its file, under load, with no failed request', async () => {
  const p = await startServeProcess('tenk-reload-serve-', { env: { TENK_METRICS_PORT: '0' } });
  try {
    const url = new URL(p.tryUrl);
    const key = url.searchParams.get('apikey')!;
    const target = `${url.origin}${STATEMENT}&apikey=${key}`;
    const before = await (await fetch(target)).text();
    assert.doesNotMatch(before, /2030-09-30/);

    const failures: string[] = [];
    let answered = 0;
    let switched = false;
    const worker = async () => {
      while (!switched) {
        try {
          const res = await fetch(target);
          const text = await res.text();
          if (res.status !== 200) failures.push(`${res.status} ${text.slice(0, 200)}`);
          else if (text.includes('2030-09-30')) switched = true;
          answered += 1;
        } catch (err) {
          failures.push(String(err));
        }
      }
    };
    const load = Promise.all([worker(), worker(), worker(), worker()]);
    // A new build beside the served file, renamed over it, as the ingest does.
    const tmp = path.join(p.home, '.dataset.sqlite.building-test');
    tinyDataset(tmp, 2030, '2030-build');
    fs.renameSync(tmp, path.join(p.home, 'dataset.sqlite'));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([load, new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`no switch seen: ${p.out()}`)), 60_000); })]);
    clearTimeout(timer);
    assert.deepEqual(failures, []);
    assert.ok(answered > 0);
    assert.match(p.out(), /serving the new dataset built at 2030-build/);
    // The metrics name the build served now.
    const scrape = await (await fetch(/metrics at (\S+)/.exec(p.out())![1]!)).text();
    assert.match(scrape, /tenk_dataset_info\{[^}]*built_at="2030-build"[^}]*\} 1/);
    assert.equal(scrape.match(/^tenk_dataset_info\{/gm)?.length, 1, scrape);
    // How fresh the served dataset is: printed at start and again for the build switched in.
    assert.equal(p.out().split('tenk: the dataset has no prices and no filings').length - 1, 2, p.out());
  } finally {
    p.cleanup();
  }
});
