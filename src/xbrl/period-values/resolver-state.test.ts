import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolverState } from '../../../test/support/period-values.js';
import { unitFor } from './resolver-state.js';

test('amounts are in the currency, per-share values in currency per share, counts in shares', () => {
  const s = resolverState({});
  assert.deepEqual(['flow', 'instant', 'per_share', 'per_share_flow', 'shares'].map((k) => unitFor(s, k as Parameters<typeof unitFor>[1])),
    ['USD', 'USD', 'USD/shares', 'USD/shares', 'shares']);
});

test('a new state has learnt nothing yet', () => {
  const s = resolverState({});
  assert.deepEqual([s.shareScaleByAccn.size, s.partialDecisions.size, s.currentValues, s.bsAccns], [0, 0, null, null]);
});
