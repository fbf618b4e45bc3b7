import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isShareSplit } from './share-split.js';

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
