// Unit tests of the fact store's codec: a view built here round-trips column for column (odd
// values, instants, null fy, several units and taxonomies), concepts not asked for are left out
// and summed into the inventory. (On corpus companies the decoded view computes the same records
// as the file: point-in-time/records-at.test.ts.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeCompanyFacts, encodeCompanyFacts, OTHER_CONCEPTS } from './fact-store-codec.js';
import { viewOfParsedFacts, type CompanyFactsView } from '../../sources/companyfacts-reader.js';
import { conceptFacts, ConceptFacts, type FactColumns } from '../../sources/fact-columns.js';

const ODD_VALUES = [0, -0, 1, -1, 1.5, -2.25, 1e21, -1e21, 2 ** 50, -(2 ** 50), 2 ** 53 - 1, 123456789012, 0.1 + 0.2, 5e-324, 1e-7];

function columnsOf(view: CompanyFactsView, tax: string, concept: string): Map<string, FactColumns> {
  const v = view.facts[tax]?.[concept];
  return v instanceof ConceptFacts ? new Map(v.units) : conceptFacts(v, new Map()).units as Map<string, FactColumns>;
}

function plain(cols: FactColumns): unknown {
  return { length: cols.length, start: cols.start, end: cols.end, val: cols.val.map((v) => (Object.is(v, -0) ? '-0' : v)), accn: cols.accn, form: cols.form, filed: cols.filed, fy: cols.fy };
}

test('fact store codec: a built view round-trips its wanted concepts; others are summed in the inventory', () => {
  const usd = ODD_VALUES.map((val, i) => ({
    ...(i % 3 === 0 ? {} : { start: `2019-0${1 + (i % 9)}-01` }), end: `2020-0${1 + (i % 9)}-3${i % 2}`, val,
    accn: `0000320193-20-00000${i % 4}`, fy: i % 5 === 0 ? null : 2015 + i, fp: 'FY', form: i % 2 ? '10-K' : '10-Q/A', filed: `2020-1${i % 3}-0${1 + (i % 8)}`,
  }));
  const doc = {
    cik: 320193, entityName: 'Ex\u00e4mple \u201cInc\u201d',
    facts: {
      dei: { EntityCommonStockSharesOutstanding: { units: { shares: [{ end: '2020-01-15', val: 4443265000, accn: 'a', form: '10-Q', filed: '2020-01-29' }] } } },
      'us-gaap': {
        Revenues: { label: 'R', units: { USD: usd, EUR: usd.slice(0, 3), pure: [] } },
        Unwanted: { units: { USD: usd.slice(0, 4), JPY: usd.slice(0, 2) } },
        Other: { units: { USD: usd.slice(0, 1) } },
        NotAnObject: 7,
      },
    },
  };
  const view = viewOfParsedFacts(doc);
  const wanted = new Set(['us-gaap:Revenues', 'dei:EntityCommonStockSharesOutstanding', 'us-gaap:Missing']);
  const back = decodeCompanyFacts(encodeCompanyFacts(view, wanted));
  assert.equal(back.cik, 320193);
  assert.equal(back.entityName, doc.entityName);
  assert.deepEqual([...back.conceptCounts], [...view.conceptCounts]);
  for (const [tax, concept] of [['us-gaap', 'Revenues'], ['dei', 'EntityCommonStockSharesOutstanding']] as const) {
    const a = columnsOf(view, tax, concept), b = columnsOf(back, tax, concept);
    assert.deepEqual([...b.keys()], [...a.keys()]);
    for (const [unit, cols] of a) assert.deepEqual(plain(b.get(unit)!), plain(cols), `${concept} ${unit}`);
  }
  assert.equal(back.facts['us-gaap']!['Unwanted'], undefined);
  assert.deepEqual(back.inventory.find((c) => c.concept === 'Revenues')?.units, [['USD', usd.length], ['EUR', 3], ['pure', 0]]);
  assert.deepEqual(back.inventory.find((c) => c.taxonomy === 'us-gaap' && c.concept === OTHER_CONCEPTS)?.units, [['USD', 5], ['JPY', 2]]);
  assert.equal(back.inventory.some((c) => c.concept === 'Unwanted'), false);
});

test('fact store codec: a damaged blob is an error, not a wrong view', () => {
  // a view without facts encodes the same for every concept set
  const blob = encodeCompanyFacts(viewOfParsedFacts({ cik: 1, facts: { 'us-gaap': {} } }), new Set<string>());
  assert.throws(() => decodeCompanyFacts(blob.subarray(0, blob.length - 2)));
});
