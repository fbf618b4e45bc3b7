import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CROSS_SIGNIFICANT_DIGITS, listPairs, pairRate, pairSpan, parsePair, rateRuns, roundSignificant } from './fx-pairs.js';

const ECB = new Set(['USD', 'JPY', 'GBP']);

test('pair identifiers: BASEQUOTE, BASE/QUOTE, BASE-QUOTE, any case', () => {
  for (const id of ['EURUSD', 'eurusd', 'EUR/USD', 'eur-usd', ' EurUsd ']) {
    assert.deepEqual(parsePair(id, ECB), { ok: true, pair: { symbol: 'EURUSD', base: 'EUR', quote: 'USD' } });
  }
  assert.deepEqual(parsePair('gbpjpy', ECB), { ok: true, pair: { symbol: 'GBPJPY', base: 'GBP', quote: 'JPY' } });
  assert.deepEqual(parsePair('USDEUR', ECB), { ok: true, pair: { symbol: 'USDEUR', base: 'USD', quote: 'EUR' } });
});

test('pair identifiers: same currency, unknown currency and other spellings are refused with a reason', () => {
  const same = parsePair('USDUSD', ECB);
  assert.ok(!same.ok && /same currency/.test(same.message));
  const eur = parsePair('EUREUR', ECB);
  assert.ok(!eur.ok && /same currency/.test(eur.message));
  const unknown = parsePair('EURXYZ', ECB);
  assert.ok(!unknown.ok && /XYZ is not a currency/.test(unknown.message));
  const both = parsePair('ABCXYZ', ECB);
  assert.ok(!both.ok && /ABC and XYZ are not currencies/.test(both.message));
  for (const id of ['EURUS', 'EUR_USD', 'EUR//USD', 'EURUSDX', '']) {
    const r = parsePair(id, ECB);
    assert.ok(!r.ok && /not a forex pair/.test(r.message), id);
  }
});

test('pair rate: EURxxx is the ECB value unrounded; crosses are quote/base rounded to 6 significant digits', () => {
  assert.equal(CROSS_SIGNIFICANT_DIGITS, 6);
  // 2025-05-09: USD 1.1252, JPY 163.36, GBP 0.8477
  assert.equal(pairRate({ base: 'EUR', quote: 'USD' }, null, 1.1252), 1.1252);
  assert.equal(pairRate({ base: 'EUR', quote: 'JPY' }, 5, 163.3612345), 163.3612345);
  assert.equal(pairRate({ base: 'USD', quote: 'JPY' }, 1.1252, 163.36), 145.183);
  assert.equal(pairRate({ base: 'GBP', quote: 'JPY' }, 0.8477, 163.36), 192.710);
  assert.equal(pairRate({ base: 'USD', quote: 'EUR' }, 1.1252, null), 0.888731);
  assert.equal(pairRate({ base: 'JPY', quote: 'USD' }, 163.36, 1.1252), 0.00688786);
});

test('pair rate: a missing leg gives no rate', () => {
  assert.equal(pairRate({ base: 'USD', quote: 'JPY' }, null, 163.36), null);
  assert.equal(pairRate({ base: 'USD', quote: 'JPY' }, 1.1252, null), null);
  assert.equal(pairRate({ base: 'EUR', quote: 'CYP' }, 1, null), null);
});

test('roundSignificant keeps 6 significant digits at any magnitude', () => {
  assert.equal(roundSignificant(16535.61234), 16535.6);
  assert.equal(roundSignificant(0.000123456789), 0.000123457);
  assert.equal(roundSignificant(2), 2);
});

const DATES = ['2008-12-08', '2008-12-09', '2008-12-10', '2018-01-02', '2018-01-03'];

test('rate runs: consecutive ECB dates with a rate', () => {
  const has = [true, true, false, true, true];
  assert.deepEqual(rateRuns(DATES, (i) => has[i] as boolean), [
    { first: '2008-12-08', last: '2008-12-09' }, { first: '2018-01-02', last: '2018-01-03' },
  ]);
  assert.deepEqual(rateRuns(DATES, () => false), []);
  assert.deepEqual(rateRuns(DATES, () => true), [{ first: '2008-12-08', last: '2018-01-03' }]);
});

test('pair span: first and last date both legs have, across gaps; null when they never overlap', () => {
  const isk = [{ first: '1999-01-04', last: '2008-12-09' }, { first: '2018-01-02', last: '2025-05-09' }];
  assert.deepEqual(pairSpan(isk, [{ first: '2011-01-03', last: '2025-05-09' }]), { first: '2018-01-02', last: '2025-05-09' });
  assert.deepEqual(pairSpan(isk, [{ first: '1999-01-04', last: '2007-12-31' }]), { first: '1999-01-04', last: '2007-12-31' });
  assert.equal(pairSpan([{ first: '1999-01-04', last: '2007-12-31' }], [{ first: '2011-01-03', last: '2025-05-09' }]), null);
});

test('pair list: every ordered pair of distinct currencies plus EUR that overlaps, by symbol', () => {
  const runs = new Map([
    ['USD', [{ first: '1999-01-04', last: '2025-05-09' }]],
    ['CYP', [{ first: '1999-01-04', last: '2007-12-31' }]],
    ['ILS', [{ first: '2011-01-03', last: '2025-05-09' }]],
  ]);
  const pairs = listPairs(runs);
  assert.deepEqual(pairs.map((p) => p.symbol), ['CYPEUR', 'CYPUSD', 'EURCYP', 'EURILS', 'EURUSD', 'ILSEUR', 'ILSUSD', 'USDCYP', 'USDEUR', 'USDILS']);
  assert.deepEqual(pairs.find((p) => p.symbol === 'EURILS'), { symbol: 'EURILS', base: 'EUR', quote: 'ILS', first_date: '2011-01-03', last_date: '2025-05-09' });
  assert.deepEqual(pairs.find((p) => p.symbol === 'USDCYP'), { symbol: 'USDCYP', base: 'USD', quote: 'CYP', first_date: '1999-01-04', last_date: '2007-12-31' });
  assert.deepEqual(listPairs(new Map()), []);
});
