import { test } from 'node:test';
import assert from 'node:assert/strict';
import { packLists, plainLists } from './packed-lists.js';

test('packed lists answer as the plain map: single ids, long lists, order kept, unknown keys empty', () => {
  const map = new Map<string, number[]>([['a', [7]], ['ab', [0]], ['b', [3, 1, 2, 9000000]], ['c', [5, 6]]]);
  const packed = packLists(map);
  const plain = plainLists(map);
  assert.equal(packed.size, 4);
  for (const k of [...map.keys(), 'zz', '']) assert.deepEqual([...packed.get(k)], [...plain.get(k)], k);
  assert.deepEqual([...packed.get('b')], [3, 1, 2, 9000000]);
  assert.deepEqual([...packed.get('missing')], []);
  assert.deepEqual([...packed.keys()], ['a', 'ab', 'b', 'c']);
});
