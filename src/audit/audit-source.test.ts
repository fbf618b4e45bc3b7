// The audit's reading of served bodies and of fact-store flows: a record from the API's JSON body,
// and a flow tagged beside a field over its period, following a derived quarter's subtraction.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { conceptFacts } from '../sources/fact-columns.js';
import type { CompanyFactsView } from '../sources/companyfacts-reader.js';
import { flowOf, latestValue, recordOfBody } from './audit-source.js';

const FX = 'us-gaap:EffectOfExchangeRateOnCashAndCashEquivalents';
type Raw = { start?: string; end: string; val: number; accn: string; form: string; filed: string };
function view(facts: Raw[]): CompanyFactsView {
  return { cik: 1, entityName: 'Test Co', facts: { 'us-gaap': { EffectOfExchangeRateOnCashAndCashEquivalents: conceptFacts({ units: { USD: facts } }, new Map()) } },
    conceptCounts: new Map(), inventory: [] };
}
const Q1 = { accn: 'q1', form: '10-Q', filed: '2023-05-01' };
const Q2 = { accn: 'q2', form: '10-Q', filed: '2023-08-01' };

test('a record from the served body: the record type\'s fields, null where the body has no number', () => {
  const r = recordOfBody('cash_flow', { date: '2023-06-30', period: 'quarterly', period_label: 'Q2', fiscal_year: 2023, currency: 'USD', cf_net_chng_cash: 5, cf_cash_from_oper: null },
    { cf_net_chng_cash: { concept: 'us-gaap:CashPeriodIncreaseDecrease' } });
  assert.equal(r.values.cf_net_chng_cash, 5);
  assert.equal(r.values.cf_cash_from_oper, null);
  assert.ok('cf_cash_from_inv_act' in r.values);
  assert.equal(r.periodLabel, 'Q2');
  assert.equal(r.fiscalYear, 2023);
  assert.equal(r.provenance.cf_net_chng_cash?.concept, 'us-gaap:CashPeriodIncreaseDecrease');
});

test('a flow over a derived quarter: the year-to-date fact less the subtracted one; the latest periodic filing; none missing', () => {
  const v = view([
    { start: '2023-01-01', end: '2023-03-31', val: 4, ...Q1 },
    { start: '2023-01-01', end: '2023-06-30', val: 10, ...Q2 },
    { start: '2023-01-01', end: '2023-06-30', val: 11, accn: 'k', form: '8-K', filed: '2023-09-01' }, // an 8-K recast: not a periodic filing
  ]);
  assert.equal(latestValue(v, [FX], 'USD', '2023-01-01', '2023-06-30'), 10);
  assert.equal(latestValue(v, [FX], 'EUR', '2023-01-01', '2023-06-30'), null);
  const q2 = { concept: 'us-gaap:CashPeriodIncreaseDecrease', start: '2023-01-01', end: '2023-06-30', derivation: 'Q2 = 6M - Q1',
    inputs: [{ start: '2023-01-01', end: '2023-03-31' }] };
  assert.equal(flowOf(v, [FX], 'USD', q2), 6);
  assert.equal(flowOf(v, [FX], 'USD', { start: '2023-01-01', end: '2023-03-31' }), 4);
  assert.equal(flowOf(v, [FX], 'USD', { ...q2, inputs: [{ start: '2022-10-01', end: '2022-12-31' }] }), null); // the subtracted period untagged
  assert.equal(flowOf(v, [FX], 'USD', { end: '2023-06-30' }), null); // no period start
});
