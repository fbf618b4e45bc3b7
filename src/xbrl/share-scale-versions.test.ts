import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dayNumber } from '../model/dates.js';
import { FactColumns } from '../sources/fact-columns.js';
import { indexUnitFacts } from './fact-index.js';
import { preferPlausibleShareCounts } from './share-scale-versions.js';

function columns(rows: Array<[string | null, string, number, string, string]>): FactColumns {
  const cols = new FactColumns();
  const intern = new Map<string, string>();
  for (const [start, end, val, accn, filed] of rows) cols.add({ ...(start ? { start } : {}), end, val, accn, form: '10-K', filed }, intern);
  return cols;
}

test('an implausible count is replaced by the same period of another filing divided by a thousand or a million', () => {
  const uf = indexUnitFacts(columns([
    ['2011-01-01', '2011-12-31', 1_649_891_000_000, 'a-2012', '2012-02-27'],
    ['2011-01-01', '2011-12-31', 1_649_891, 'a-2013', '2013-03-01'],
    ['2010-01-01', '2010-12-31', 1_635_661_000_000, 'a-2011', '2011-02-28'], // no other version: kept
    [null, '2011-12-31', 120_000_000_000_000, 'a-2012', '2012-02-27'],
    [null, '2011-12-31', 120_000_000, 'a-2013', '2013-03-01'],
  ]), 'original');
  preferPlausibleShareCounts(uf);
  const year = uf.durationsByEnd.get(dayNumber('2011-12-31'))![0]!;
  assert.equal(year.val, 1_649_891);
  assert.equal(year.accn, 'a-2013');
  assert.ok(year.versions && year.versions.length === 2, 'the versions are kept');
  assert.equal(uf.durationsByEnd.get(dayNumber('2010-12-31'))![0]!.val, 1_635_661_000_000);
  assert.equal(uf.instants.get(dayNumber('2011-12-31'))!.val, 120_000_000);
});

test('plausible counts and versions that differ by other factors are left as the policy kept them', () => {
  const uf = indexUnitFacts(columns([
    ['2011-01-01', '2011-12-31', 250_000_000, 'a', '2012-02-27'],
    ['2011-01-01', '2011-12-31', 250_000, 'b', '2013-03-01'], // thousands, but the kept count is plausible
    ['2012-01-01', '2012-12-31', 300_000_000_000, 'a', '2013-02-27'],
    ['2012-01-01', '2012-12-31', 150_000_000_000, 'b', '2014-03-01'], // a 2:1 restatement, not a scale
  ]), 'original');
  preferPlausibleShareCounts(uf);
  assert.equal(uf.durationsByEnd.get(dayNumber('2011-12-31'))![0]!.val, 250_000_000);
  assert.equal(uf.durationsByEnd.get(dayNumber('2012-12-31'))![0]!.val, 300_000_000_000);
});
