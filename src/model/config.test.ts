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
