import { test } from 'node:test';
import assert from 'node:assert/strict';
import { filerClosingRates } from './filer-rates.js';
import { FactColumns } from '../sources/fact-columns.js';

test('filerClosingRates: unit pure as reporting currency per USD, at balance dates only, within the sanity bound; USD/TWD inverted', () => {
  const intern = new Map<string, string>();
  const pure = new FactColumns();
  for (const [end, val] of [['2023-12-31', 30.62], ['2021-12-30', 27.74], ['2022-12-31', 0.0325]] as const) {
    pure.add({ end, val, accn: `p-${end}`, form: '20-F', filed: '2024-04-18' }, intern);
  }
  const inv = new FactColumns();
  inv.add({ end: '2020-12-31', val: 1 / 28.08, accn: 'i', form: '20-F', filed: '2021-04-16' }, intern);
  const cols = (u: string): FactColumns | null => (u === 'pure' ? pure : u === 'USD/TWD' ? inv : null);
  const got = filerClosingRates(cols, 'TWD', new Set(['2020-12-31', '2022-12-31', '2023-12-31', '2021-12-31']));
  assert.deepEqual(got.map((r) => [r.date, Math.round(r.rate * 100) / 100]), [['2020-12-31', 28.08], ['2023-12-31', 30.62]]);
});
