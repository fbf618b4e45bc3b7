// Regressions (issue 20, defects 4, 5 and 6): errors produced before tenk's pipeline (Node's
// parser: 431 for long URLs/headers, 400 for NUL bytes, bad header names, CL+TE, lowercase
// methods; a missing Host; CONNECT) carried no Request-Id, no no-store and no envelope, or closed
// the socket with no response; duplicate Authorization headers were accepted (Node keeps the
// first); `?%61pikey=KEY` logged the key; access lines said `[path]` instead of the route.
// CONNECT and every other method no route serves answer in the envelope of the path's family.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { METHODS } from 'node:http';
import { Writable } from 'node:stream';
import { buildTinyDataset } from './support/tiny-dataset.js';
import { rawRequest, type RawResponse } from './support/raw-http.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let s: TestServer;
const log: string[] = [];
before(async () => {
  s = await startTestServer({
    datasetPath: buildTinyDataset([{ cik: '0000320193', ticker: 'AAPL', years: [2024, 2025] }]),
    logLevel: 'debug', logStream: new Writable({ write(chunk, _e, cb) { log.push(String(chunk)); cb(); } }),
  });
});
after(async () => { await s.close(); });

/** The contract on a raw error response: status, Request-Id, no-store, nosniff, the family's body. */
export function assertContractError(r: RawResponse, status: number, family: 'v2' | 'v3', code?: string): Record<string, unknown> {
  assert.equal(r.status, status, r.raw.slice(0, 400));
  const id = r.headers['request-id'];
  assert.match(id ?? '', /^req_/, 'Request-Id');
  assert.equal(r.headers['cache-control'], 'no-store');
  assert.equal(r.headers['x-content-type-options'], 'nosniff');
  assert.match(r.headers['content-type'] ?? '', /^application\/json/);
  const body = JSON.parse(r.body) as Record<string, any>;
  if (family === 'v3') {
    assert.equal(typeof body.error.type, 'string');
    assert.equal(typeof body.error.message, 'string');
    assert.equal(body.error.request_id, id);
    if (code) assert.equal(body.error.code, code);
  } else {
    assert.equal(typeof body.error, 'string');
    if (code && status !== 422) assert.equal(body.code, code);
  }
  return body;
}

const host = () => `Host: ${new URL(s.url).host}\r\n`;

describe('errors before the pipeline carry the contract', () => {
  test('431: a URL longer than the header limit (v3 envelope)', async () => {
    const r = await rawRequest(s.url, `GET /v3.0.0/tickers?q=${'a'.repeat(20_000)} HTTP/1.1\r\n${host()}\r\n`);
    assert.equal((assertContractError(r, 431, 'v3', 'request_header_too_large').error as any).type, 'invalid_request_error');
  });
  test('431: a long header on a v2 path', async () => {
    const r = await rawRequest(s.url, `GET /v2/fundamental/income-statement/AAPL HTTP/1.1\r\n${host()}X-Long: ${'b'.repeat(20_000)}\r\n\r\n`);
    assertContractError(r, 431, 'v2', 'request_header_too_large');
  });
  test('400: a NUL byte in the request line', async () => {
    assertContractError(await rawRequest(s.url, `GET /v3.0.0/tick\0ers HTTP/1.1\r\n${host()}\r\n`), 400, 'v3', 'request_malformed');
  });
  test('400: a header name with a space', async () => {
    assertContractError(await rawRequest(s.url, `GET /v3.0.0/tickers HTTP/1.1\r\n${host()}Bad Header: x\r\n\r\n`), 400, 'v3', 'request_malformed');
  });
  test('400: Content-Length together with Transfer-Encoding', async () => {
    const r = await rawRequest(s.url, `POST /v2/excel/data HTTP/1.1\r\n${host()}Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`);
    assertContractError(r, 400, 'v2', 'request_malformed');
  });
  test('400: a lowercase method', async () => {
    assertContractError(await rawRequest(s.url, `get /v3.0.0/tickers HTTP/1.1\r\n${host()}\r\n`), 400, 'v3', 'request_malformed');
  });
  test('400: HTTP/1.1 without Host, with a body naming the header', async () => {
    const body = assertContractError(await rawRequest(s.url, `GET /v3.0.0/tickers HTTP/1.1\r\nConnection: close\r\n\r\n`), 400, 'v3', 'request_malformed');
    assert.match((body.error as any).message, /Host/);
  });
  test('CONNECT is answered (400) instead of a silently closed socket', async () => {
    assertContractError(await rawRequest(s.url, `CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n`), 400, 'v2', 'request_malformed');
  });
  test('CONNECT on a /v3.0.0/ path answers the v3 envelope; on a v2 path the v2 shape', async () => {
    for (const p of ['/v3.0.0/tickers', '/v3.0.0/nowhere', '/v3.0.0/stock-prices/AAPL?limit=1']) {
      assertContractError(await rawRequest(s.url, `CONNECT ${p} HTTP/1.1\r\n${host()}\r\n`), 400, 'v3', 'request_malformed');
    }
    assertContractError(await rawRequest(s.url, `CONNECT /v2/stock-splits HTTP/1.1\r\n${host()}\r\n`), 400, 'v2', 'request_malformed');
  });
  test('every other method the server does not route answers a /v3.0.0/ path in the v3 envelope', async () => {
    // Node's parser knows these methods (others never reach a route: the parser-error tests above).
    const unrouted = METHODS.filter((m) => !['GET', 'HEAD', 'CONNECT'].includes(m));
    assert.ok(unrouted.length >= 20, unrouted.join(' '));
    const wrong: string[] = [];
    for (const method of unrouted) {
      for (const p of ['/v3.0.0/tickers', '/v3.0.0/nowhere']) {
        const r = await rawRequest(s.url, `${method} ${p} HTTP/1.1\r\n${host()}Content-Length: 0\r\nConnection: close\r\n\r\n`);
        try {
          // 404 resource_missing; OPTIONS is a CORS preflight (204); a method this Node's parser
          // does not know is its 400 request_malformed.
          if (method === 'OPTIONS' && r.status === 204) continue;
          assertContractError(r, r.status, 'v3', r.status === 400 ? 'request_malformed' : 'resource_missing');
          assert.ok(r.status === 404 || r.status === 400, `status ${r.status}`);
        } catch (err) {
          wrong.push(`${method} ${p}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)} ${r.raw.slice(0, 120)}`);
        }
      }
    }
    assert.deepEqual(wrong, []);
  });
});

