import { test } from 'node:test';
import assert from 'node:assert/strict';
import { adrRatioIndex, seriesInReportingTerms } from './listing-conversion.js';
import { unconvertedReasonAt, type MarketData } from './market-data.js';
import { parseAdrRatios } from '../sources/adr-ratios-csv.js';

const CSV = `symbol,ordinary_per_depositary,as_of,source,sources_agree
TSM,5.0,unknown,a,yes
TSM,5,FY2025 20-F,b,yes
TM,2.0,2021,c,no
TM,0.5,2020,d,no
ASML,1,unknown,e,yes
`;

test('adr_ratios.csv rule: repeated rows of one ratio agree (TSM 5); sources that disagree give no ratio (TM)', () => {
  const idx = adrRatioIndex(parseAdrRatios(CSV));
  assert.deepEqual(idx.get('TSM'), { ratio: 5, source: 'a' });
  assert.equal(idx.get('ASML')?.ratio, 1);
  const tm = idx.get('TM')!;
  assert.equal(tm.ratio, null);
  assert.match((tm as { reason: string }).reason, /no agreed ADR ratio for TM/);
});

const m: MarketData = { ticker: 'X', dates: ['2023-12-28', '2023-12-29'], closes: [100, 104], splits: [] };

test('same currency, ratio 1: the very same market data', () => {
  assert.equal(seriesInReportingTerms(m, 'USD', 'USD', undefined, () => null), m);
  assert.equal(seriesInReportingTerms(m, 'USD', 'USD', { ratio: 1, source: 's' }, () => null), m);
});

test('ADR 5 into EUR at the ECB cross of each close date (USDEUR = 1/USD per EUR, 6 significant digits)', () => {
  const usd: Record<string, number> = { '2023-12-28': 1.1114, '2023-12-29': 1.105 };
  const out = seriesInReportingTerms(m, 'EUR', 'USD', { ratio: 5, source: 's' }, (c, d) => (c === 'USD' ? usd[d] ?? null : null));
  assert.deepEqual(out.dates, m.dates);
  assert.equal(out.closes[1], (104 / 5) * 0.904977);
  assert.equal(out.closes[0], (100 / 5) * Number((1 / 1.1114).toPrecision(6)));
  assert.equal(out.unconverted, undefined);
});

test('no rate for a date (TWD is not an ECB currency): the close is left out and its record dates say why', () => {
  const out = seriesInReportingTerms(m, 'TWD', 'USD', { ratio: 5, source: 's' }, (c) => (c === 'USD' ? 1.1 : null));
  assert.deepEqual(out.dates, []);
  assert.equal(unconvertedReasonAt(out, '2023-12-31'), 'no USD->TWD rate for 2023-12-29');
  assert.equal(unconvertedReasonAt(out, '2024-01-31'), null, 'beyond the 7-day staleness window: no price, no reason');
});
