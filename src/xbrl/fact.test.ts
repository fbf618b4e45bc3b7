import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dayNumber } from '../model/dates.js';
import { FactColumns } from '../sources/fact-columns.js';
import { toFact } from './fact.js';

test('a row of fact columns becomes a fact with its period as day numbers', () => {
  const cols = new FactColumns();
  const intern = new Map<string, string>();
  cols.add({ start: '2024-01-01', end: '2024-12-31', val: 7, accn: 'a', form: '10-K', filed: '2025-02-01' }, intern);
  cols.add({ end: '2024-12-31', val: 9, accn: 'b', form: '10-Q', filed: '2025-03-01' }, intern);
  assert.deepEqual(toFact(cols, 0), { startDay: dayNumber('2024-01-01'), endDay: dayNumber('2024-12-31'), val: 7, accn: 'a', filed: '2025-02-01', form: '10-K', versions: null, reports: null });
  const instant = toFact(cols, 1, 123);
  assert.equal(instant.startDay, null);
  assert.equal(instant.endDay, 123, 'the caller\'s end day is taken as given');
});
