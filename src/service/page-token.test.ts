import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PAGE_TOKEN_TTL_MS, pageUrl, signPageToken, verifyPageToken, type PageBinding } from './page-token.js';
import { ApiError } from './errors.js';

const SECRET = 'test-secret';
const NOW = Date.UTC(2026, 0, 15, 12);
const binding: PageBinding = { resource: 'v3.reference.ticker', path: '/v3.0.0/tickers', filters: { exchange: 'NYSE', listed: true }, order: 'ASC', limit: 50 };

function rejects(fn: () => unknown, pattern: RegExp): void {
  assert.throws(fn, (err: unknown) => {
    assert.ok(err instanceof ApiError);
    assert.equal(err.code, 'page_token_invalid');
    assert.equal(err.row.status, 400);
    assert.equal(err.row.type, 'invalid_request_error');
    assert.equal(err.param, 'page');
    assert.match(err.message, pattern);
    return true;
  });
}

test('a token round-trips its cursor for the same request', () => {
  const t = signPageToken(SECRET, binding, 'BRK-B', NOW);
  assert.equal(verifyPageToken(SECRET, t, binding, NOW + 1000), 'BRK-B');
  // filter order and undefined filters do not matter
  assert.equal(verifyPageToken(SECRET, t, { ...binding, filters: { listed: true, exchange: 'NYSE', market: undefined } }, NOW), 'BRK-B');
});

test('page-token-expires-after-one-hour', () => {
  const t = signPageToken(SECRET, binding, 'A', NOW);
  assert.equal(verifyPageToken(SECRET, t, binding, NOW + PAGE_TOKEN_TTL_MS - 1), 'A');
  rejects(() => verifyPageToken(SECRET, t, binding, NOW + PAGE_TOKEN_TTL_MS), /expired/);
});

test('a modified token is rejected (payload or signature)', () => {
  const t = signPageToken(SECRET, binding, 'A', NOW);
  const [p, s] = t.split('.') as [string, string];
  const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), c: 'ZZZ' })).toString('base64url');
  rejects(() => verifyPageToken(SECRET, `${forged}.${s}`, binding, NOW), /modified/);
  rejects(() => verifyPageToken(SECRET, `${p}.${s.slice(0, -2)}AA`, binding, NOW), /modified/);
  rejects(() => verifyPageToken(SECRET, 'garbage', binding, NOW), /malformed/);
  rejects(() => verifyPageToken('other-secret', t, binding, NOW), /modified/);
});

test('a token is bound to filters, order, limit, path and resource family', () => {
  const t = signPageToken(SECRET, binding, 'A', NOW);
  for (const other of [
    { ...binding, filters: { exchange: 'NASDAQ', listed: true } },
    { ...binding, filters: { exchange: 'NYSE' } },
    { ...binding, order: 'DESC' },
    { ...binding, limit: 51 },
    { ...binding, path: '/v3.0.0/other' },
    { ...binding, resource: 'v3.reference.exchange' },
  ]) rejects(() => verifyPageToken(SECRET, t, other, NOW), /does not match/);
});

test('tokens and page URLs never carry credentials', () => {
  const t = signPageToken(SECRET, binding, 'A', NOW);
  const url = pageUrl('http://h', '/v3.0.0/tickers', { exchange: 'NYSE', apikey: 'tk_live_secret', page: 'old' }, 50, t);
  assert.ok(!url.includes('tk_live_secret'));
  assert.ok(!url.includes('old'));
  assert.ok(!Buffer.from(t.split('.')[0] as string, 'base64url').toString().includes('NYSE'));
  assert.equal(new URL(url).searchParams.get('page'), t);
  assert.equal(new URL(url).searchParams.get('exchange'), 'NYSE');
  assert.equal(new URL(url).searchParams.get('limit'), '50');
});
