import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CoveredSpans } from './price-series.js';

test('disjoint spans do not cover the years between them (yahoo-2023 to 2023-04, yahoo-2025-26 from 2025-02)', () => {
  const c = new CoveredSpans();
  c.add('2007-01-03', '2023-04-14');
  c.add('2025-02-28', '2026-02-27');
  assert.equal(c.covers('2015-01-02', '2024-12-06'), false, 'yahoo-2024 is read');
  assert.equal(c.covers('2007-01-08', '2017-11-10'), true, 'a set inside the first span (starting within a week of it) is not');
  assert.equal(c.covers('2025-03-03', '2026-02-27'), true);
  assert.equal(c.covers('2006-12-01', '2017-11-10'), false, 'a set starting over a week earlier has days of its own');
});

test('overlapping or adjacent spans join', () => {
  const c = new CoveredSpans();
  c.add('2015-01-02', '2024-12-06');
  c.add('2024-12-09', '2026-08-14');
  assert.equal(c.covers('2016-01-04', '2026-08-14'), true);
  c.add('2010-01-04', '2015-01-05');
  assert.equal(c.covers('2010-01-04', '2026-01-02'), true);
});
