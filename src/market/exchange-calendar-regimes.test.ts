import { test } from 'node:test';
import assert from 'node:assert/strict';
import { localDate, regimeOn, tradingRegimes } from './exchange-calendar-regimes.js';

const base = { mic: 'XJPX', timezone: 'Asia/Tokyo', open: '09:00', breakStart: '11:30', breakEnd: '12:30' };

test('regimes are ordered oldest first; valid_to is the day before the next start', () => {
  const regimes = tradingRegimes([
    { ...base, close: '15:30', validFrom: '2024-11-05' },
    { ...base, close: '15:00', validFrom: null },
  ]);
  assert.deepEqual(regimes.map((r) => [r.validFrom, r.validTo, r.close]), [[null, '2024-11-04', '15:00'], ['2024-11-05', null, '15:30']]);
  assert.equal(regimeOn(regimes, '2024-11-04')?.close, '15:00');
  assert.equal(regimeOn(regimes, '2024-11-05')?.close, '15:30');
  assert.equal(regimeOn(regimes, '1990-01-01')?.close, '15:00');
});

test('valid_to crosses month and leap-day boundaries; a date before every dated start has no regime', () => {
  const regimes = tradingRegimes([
    { ...base, close: '15:00', validFrom: '2020-03-01' },
    { ...base, close: '15:30', validFrom: '2021-01-01' },
  ]);
  assert.deepEqual(regimes.map((r) => r.validTo), ['2020-12-31', null]);
  assert.equal(tradingRegimes([{ ...base, close: '1', validFrom: null }, { ...base, close: '2', validFrom: '2020-03-01' }])[0]!.validTo, '2020-02-29');
  assert.equal(regimeOn(regimes, '2020-02-29'), null);
});

test('the local date follows the zone, not UTC', () => {
  const t = Date.UTC(2025, 11, 31, 20, 0, 0); // 2025-12-31 20:00 UTC
  assert.equal(localDate('Asia/Tokyo', t), '2026-01-01');
  assert.equal(localDate('America/New_York', t), '2025-12-31');
  assert.equal(localDate('Australia/Sydney', Date.UTC(2025, 5, 30, 14, 0, 0)), '2025-07-01');
  assert.throws(() => localDate('Not/AZone', t), RangeError);
});
