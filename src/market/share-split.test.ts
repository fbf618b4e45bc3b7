import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isShareSplit, splitOfRatio } from './share-split.js';

test('splits and reverse splits at simple ratios change the share count (sources round them)', () => {
  for (const [from, to] of [[1, 4], [1, 7], [8, 1], [2, 3], [4, 5], [3, 10], [1, 2.0003], [6.99999, 1], [1, 50], [2.66667, 1]]) {
    assert.ok(isShareSplit(from!, to!), `${from}:${to}`);
  }
});

test('spin-off adjustments recorded as ratios do not (EBAY 2015 PayPal, HPQ 2015, BAX 2015 Baxalta, NI 2015, YUM 2016)', () => {
  for (const [from, to] of [[1, 2.376], [1, 2.202], [1, 1.841], [1, 2.545], [1, 1.391], [1, 1.253], [1, 1.196]]) {
    assert.equal(isShareSplit(from!, to!), false, `${from}:${to}`);
  }
  assert.equal(isShareSplit(0, 1), false);
});

test('a source ratio as whole shares: 1.5 is 2 -> 3, 4 is 1 -> 4, 0.125 is 8 -> 1; a spin-off factor is none', () => {
  assert.deepEqual(splitOfRatio(1.5), { from: 2, to: 3 });
  assert.deepEqual(splitOfRatio(4), { from: 1, to: 4 });
  assert.deepEqual(splitOfRatio(0.125), { from: 8, to: 1 });
  assert.deepEqual(splitOfRatio(1 / 3), { from: 3, to: 1 });
  assert.equal(splitOfRatio(2.376), null);
  assert.equal(splitOfRatio(0), null);
});
