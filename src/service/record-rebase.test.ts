// Rebasing stored records by registry unit (a class listing's share basis, another currency).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rebaseBodies, rebaseRecord } from './record-rebase.js';
import { classRebase } from './listing-basis.js';

test('BRK-B per-share record: EPS / 1,500 (4 decimals), shares x 1,500, ticker BRK-B; ratios untouched', () => {
  const stored = { ticker: 'BRK-A', date: '2014-12-31', period: 'annual', period_label: '2014', fiscal_year: '2014', bs_sh_out: 1_643_456, eps: 12_091.59, book_val_per_sh: 146_137.1646, diluted_eps: null };
  const out = rebaseRecord('per_share', stored, classRebase({ listing: 'BRK-B', listingPerReporting: 1500 }));
  assert.equal(out.eps, 8.0611);
  assert.equal(out.bs_sh_out, 2_465_184_000);
  assert.equal(out.book_val_per_sh, 97.4248);
  assert.equal(out.diluted_eps, null);
  assert.equal(out.ticker, 'BRK-B');
  assert.deepEqual(Object.keys(out), Object.keys(stored), 'column order kept');
});

test('currency amounts move by money, per-share by money x perShare, percentages never; currency column relabelled', () => {
  const stored = JSON.stringify({ ticker: 'X', date: '2023-12-31', currency: 'EUR', is_net_income: 1000, gross_margin: 51.25, eps: 2.5, is_avg_num_sh_for_eps: 10 });
  const [body] = rebaseBodies('income_statement', [stored], () => ({ money: 1.1, perShare: 1, shares: 1, currency: 'USD' }));
  const out = JSON.parse(body!);
  assert.equal(out.is_net_income, 1100);
  assert.equal(out.eps, 2.75);
  assert.equal(out.gross_margin, 51.25);
  assert.equal(out.is_avg_num_sh_for_eps, 10);
  assert.equal(out.currency, 'USD');
  assert.equal(rebaseBodies('income_statement', [stored], () => null)[0], stored, 'no rebase: the stored body itself');
});
