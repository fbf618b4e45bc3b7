import { test } from 'node:test';
import assert from 'node:assert/strict';
import { seriesInReportingTerms } from './listing-conversion.js';
import { marketWithFilerRates } from './filer-rate-closes.js';
import { priceWindowAt, unconvertedReasonAt, type MarketData } from './market-data.js';
import type { FilerRate } from '../model/record-types.js';

const rate = (date: string, r: number): FilerRate => ({ date, rate: r, concept: 'ifrs-full:ClosingForeignExchangeRate', accn: `a-${date}`, filed: '2024-04-18' });
// TSM-like: USD closes of an ADR of 5 ordinary shares, no USD->TWD rate in the ECB data
const usd: MarketData = { ticker: 'TSM', dates: ['2021-12-30', '2021-12-31', '2023-12-28', '2023-12-29'], closes: [120, 121, 103, 104], splits: [] };
const twd = seriesInReportingTerms(usd, 'TWD', 'USD', { ratio: 5, source: 's' }, () => null);

test('TSM 2023-12-31: the filer rate of the balance date converts the last close on or before it (2023-12-29) and no other', () => {
  const out = marketWithFilerRates(twd, [rate('2023-12-31', 30.62)])!;
  assert.deepEqual(out.dates, ['2023-12-29']);
  assert.ok(Math.abs(out.closes[0]! - 104 / 5 * 30.62) < 1e-9);
  assert.equal(out.filerRated?.get('2023-12-29')?.accn, 'a-2023-12-31');
  const w = priceWindowAt(out, '2023-12-31', [])!;
  assert.equal(w.lastDate, '2023-12-29');
  assert.ok(Number.isNaN(w.high) && Number.isNaN(w.low) && Number.isNaN(w.mean), '52-week high/low/mean unknown');
  assert.equal(unconvertedReasonAt(out, '2021-12-31'), 'no USD->TWD rate for 2021-12-31');
});

test('TSM 2021-12-31: a rate dated 2021-12-30 converts the 2021-12-30 close only; the 2021-12-31 record date stays null with its reason', () => {
  const out = marketWithFilerRates(twd, [rate('2021-12-30', 27.74)])!;
  assert.deepEqual(out.dates, ['2021-12-30']);
  assert.equal(priceWindowAt(out, '2021-12-31', []), null, 'the later close of 2021-12-31 has no rate');
  assert.equal(unconvertedReasonAt(out, '2021-12-31'), 'no USD->TWD rate for 2021-12-31');
});

test('a rate more than 7 days after the last close converts nothing', () => {
  assert.equal(marketWithFilerRates(twd, [rate('2024-01-15', 31)]), twd);
});
