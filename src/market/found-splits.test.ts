// Splits found in the share counts against the split history: one event per split.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isShareCountSplit, unknownShareCountSplits } from './found-splits.js';

const bf = { date: '2012-08-31', after: '2012-06-27', from: 2, to: 3, evidence: 'share counts: ...' };

test('BF-B: a 3-for-2 found in the share counts is new to a history without it; a known 3-for-2 in its window is the same event', () => {
  assert.deepEqual(unknownShareCountSplits([], [bf]), [bf]);
  assert.deepEqual(unknownShareCountSplits([{ date: '2012-08-13', from: 2, to: 3 }], [bf]), [], 'the same split (ex-date inside the window)');
  assert.deepEqual(unknownShareCountSplits([{ date: '2012-08-13', from: 1, to: 2 }], [bf]), [bf], 'another ratio');
  assert.deepEqual(unknownShareCountSplits([{ date: '2014-08-13', from: 2, to: 3 }], [bf]), [bf], 'outside the window');
  assert.ok(isShareCountSplit('share counts: weighted average shares ...'));
  assert.ok(!isShareCountSplit('curated: https://www.sec.gov/...') && !isShareCountSplit(null));
});
