// Versions of a synthetic company: two 10-Ks, the second restating the first year's revenue. The
// first year's income statement has two versions (the original until the restating 10-K's filing
// date, then the restated one); the second year one version from its own 10-K; versions of one
// record never overlap and the last is open; an unchanged record keeps its single version.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { viewOfParsedFacts } from '../sources/companyfacts-reader.js';
import { companyFacts, filing } from '../../test/support/synthetic-facts.js';
import { computeRecordVersions, sameRecord } from './record-versions.js';
import type { PeriodRecord } from '../model/record-types.js';

const k1 = filing('0000000001-21-000001', '10-K', '2021-02-20', 2020, 'FY');
const k2 = filing('0000000001-22-000001', '10-K', '2022-02-18', 2021, 'FY');
const doc = companyFacts({
  Revenues: [k1('2020-01-01', '2020-12-31', 100), k2('2020-01-01', '2020-12-31', 90), k2('2021-01-01', '2021-12-31', 120)],
  NetIncomeLoss: [k1('2020-01-01', '2020-12-31', 10), k2('2020-01-01', '2020-12-31', 10), k2('2021-01-01', '2021-12-31', 12)],
});

test('record versions: a restated year has the original until the restating filing, then the restated; an unchanged value one version', () => {
  const v = computeRecordVersions(viewOfParsedFacts(doc as { facts: object }), '1231', null);
  assert.equal(v.filingDates, 2);
  assert.equal(v.states, 2);
  const y2020 = v.versions.get('income_statement|annual|2020-12-31');
  assert.ok(y2020);
  assert.deepEqual(y2020.map((x) => [x.knownFrom, x.knownTo, x.record.values.is_sales_revenue_turnover]),
    [['2021-02-20', '2022-02-18', 100], ['2022-02-18', null, 90]]);
  const y2021 = v.versions.get('income_statement|annual|2021-12-31');
  assert.deepEqual(y2021?.map((x) => [x.knownFrom, x.knownTo, x.record.values.is_sales_revenue_turnover]), [['2022-02-18', null, 120]]);
  for (const list of v.versions.values()) {
    for (let i = 1; i < list.length; i++) assert.equal(list[i - 1]!.knownTo, list[i]!.knownFrom, 'consecutive, no overlap');
    assert.equal(list.at(-1)!.knownTo, null);
  }
});

test('sameRecord: equal values are one version, any changed value, label or year another', () => {
  const r: PeriodRecord = { recordType: 'income_statement', period: 'annual', date: '2020-12-31', fiscalYear: 2020, periodLabel: '2020', values: { a: 1, b: null }, provenance: {} };
  assert.equal(sameRecord(r, { ...r, values: { a: 1, b: null }, provenance: { a: { concept: 'x' } } }), true);
  assert.equal(sameRecord(r, { ...r, values: { a: 2, b: null } }), false);
  assert.equal(sameRecord(r, { ...r, values: { a: 1 } }), false);
  assert.equal(sameRecord(r, { ...r, fiscalYear: 2021 }), false);
  assert.equal(sameRecord(r, { ...r, values: { a: 1, b: NaN } }), false);
  assert.equal(sameRecord({ ...r, values: { a: NaN } }, { ...r, values: { a: NaN } }), true);
});
