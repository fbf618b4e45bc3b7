// The share class rule (docs/metrics.md, Share classes): a class listing's ratio in the listing
// conversion is 1 / listing_per_reporting, and it converts a BRK-B close to per-class-A terms.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseShareClasses } from '../sources/share-classes-csv.js';
import { shareClassIndex, withShareClassRatios } from './share-classes.js';
import { adrRatioIndex, seriesInReportingTerms } from './listing-conversion.js';

const CSV = `symbol,cik,share_class,reporting_class,listing_per_reporting,source
BRK-A,1067983,Class A,BRK-A,1,10-K
BRK-B,1067983,Class B,BRK-A,1500,10-K
GOOG,1652044,Class C,googl,1,10-K
XX,1,Class X,,2,no reporting class
YY,1,Class Y,YY,0,no ratio
`;

test('BRK-B: 1,500 class B shares per class A share, so its ratio is 1/1,500 and a close of 150.15 is 225,225 per class A share', () => {
  const classes = shareClassIndex(parseShareClasses(CSV));
  assert.deepEqual([...classes.keys()], ['BRK-A', 'BRK-B', 'GOOG'], 'rows without a reporting class or a positive ratio are not used');
  assert.equal(classes.get('GOOG')!.reportingClass, 'GOOGL');
  const ratios = withShareClassRatios(new Map(), classes);
  const b = ratios.get('BRK-B')!;
  assert.ok(b.ratio !== null && Math.abs(b.ratio - 1 / 1500) < 1e-15);
  assert.match((b as { source: string }).source, /^data\/share-classes\.csv: /);
  const m = seriesInReportingTerms({ ticker: 'BRK-B', dates: ['2014-12-31'], closes: [150.15], splits: [] }, 'USD', 'USD', b, () => null);
  assert.ok(Math.abs(m.closes[0]! - 225_225) < 1e-6, String(m.closes[0]));
  // ratio 1: the listing is left as it is
  const g = { ticker: 'GOOG', dates: ['2020-12-31'], closes: [1751.88], splits: [] };
  assert.equal(seriesInReportingTerms(g, 'USD', 'USD', ratios.get('GOOG'), () => null), g);
});

test('a symbol with an ADR ratio and another class ratio has none (the rule of disagreeing sources)', () => {
  const adr = adrRatioIndex([{ symbol: 'BRK-B', ordinaryPerDepositary: 2, asOf: null, source: 'x', sourcesAgree: 'yes' }]);
  const r = withShareClassRatios(adr, shareClassIndex(parseShareClasses(CSV))).get('BRK-B')!;
  assert.equal(r.ratio, null);
  assert.match((r as { reason: string }).reason, /no agreed listing ratio for BRK-B/);
});
