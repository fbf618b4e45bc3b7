import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PLANS } from '../store/plans.js';
import { ApiError } from './errors.js';
import { checkExplicitHistory, historyCutoff } from './history-depth.js';

const NOW = Date.UTC(2026, 0, 15, 12);
const rule = { fiscalYearStartParam: 'fiscal_year_start', dateStartParam: 'date_start' };

test('cutoffs are measured back from the clock\u2019s today', () => {
  assert.equal(historyCutoff(PLANS.free, NOW), '2024-01-15');
  assert.equal(historyCutoff(PLANS.individual, NOW), '2021-01-15');
  assert.equal(historyCutoff(PLANS.professional, NOW), null);
  assert.equal(historyCutoff(PLANS.enterprise, NOW), null);
  assert.equal(historyCutoff(PLANS.free, Date.UTC(2028, 1, 29)), '2026-02-28');
});

test('explicit starts older than the cutoff are 403 naming the plan', () => {
  const cutoff = historyCutoff(PLANS.free, NOW);
  assert.throws(() => checkExplicitHistory(PLANS.free, cutoff, rule, { fiscal_year_start: 2015 }),
    (e: unknown) => e instanceof ApiError && e.row.status === 403 && /Free plan/.test(e.message) && e.param === 'fiscal_year_start');
  assert.throws(() => checkExplicitHistory(PLANS.free, cutoff, rule, { date_start: '2024-01-14' }),
    (e: unknown) => e instanceof ApiError && e.code === 'history_beyond_plan');
  checkExplicitHistory(PLANS.free, cutoff, rule, { fiscal_year_start: 2024, date_start: '2024-01-15' });
  checkExplicitHistory(PLANS.professional, null, rule, { fiscal_year_start: 1990 });
  checkExplicitHistory(PLANS.free, cutoff, null, { fiscal_year_start: 1990 });
});
