// DatedViews holds, on each day, the facts viewAt holds (same columns, rows in the same order),
// and keeps the same columns object for a (concept, unit) no filing touched since the day before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { viewOfParsedFacts } from '../sources/companyfacts-reader.js';
import { ConceptFacts, type FactColumns } from '../sources/fact-columns.js';
import { companyFacts, filing } from '../../test/support/synthetic-facts.js';
import { filingDates, viewAt } from '../xbrl/point-in-time-view.js';
import { DatedViews } from './dated-views.js';
import { isoDate } from '../model/dates.js';

const k1 = filing('0000000001-21-000001', '10-K', '2021-02-20', 2020, 'FY');
const q1 = filing('0000000001-21-000002', '10-Q', '2021-05-01', 2021, 'Q1');
const k2 = filing('0000000001-22-000001', '10-K', '2022-02-18', 2021, 'FY');
const doc = companyFacts({
  Revenues: [k2('2021-01-01', '2021-12-31', 120), k1('2020-01-01', '2020-12-31', 100), q1('2021-01-01', '2021-03-31', 30), k2('2020-01-01', '2020-12-31', 90)],
  NetIncomeLoss: [k1('2020-01-01', '2020-12-31', 10), k2('2021-01-01', '2021-12-31', 12)],
  Assets: [k1(null, '2020-12-31', 500)],
});

function columnsOf(view: ReturnType<typeof viewOfParsedFacts>, concept: string): FactColumns {
  const cf = view.facts['us-gaap']![concept];
  assert.ok(cf instanceof ConceptFacts);
  return cf.units.get('USD')!;
}

test('dated views: the facts viewAt holds on every filing date; untouched columns are the same object', () => {
  const view = viewOfParsedFacts(doc as { facts: object });
  const views = new DatedViews(view);
  let before: ReturnType<typeof viewOfParsedFacts> | null = null;
  for (const day of filingDates(view)) {
    const got = views.at(day), want = viewAt(view, { asOf: day, firstFiled: false });
    for (const concept of ['Revenues', 'NetIncomeLoss', 'Assets']) {
      const g = columnsOf(got, concept), w = columnsOf(want, concept);
      assert.deepEqual({ ...g }, { ...w }, `${concept} on ${day}`);
    }
    if (day === '2021-05-01') {
      // the 10-Q touched Revenues only
      assert.notEqual(columnsOf(got, 'Revenues'), columnsOf(before!, 'Revenues'));
      assert.equal(columnsOf(got, 'NetIncomeLoss'), columnsOf(before!, 'NetIncomeLoss'));
      assert.equal(got.facts['us-gaap']!.Assets, before!.facts['us-gaap']!.Assets);
    }
    before = got;
  }
  assert.throws(() => views.at('2021-01-01'), /rise/);
});

test('dated views: changedEnds names the period ends of the facts that became known on the day', () => {
  const view = viewOfParsedFacts(doc as { facts: object });
  const views = new DatedViews(view);
  const ends: Record<string, string[] | null> = {};
  for (const day of filingDates(view)) {
    views.at(day);
    const e = views.changedEnds();
    ends[day] = e === null ? null : e.map(isoDate).sort();
  }
  assert.deepEqual(ends, {
    '2021-02-20': null, // the first day: everything is new
    '2021-05-01': ['2021-03-31'],
    '2022-02-18': ['2020-12-31', '2021-12-31', '2021-12-31'],
  });
});
