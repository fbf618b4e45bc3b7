import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BoundedLru } from './bounded-lru.js';

test('evicts the least recently used first until the sizes fit, never the entry just set', () => {
  const c = new BoundedLru<string>(10);
  c.set('a', 'A', 4);
  c.set('b', 'B', 4);
  assert.equal(c.get('a'), 'A'); // a is now the most recent
  c.set('c', 'C', 4); // 12 > 10: b leaves
  assert.equal(c.get('b'), undefined);
  assert.deepEqual([c.get('a'), c.get('c'), c.total, c.size], ['A', 'C', 8, 2]);
  c.set('big', 'X', 25); // larger than the bound: kept alone
  assert.deepEqual([c.size, c.total, c.get('big')], [1, 25, 'X']);
  c.set('big', 'Y', 3); // replacing a key counts its new size only
  assert.equal(c.total, 3);
  c.delete('big');
  assert.deepEqual([c.size, c.total, c.has('big')], [0, 0, false]);
});
