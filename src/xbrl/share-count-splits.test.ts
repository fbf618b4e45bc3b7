// Splits found in the share counts: Brown-Forman's weighted shares of FY2011 and FY2012 restated
// x3/2 in the 10-K of 2013 (its 3-for-2 of 2012), values as in its companyfacts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FactColumns } from '../sources/fact-columns.js';
import { shareCountSplits } from './share-count-splits.js';

function facts(rows: Array<[string, string, number, string, string]>): FactColumns {
  const c = new FactColumns();
  const intern = new Map<string, string>();
  for (const [start, end, val, filed, form] of rows) c.add({ start, end, val, filed, form, accn: `0000014693-${filed}` }, intern);
  return c;
}

test('BF-B 3-for-2 of 2012: FY2011 and FY2012 weighted shares restated x1.5 between the 10-Ks of 2012-06-27 and 2013-06-27; the cover counts date it', () => {
  const weighted = facts([
    ['2010-05-01', '2011-04-30', 145_603_000, '2011-06-27', '10-K'],
    ['2010-05-01', '2011-04-30', 145_603_000, '2012-06-27', '10-K'],
    ['2010-05-01', '2011-04-30', 218_405_000, '2013-06-27', '10-K'],
    ['2011-05-01', '2012-04-30', 143_019_000, '2012-06-27', '10-K'],
    ['2011-05-01', '2012-04-30', 214_529_000, '2013-06-27', '10-K'],
    ['2011-05-01', '2011-07-31', 143_500_000, '2011-09-01', '10-Q'], // one filing only: no evidence
  ]);
  const cover = [
    { date: '2012-05-31', value: 142_900_000 },
    { date: '2012-08-31', value: 214_300_000 },
    { date: '2012-11-30', value: 214_100_000 },
  ];
  const [s, ...rest] = shareCountSplits(weighted, cover);
  assert.equal(rest.length, 0);
  assert.deepEqual([s!.from, s!.to, s!.after, s!.date], [2, 3, '2012-06-27', '2012-08-31']);
  assert.match(s!.evidence, /^share counts: weighted average shares of 2 periods restated x3\/2 between the filings of 2012-06-27 and 2013-06-27; cover-page shares 142,900,000 on 2012-05-31, 214,300,000 on 2012-08-31/);
});

test('one period restated, a ratio that is no split, or a mis-scaled count (x1000) is no split', () => {
  assert.deepEqual(shareCountSplits(facts([
    ['2010-05-01', '2011-04-30', 100_000_000, '2011-06-27', '10-K'],
    ['2010-05-01', '2011-04-30', 150_000_000, '2012-06-27', '10-K'],
  ]), []), [], 'one period only');
  assert.deepEqual(shareCountSplits(facts([
    ['2010-01-01', '2010-12-31', 100_000, '2011-02-27', '10-K'],
    ['2010-01-01', '2010-12-31', 100_000_000, '2012-02-27', '10-K'],
    ['2011-01-01', '2011-12-31', 101_000, '2012-02-27', '10-K'],
    ['2011-01-01', '2011-12-31', 101_000_000, '2013-02-27', '10-K'],
    ['2012-01-01', '2012-12-31', 100_000_000, '2013-02-27', '10-K'],
    ['2012-01-01', '2012-12-31', 103_700_000, '2014-02-27', '10-K'],
  ]), []), [], 'x1000 scale fixes and a 3.7 % revision');
});
