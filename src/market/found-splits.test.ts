// Splits found in the share counts against the split history: one event per split.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isShareCountSplit, unknownShareCountSplits } from './found-splits.js';

const bf = { date: '2012-08-31', after: '2012-06-27', from: 2, to: 3, evidence: 'share counts: ...', filedAfter: '2012-06-27', filedBy: '2012-09-05' };

test('BF-B: a 3-for-2 found in the share counts is new to a history without it; a known 3-for-2 in its window is the same event', () => {
  assert.deepEqual(unknownShareCountSplits([], [bf]), [bf]);
  assert.deepEqual(unknownShareCountSplits([{ date: '2012-08-13', from: 2, to: 3 }], [bf]), [], 'the same split (ex-date inside the window)');
  assert.deepEqual(unknownShareCountSplits([{ date: '2012-08-13', from: 1, to: 2 }], [bf]), [bf], 'another ratio');
  assert.deepEqual(unknownShareCountSplits([{ date: '2014-08-13', from: 2, to: 3 }], [bf]), [bf], 'outside the window');
  assert.ok(isShareCountSplit('share counts: weighted average shares ...'));
  assert.ok(!isShareCountSplit('curated: https://www.sec.gov/...') && !isShareCountSplit(null));
});

test('NFLX 2015: a cover page dated before the 7-for-1 narrows the window wrongly; the filings\' window still holds the known split', () => {
  const nflx = { date: '2015-06-30', after: '2015-04-17', from: 1, to: 7, evidence: 'share counts: ...', filedAfter: '2015-04-17', filedBy: '2015-07-17' };
  assert.deepEqual(unknownShareCountSplits([{ date: '2015-07-15', from: 1, to: 7 }], [nflx]), []);
});

test('CPRT: two 2-for-1 splits between two 10-Ks restate the counts x4; their product explains it', () => {
  const cprt = { date: '2023-09-28', after: '2022-09-27', from: 1, to: 4, evidence: 'share counts: ...', filedAfter: '2022-09-27', filedBy: '2023-09-28' };
  assert.deepEqual(unknownShareCountSplits([{ date: '2022-11-04', from: 1, to: 2 }, { date: '2023-08-22', from: 1, to: 2 }], [cprt]), []);
});
