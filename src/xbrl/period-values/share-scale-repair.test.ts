import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Provenance } from '../../model/record-types.js';
import { bound, resolverState } from '../../../test/support/period-values.js';
import type { FieldMapping } from '../concept-map/mapping-types.js';
import { repairShareScale } from './share-scale-repair.js';

const f = (field: string, kind: FieldMapping['kind']): FieldMapping => ({ field, statement: 'income_statement', kind, concepts: [] });
const prov = (concept: string, unit: string): Provenance => ({ concept, accn: 'k', filed: '2025-02-01', form: '10-K', unit, start: '2024-01-01', end: '2024-12-31' });

/** Net income, EPS and the EPS share count of one period, repaired; returns the state and values. */
function repaired(netIncome: number, eps: number, shares: number, sharesDerivation?: string) {
  const s = resolverState({});
  const st = bound(s, [f('is_net_income', 'flow'), f('eps', 'per_share'), f('is_avg_num_sh_for_eps', 'shares')]);
  const v = st.values;
  v.clear();
  v.set(0, netIncome, prov('us-gaap:NetIncomeLoss', 'USD'));
  v.set(1, eps, prov('us-gaap:EarningsPerShareBasic', 'USD/shares'));
  v.set(2, shares, { ...prov('us-gaap:WeightedAverageNumberOfSharesOutstandingBasic', 'shares'), ...(sharesDerivation ? { derivation: sharesDerivation } : {}) });
  repairShareScale(s, st, v);
  return { s, v };
}

test('a share count filed in thousands is scaled up and its filing remembered', () => {
  const { s, v } = repaired(1e9, 2, 500_000);
  assert.equal(v.vals[2], 500_000_000);
  assert.equal(v.provs[2]!.derivation, 'is_avg_num_sh_for_eps = us-gaap:WeightedAverageNumberOfSharesOutstandingBasic x 1000 (filed in thousands: net income / EPS = 500000000)');
  assert.equal(s.shareScaleByAccn.get('k'), 1000);
});

test('a share count filed a thousand times too many is scaled down', () => {
  const { s, v } = repaired(1e9, 2, 500e9);
  assert.equal(v.vals[2], 500_000_000);
  assert.match(v.provs[2]!.derivation!, / \/ 1000 \(filed 1000 times too many/);
  assert.equal(s.shareScaleByAccn.get('k'), 0.001);
});

test('an EPS filed in millionths is scaled to the currency', () => {
  const { v } = repaired(1e9, 2_000_000, 500_000_000);
  assert.equal(v.vals[1], 2);
  assert.equal(v.provs[1]!.derivation, 'eps = us-gaap:EarningsPerShareBasic / 1000000 (filed in millionths: net income / shares = 2.00)');
  assert.equal(v.vals[2], 500_000_000);
});

test('consistent values, and derived share counts, are left alone', () => {
  assert.equal(repaired(1e9, 2, 500_000_000).v.vals[2], 500_000_000);
  const derived = repaired(1e9, 2, 500_000, 'Q4 = ...');
  assert.equal(derived.v.vals[2], 500_000);
  assert.equal(derived.s.shareScaleByAccn.size, 0);
});