describe('duplicate Authorization headers', () => {
  test('two different Bearer keys -> 401 credentials_conflict', async () => {
    const r = await rawRequest(s.url, `GET /v3.0.0/tickers?limit=1 HTTP/1.1\r\n${host()}Authorization: Bearer ${s.keys.free}\r\nAuthorization: Bearer ${s.keys.enterprise}\r\nConnection: close\r\n\r\n`);
    assertContractError(r, 401, 'v3', 'credentials_conflict');
  });
  test('the same key twice is a conflict too (one credential per request); one header works', async () => {
    const twice = await rawRequest(s.url, `GET /v3.0.0/tickers?limit=1 HTTP/1.1\r\n${host()}authorization: Bearer ${s.keys.enterprise}\r\nAUTHORIZATION: Bearer ${s.keys.enterprise}\r\nConnection: close\r\n\r\n`);
    assertContractError(twice, 401, 'v3', 'credentials_conflict');
    const once = await rawRequest(s.url, `GET /v3.0.0/tickers?limit=1 HTTP/1.1\r\n${host()}Authorization: Bearer ${s.keys.enterprise}\r\nConnection: close\r\n\r\n`);
    assert.equal(once.status, 200, once.raw.slice(0, 300));
  });
});

describe('log lines', () => {
  test('a percent-encoded apikey parameter name is redacted; the access line names the route', async () => {
    log.length = 0;
    const key = s.keys.professional;
    for (const q of [`%61pikey=${key}`, `API%4Bey=${key}`, `apikey=${encodeURIComponent(key).replace('_', '%5F')}`, `%2561pikey=${key}`]) {
      const r = await fetch(`${s.url}/v2/fundamental/income-statement/AAPL?limit=1&${q}`);
      await r.arrayBuffer();
    }
    const text = log.join('');
    for (const leak of [key, key.slice(8), key.slice(10, 30)]) assert.ok(!text.includes(leak), `key in log: ${text}`);
    assert.match(text, /"route":"\/v2\/fundamental\/income-statement\/\{identifier\}"/);
    assert.doesNotMatch(text, /\[path\]/);
  });
  test('400 request_malformed replies are logged (parser and framework errors)', async () => {
    log.length = 0;
    await rawRequest(s.url, `get /v3.0.0/tickers HTTP/1.1\r\n${host()}\r\n`);
    const bad = await fetch(`${s.url}/v3.0.0/tickers/%E0%A4%A`);
    await bad.arrayBuffer();
    const text = log.join('');
    assert.match(text, /"status":400/);
    assert.match(text, /request rejected by the HTTP parser/);
    assert.equal(bad.status, 400);
    assert.match(text, /request malformed/);
  });
});
