import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inProportion, sameFigure, type PeriodFiling } from './period-filing.js';

const filing = (ratios: Record<string, number[]>): PeriodFiling => ({
  accn: 'B', filed: '2023-02-15', form: '10-K', restates: new Set(Object.keys(ratios)), ratios: new Map(Object.entries(ratios)), restated: [], checked: new Set(),
});

test('values within 0.5 % are the same figure (a later filing rounding to millions)', () => {
  assert.ok(sameFigure(365_818_000, 365_800_000));
  assert.ok(!sameFigure(100, 99));
  assert.ok(sameFigure(0, 0));
});

test('a restated value is taken when in proportion with a line the filing restated from the same earlier filing', () => {
  // DuPont 2020: cost of goods sold 7,063 / 13,522 = 0.52; revenue 11,128 / 20,397 = 0.55
  assert.ok(inProportion(filing({ A: [7063 / 13522] }), 'A', 11128 / 20397));
  // Marathon Petroleum 2015: lease revenue 16 against sales of 72,051 while lines moved a few percent
  assert.ok(!inProportion(filing({ A: [1.03, 0.97] }), 'A', 16 / 72051));
  // only the restatements of the same earlier filing count, and a sign change is never in proportion
  assert.ok(!inProportion(filing({ C: [0.55] }), 'A', 0.55));
  assert.ok(!inProportion(filing({ A: [-0.5] }), 'A', -0.5));
});
