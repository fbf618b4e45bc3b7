import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { loadConfig } from './config.js';

test('config defaults: TENK_HOME ./.tenk, port 8080, no source', () => {
  const c = loadConfig({});
  assert.equal(c.home, path.resolve('.tenk'));
  assert.equal(c.datasetPath, path.join(path.resolve('.tenk'), 'dataset.sqlite'));
  assert.equal(c.port, 8080);
  assert.equal(c.source, null);
  assert.ok(Object.isFrozen(c));
});

test('config rejects a non-numeric port', () => {
  assert.throws(() => loadConfig({ PORT: 'eighty' }), /PORT/);
});

test('config overrides win over the environment', () => {
  const c = loadConfig({ TENK_HOME: '/a', PORT: '1' }, { home: '/b', port: 2 });
  assert.equal(c.home, '/b');
  assert.equal(c.port, 2);
});

test('sync config: SEC defaults, no User-Agent unless set, rate 1..10, mirror under home', () => {
  const c = loadConfig({ TENK_HOME: '/h' });
  assert.equal(c.mirrorPath, path.join('/h', 'mirror'));
  assert.equal(c.sync.secDataUrl, 'https://data.sec.gov');
  assert.equal(c.sync.secWwwUrl, 'https://www.sec.gov');
  assert.equal(c.sync.userAgent, null);
  assert.equal(c.sync.requestsPerSecond, 10);
  assert.equal(loadConfig({ TENK_SEC_RATE: '3', TENK_SEC_DATA_URL: 'http://x/', TENK_SEC_USER_AGENT: ' a b@c ' }).sync.requestsPerSecond, 3);
  assert.equal(loadConfig({ TENK_SEC_DATA_URL: 'http://x/' }).sync.secDataUrl, 'http://x');
  assert.equal(loadConfig({ TENK_SEC_USER_AGENT: ' a b@c ' }).sync.userAgent, 'a b@c');
  assert.throws(() => loadConfig({ TENK_SEC_RATE: '11' }), /TENK_SEC_RATE/);
  assert.throws(() => loadConfig({ TENK_SEC_RATE: '0' }), /TENK_SEC_RATE/);
});
