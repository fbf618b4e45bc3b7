import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dayNumber } from '../../model/dates.js';
import { filing } from '../../../test/support/synthetic-facts.js';
import { resolverState } from '../../../test/support/period-values.js';
import { asOf, duration } from './period-fact.js';

const k23 = filing('k-2023', '10-K', '2024-02-01', 2023, 'FY');
const k24 = filing('k-2024', '10-K', '2025-02-01', 2024, 'FY');
const d = dayNumber;

test('a duration is found within three days of its start; a later filing wins for amounts, the first for counts', () => {
  const s = resolverState({
    Revenues: [k23('2022-12-31', '2023-12-30', 100), k24('2023-01-01', '2023-12-30', 110)],
    'WeightedAverageNumberOfSharesOutstandingBasic@shares': [k23('2022-12-31', '2023-12-30', 50), k24('2023-01-01', '2023-12-30', 100)],
  });
  const amounts = s.index.unitFacts('us-gaap:Revenues', 'USD', 'latest')!;
  assert.equal(duration(amounts, d('2023-01-02'), d('2023-12-30'))!.val, 110);
  assert.equal(duration(amounts, d('2023-01-05'), d('2023-12-30')), null, 'four days off is another period');
  assert.equal(duration(amounts, d('2023-01-01'), d('2023-12-31')), null);
  const counts = s.index.unitFacts('us-gaap:WeightedAverageNumberOfSharesOutstandingBasic', 'shares', 'original')!;
  assert.equal(duration(counts, d('2023-01-01'), d('2023-12-30'))!.val, 50);
});

test('the version on file at a date is the last filed by then, else the oldest', () => {
  const s = resolverState({ Revenues: [k23('2023-01-01', '2023-12-31', 100), k24('2023-01-01', '2023-12-31', 90)] });
  const f = duration(s.index.unitFacts('us-gaap:Revenues', 'USD')!, d('2023-01-01'), d('2023-12-31'))!;
  assert.equal(f.val, 90);
  assert.equal(asOf(f, '2024-06-30').val, 100);
  assert.equal(asOf(f, '2025-02-01').val, 90);
  assert.equal(asOf(f, '2020-01-01').val, 100);
});
