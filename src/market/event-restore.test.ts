import { test } from 'node:test';
import assert from 'node:assert/strict';
import { restoreFromEvents } from './event-restore.js';
import type { PriceColumns } from '../sources/prices-set.js';

const DATES = ['2020-01-02', '2020-01-03', '2020-01-06', '2020-01-07', '2020-01-08', '2020-01-09'];

/** Adjusts as-traded closes the source's way (every dividend multiplies earlier prices by
 *  1 - D / previous close, every ratio divides them), dividends stated on the as-of share basis. */
function adjustLikeSource(raw: number[], div: number[], ratio: number[]): PriceColumns {
  const close = raw.slice();
  const divOut = div.slice();
  for (let e = 0; e < raw.length; e++) {
    if (div[e]! > 0) {
      const f = 1 - div[e]! / raw[e - 1]!;
      for (let i = 0; i < e; i++) close[i]! *= f;
    }
    if (ratio[e]! > 0) {
      for (let i = 0; i < e; i++) close[i]! /= ratio[e]!;
      for (let i = 0; i < e; i++) divOut[i]! /= ratio[e]!;
    }
  }
  return { dates: DATES, open: close, high: close, low: close, close, volume: raw.map(() => 1000), dividends: divOut, splitRatio: ratio };
}

test('prices adjusted for dividends and a split (the source way) are restored exactly as traded', () => {
  const raw = [400, 404, 101, 102, 100, 103]; // 4-for-1 on 01-06, dividends 2.00 (01-03, pre-split) and 0.50 (01-08)
  const div = [0, 2, 0, 0, 0.5, 0];
  const ratio = [0, 0, 4, 0, 0, 0];
  const file = adjustLikeSource(raw, div, ratio);
  assert.ok(Math.abs(file.close[0]! - 400 / 4) > 0.5, 'the file is dividend-adjusted');
  const r = restoreFromEvents(file, { closeBasis: 'splits_and_dividends', volumeBasis: 'splits', dividendsBasis: 'splits' });
  r.close.forEach((c, i) => assert.ok(Math.abs(c - raw[i]!) < 1e-9, `${DATES[i]}: ${c} vs ${raw[i]}`));
  assert.deepEqual(r.volume, [250, 250, 1000, 1000, 1000, 1000]);
  assert.deepEqual(r.events.map((e) => [e.date, e.kind, Math.round(e.value * 1e9) / 1e9]), [
    ['2020-01-03', 'dividend', 2], ['2020-01-06', 'ratio', 4], ['2020-01-08', 'dividend', 0.5],
  ]);
});

test('a spin-off factor in the ratio column is undone like a split: the traded price comes back', () => {
  const raw = [50, 51, 40, 41, 42, 43]; // spin-off on 01-06, the source records factor 1.25
  const file = adjustLikeSource(raw, [0, 0, 0, 0, 0, 0], [0, 0, 1.25, 0, 0, 0]);
  const r = restoreFromEvents(file, { closeBasis: 'splits_and_dividends', volumeBasis: 'none', dividendsBasis: 'splits' });
  r.close.forEach((c, i) => assert.ok(Math.abs(c - raw[i]!) < 1e-9));
  assert.deepEqual(r.volume, [1000, 1000, 1000, 1000, 1000, 1000]);
});
