import { test } from 'node:test';
import assert from 'node:assert/strict';
import { conceptFacts, isUsableFact } from './fact-columns.js';

const fact = (extra: Record<string, unknown> = {}): Record<string, unknown> =>
  ({ end: '2023-12-31', val: 1, accn: '0000320193-24-000006', fy: 2023, fp: 'FY', form: '10-K', filed: '2024-02-02', ...extra });

test('columns hold the usable facts of each unit list, in file order', () => {
  const list = [
    fact({ val: 1, start: '2023-01-01' }),
    fact({ val: Number.NaN }), null, 7, 'x', fact({ end: '2023/12/31' }), fact({ start: null }), fact({ form: 10 }),
    fact({ val: 2, fy: 'FY2023' }),
  ];
  const facts = conceptFacts({ label: 'x', units: { USD: list, EUR: 'not a list', shares: [] } }, new Map());
  assert.deepEqual([...facts.units.keys()], ['USD', 'shares']);
  const usd = facts.units.get('USD')!;
  assert.equal(usd.length, list.filter((f) => isUsableFact(f as never)).length);
  assert.deepEqual(usd.val, [1, 2]);
  assert.deepEqual(usd.start, ['2023-01-01', null]);
  assert.deepEqual(usd.end, ['2023-12-31', '2023-12-31']);
  assert.deepEqual(usd.fy, [2023, null]);
  assert.deepEqual(usd.form, ['10-K', '10-K']);
  assert.deepEqual(usd.filed, ['2024-02-02', '2024-02-02']);
  assert.equal(facts.units.get('shares')!.length, 0);
});

test('a value without a units object has no facts', () => {
  for (const body of [null, 5, 'x', [], {}, { units: null }, { units: 'USD' }]) assert.equal(conceptFacts(body, new Map()).units.size, 0);
});

test('accession numbers are shared strings', () => {
  const intern = new Map<string, string>();
  const a = conceptFacts({ units: { USD: [fact()] } }, intern).units.get('USD')!;
  const b = conceptFacts({ units: { USD: [fact()] } }, intern).units.get('USD')!;
  assert.equal(a.accn[0], b.accn[0]);
  assert.equal(intern.size, 1);
});
