// Regression (issue 20, defect 1): a forged Host header (`127.0.0.1:PORT@evil.example.com`) was
// copied into v3 next_page_url, so a Bearer client following it sent its key elsewhere. Page URLs
// come from TENK_PUBLIC_URL, else the address the connection reached; headers only behind a
// trusted proxy (TENK_TRUST_PROXY) and then only a valid host.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../src/model/config.js';
import { buildTinyDataset } from './support/tiny-dataset.js';
import { rawRequest } from './support/raw-http.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const COMPANIES = [
  { cik: '0000320193', ticker: 'AAPL', years: [2024, 2025] },
  { cik: '0000789019', ticker: 'MSFT', years: [2024, 2025] },
];
let dataset: string;
const servers: TestServer[] = [];
before(() => { dataset = buildTinyDataset(COMPANIES); });
after(async () => { for (const s of servers) await s.close(); });

async function start(env: Record<string, string> = {}): Promise<TestServer> {
  const s = await startTestServer({ datasetPath: dataset, env });
  servers.push(s);
  return s;
}

/** next_page_url of the first one-row tickers page, requested with the given Host header. */
async function nextPageUrl(s: TestServer, host: string, extra = ''): Promise<string> {
  const res = await rawRequest(s.url, `GET /v3.0.0/tickers?limit=1 HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${s.keys.professional}\r\n${extra}Connection: close\r\n\r\n`);
  assert.equal(res.status, 200, res.raw.slice(0, 300));
  const body = JSON.parse(res.body) as { next_page_url: string | null };
  assert.ok(body.next_page_url, 'a second page exists');
  return body.next_page_url;
}

test('a forged Host is not copied into next_page_url: the link points at the listen address', async () => {
  const s = await start();
  const port = new URL(s.url).port;
  for (const host of [`127.0.0.1:${port}@evil.example.com`, 'evil.example.com', `evil.example.com:${port}`]) {
    const next = new URL(await nextPageUrl(s, host));
    assert.equal(next.origin, s.url, `Host ${host} -> ${next.href}`);
    assert.equal(next.username, '');
  }
});

test('TENK_PUBLIC_URL is the base of page URLs whatever the Host says', async () => {
  const s = await start({ TENK_PUBLIC_URL: 'https://api.example.org/tenk/' });
  const next = await nextPageUrl(s, 'evil.example.com');
  assert.match(next, /^https:\/\/api\.example\.org\/tenk\/v3\.0\.0\/tickers\?/);
});

test('behind a trusted proxy a valid forwarded host is used, a forged one is not', async () => {
  const s = await start({ TENK_TRUST_PROXY: '1' });
  assert.match(await nextPageUrl(s, 'internal:8080', 'X-Forwarded-Host: api.example.net\r\nX-Forwarded-Proto: https\r\n'), /^https:\/\/api\.example\.net\/v3\.0\.0\/tickers\?/);
  const port = new URL(s.url).port;
  const forged = new URL(await nextPageUrl(s, `127.0.0.1:${port}@evil.example.com`));
  assert.equal(forged.origin, s.url);
});

test('TENK_PUBLIC_URL must be a plain http(s) URL', () => {
  for (const bad of ['ftp://x.example', 'https://user:pw@x.example', 'https://x.example/?a=1', 'not a url']) {
    assert.throws(() => loadConfig({ TENK_PUBLIC_URL: bad }), /TENK_PUBLIC_URL/);
  }
  assert.equal(loadConfig({ TENK_PUBLIC_URL: 'https://x.example/' }).publicUrl, 'https://x.example');
});
