import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assembleTradedColumns, type PriceSetColumns } from './price-basis.js';
import type { Split } from './split-history.js';
import type { PriceBasis } from '../sources/prices-set.js';

interface Bar { date: string; close: number; volume: number }
interface SetBars { set: string; asOf: string; closeBasis: PriceBasis; bars: Bar[] }

/** A bar whose open, high and low are its close. */
const bar = (date: string, close: number, volume = 100): Bar => ({ date, close, volume });

/** assembleTradedColumns over sets given as bars, its series returned as one object per bar (source as the set's name). */
function assemble(sets: readonly SetBars[], splits: readonly Split[]) {
  const columns: PriceSetColumns[] = sets.map((s) => {
    // the merge reads each set in date order, as the CSV reader gives it (a stable sort)
    const bars = [...s.bars].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    const close = bars.map((b) => b.close);
    return {
      set: s.set, asOf: s.asOf, closeBasis: s.closeBasis,
      bars: { dates: bars.map((b) => b.date), open: close, high: close, low: close, close, volume: bars.map((b) => b.volume) },
    };
  });
  const { series: c, ...counts } = assembleTradedColumns(columns, splits);
  const bars = c.dates.map((date, k) => ({
    date, open: c.open[k]!, high: c.high[k]!, low: c.low[k]!, close: c.close[k]!, adjClose: c.adjClose[k]!, volume: c.volume[k]!,
    source: sets[c.source[k]!]!.set, basisRank: c.basisRank[k]!,
  }));
  return { bars, ...counts };
}
const SPLIT = [{ date: '2020-08-31', from: 1, to: 4 }];

test('split-adjusted closes are multiplied back by the splits after the bar, up to the set as-of', () => {
  const yahoo: SetBars = { set: 'yahoo', asOf: '2023-04-14', closeBasis: 'splits', bars: [bar('2020-08-28', 124.8075, 400), bar('2020-08-31', 129.04)] };
  const { bars } = assemble([yahoo], SPLIT);
  assert.equal(bars[0]!.close, 499.23); // 124.8075 x 4, the price AAPL traded at on 2020-08-28
  assert.equal(bars[0]!.volume, 100); // volume restored too
  assert.equal(bars[0]!.adjClose, 124.8075);
  assert.equal(bars[1]!.close, 129.04);
});

test('a split after the set as-of is not undone (it was not applied)', () => {
  const stooq: SetBars = { set: 'stooq', asOf: '2017-11-10', closeBasis: 'splits', bars: [bar('2017-11-10', 174.67)] };
  assert.equal(assemble([stooq], SPLIT).bars[0]!.close, 174.67);
});

test('as-traded bars win over adjusted ones on the same date; dividend-adjusted bars are anchored on the next as-traded bar', () => {
  const raw: SetBars = { set: 'raw', asOf: '2017-03-31', closeBasis: 'none', bars: [bar('2015-03-20', 125.9), bar('2015-03-23', 127.21)] };
  // dividend-adjusted set 5 % below the traded price everywhere
  const stooq: SetBars = { set: 'stooq', asOf: '2017-11-10', closeBasis: 'splits_and_dividends', bars: [bar('2015-03-19', 95), bar('2015-03-20', 119.605), bar('2015-03-23', 120.8495), bar('2017-11-10', 174.67)] };
  const r = assemble([stooq, raw], []);
  const byDate = new Map(r.bars.map((b) => [b.date, b]));
  assert.equal(byDate.get('2015-03-20')!.source, 'raw');
  assert.equal(byDate.get('2015-03-20')!.close, 125.9);
  assert.equal(byDate.get('2015-03-19')!.close, 100); // 95 x (125.9 / 119.605)
  assert.equal(byDate.get('2017-11-10')!.close, 174.67); // no later anchor: kept as is
  assert.equal(r.anchored, 1);
  assert.equal(r.unanchored, 1);
});

test('nee-raw-2016-06-bad-segment: contradicting as-traded bars between agreeing ones are dropped; a leading run is kept', () => {
  const adj = (d: string, c: number) => bar(d, c);
  const bad = Array.from({ length: 12 }, (_, k) => `2016-06-${String(k + 9).padStart(2, '0')}`);
  const raw: SetBars = { set: 'raw', asOf: '2017-03-31', closeBasis: 'none', bars: [bar('2016-06-01', 120), ...bad.map((d) => bar(d, 25)), bar('2017-02-01', 128)] };
  const stooq: SetBars = { set: 'stooq', asOf: '2017-11-10', closeBasis: 'splits_and_dividends', bars: [adj('2016-06-01', 116), ...bad.map((d) => adj(d, 117)), adj('2017-02-01', 125)] };
  const r = assemble([raw, stooq], []);
  assert.equal(r.rejected, 12);
  assert.equal(r.bars.find((b) => b.date === '2016-06-09')!.source, 'stooq');
  assert.equal(r.bars.find((b) => b.date === '2016-06-01')!.source, 'raw');
  // hlt-missing-reverse-split: contradiction from the first overlapping bar on is kept as traded
  const raw2: SetBars = { set: 'raw', asOf: '2017-03-31', closeBasis: 'none', bars: [bar('2016-06-01', 21), bar('2017-02-01', 60)] };
  const stooq2: SetBars = { set: 'stooq', asOf: '2017-11-10', closeBasis: 'splits_and_dividends', bars: [adj('2016-06-01', 43), adj('2017-02-01', 59)] };
  const r2 = assemble([raw2, stooq2], []);
  assert.equal(r2.rejected, 0);
  assert.equal(r2.bars[0]!.close, 21);
  // cf-split-dated-a-day-early: one contradicting bar between agreeing ones is kept as traded
  const raw3: SetBars = { set: 'raw', asOf: '2017-03-31', closeBasis: 'none', bars: [bar('2015-06-16', 300), bar('2015-06-17', 301), bar('2015-06-18', 60)] };
  const stooq3: SetBars = { set: 'stooq', asOf: '2017-11-10', closeBasis: 'splits_and_dividends', bars: [adj('2015-06-16', 58), adj('2015-06-17', 59), adj('2015-06-18', 59)] };
  const r3 = assemble([raw3, stooq3], [{ date: '2015-06-17', from: 1, to: 5 }]);
  assert.equal(r3.rejected, 0);
  assert.equal(r3.bars.find((b) => b.date === '2015-06-17')!.close, 301);
});

test('a date repeated in a set keeps its first row; sets given out of date order are merged in date order', () => {
  const raw: SetBars = { set: 'raw', asOf: '2017-03-31', closeBasis: 'none', bars: [bar('2016-01-05', 12), bar('2016-01-04', 10), bar('2016-01-04', 11)] };
  const adj: SetBars = { set: 'adj', asOf: '2017-11-10', closeBasis: 'splits', bars: [bar('2016-01-06', 13), bar('2016-01-04', 99)] };
  const r = assemble([raw, adj], []);
  assert.deepEqual(r.bars.map((b) => [b.date, b.close, b.source]), [['2016-01-04', 10, 'raw'], ['2016-01-05', 12, 'raw'], ['2016-01-06', 13, 'adj']]);
  assert.equal(r.rejected, 0);
});

/** n consecutive calendar dates from `from` (the merge reads only their order). */
function dates(from: string, n: number): string[] {
  const t = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: n }, (_, i) => new Date(t + i * 86_400_000).toISOString().slice(0, 10));
}
/** A deterministic zigzag of closes whose daily returns differ with `phase` (another issuer moves otherwise). */
function closes(n: number, level: number, phase: number): number[] {
  return Array.from({ length: n }, (_, i) => level * (1 + 0.03 * Math.sin(i * 1.7 + phase)));
}

test('the same-issuer check chains back: an old set that the newest set does not overlap is judged against the best set that does', () => {
  // newest: from 2024 only (like yahoo-2026); mid: 2023-2024, the same issuer; old: 2023, another issuer
  const d = dates('2023-01-01', 120);
  const same = closes(120, 50, 0);
  const newest: SetBars = { set: 'newest', asOf: '2024-08-14', closeBasis: 'splits_and_dividends', bars: d.slice(80).map((x, i) => bar(x, same[80 + i]! * 0.97)) };
  const mid: SetBars = { set: 'mid', asOf: '2024-06-01', closeBasis: 'splits', bars: d.map((x, i) => bar(x, same[i]!)) };
  const other = closes(60, 9, 2);
  const old: SetBars = { set: 'old', asOf: '2023-03-31', closeBasis: 'none', bars: d.slice(0, 60).map((x, i) => bar(x, other[i]!)) };
  const r = assemble([old, mid, newest], []);
  assert.equal(r.otherIssuer, 60, 'every bar of the old set is another issuer\'s');
  assert.ok(r.bars.filter((b) => b.date < '2023-03-02').every((b) => b.source === 'mid'));
  // the same old set of the same issuer keeps its bars and wins them (as traded)
  const oldSame: SetBars = { ...old, bars: d.slice(0, 60).map((x, i) => bar(x, same[i]!)) };
  const r2 = assemble([oldSame, mid, newest], []);
  assert.equal(r2.otherIssuer, 0);
  assert.equal(r2.bars.find((b) => b.date === '2023-01-10')!.source, 'old');
});

test('every day goes to its best basis whichever set is newest: own events beat a newer dividend-adjusted set', () => {
  // events: a 1.00 dividend on 2024-01-03 (file before it = traded x (1 - 1/100)); newer: dividend-adjusted, no events
  const events: PriceSetColumns = {
    set: 'events', asOf: '2024-01-05', closeBasis: 'splits_and_dividends', dividendsBasis: 'splits',
    bars: { dates: ['2024-01-02', '2024-01-03', '2024-01-04'], open: [99, 101, 102], high: [99, 101, 102], low: [99, 101, 102], close: [99, 101, 102], volume: [1, 1, 1], dividends: [0, 1, 0], splitRatio: [0, 0, 0] },
  };
  const newer: PriceSetColumns = {
    set: 'newer', asOf: '2024-03-01', closeBasis: 'splits_and_dividends',
    bars: { dates: ['2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05'], open: [97, 99, 100, 100], high: [97, 99, 100, 100], low: [97, 99, 100, 100], close: [97, 99, 100, 100], volume: [1, 1, 1, 1] },
  };
  const { series } = assembleTradedColumns([newer, events], []);
  assert.deepEqual(series.dates, ['2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05']);
  assert.deepEqual(series.source.slice(0, 3), [1, 1, 1], 'the older set restored from its own events wins its days');
  assert.equal(series.close[0], 100, 'traded close before the dividend');
  assert.equal(series.source[3], 0, 'the newer set has the day no better set has');
});

test('a dividend-adjusted tail after the last anchor is dropped when the anchors show an event the split history lacks', () => {
  // better set to day 10; the adjusted set is divided by 25 before an unknown split after it
  const d = dates('2026-02-18', 20);
  const better: SetBars = { set: 'split-only', asOf: '2026-02-27', closeBasis: 'splits', bars: d.slice(0, 10).map((x) => bar(x, 4000)) };
  const adjusted = (f: number): SetBars => ({ set: 'adjusted', asOf: '2026-08-14', closeBasis: 'splits_and_dividends', bars: d.map((x) => bar(x, 4000 / f)) });
  const r = assemble([better, adjusted(25)], []);
  assert.equal(r.ambiguous, 10);
  assert.equal(r.bars.length, 10);
  assert.ok(r.bars.every((b) => b.source === 'split-only'));
  // a few percent of dividends after the anchors: the tail is kept with its bias
  const r2 = assemble([better, adjusted(1.02)], []);
  assert.equal(r2.ambiguous, 0);
  assert.equal(r2.unanchored, 10);
  assert.equal(r2.bars.length, 20);
});

test('COO 4-for-1 of 2024: splits.csv lists 2024-02-16, the set\'s own event 2024-02-20 (its ex-date); one event, at 2024-02-20', async () => {
  const { exDatesFromSets } = await import('./set-split-events.js');
  const history: Split[] = [{ date: '2024-02-16', from: 1, to: 4 }, { date: '2015-06-17', from: 1, to: 5 }];
  const events = [
    { date: '2024-02-20', kind: 'ratio' as const, value: 4, set: 'yahoo-2024' },
    { date: '2015-06-18', kind: 'ratio' as const, value: 2, set: 'yahoo-2024' }, // another ratio: not the same split
    { date: '2024-01-10', kind: 'dividend' as const, value: 0.03, set: 'yahoo-2024' },
  ];
  const { history: out, redated } = exDatesFromSets(history, events);
  assert.deepEqual(out, [{ date: '2015-06-17', from: 1, to: 5 }, { date: '2024-02-20', from: 1, to: 4 }]);
  assert.deepEqual(redated, [{ date: '2024-02-20', from: 1, to: 4, set: 'yahoo-2024', was: '2024-02-16' }]);
  // more than a week apart: two events (not re-dated)
  assert.equal(exDatesFromSets([{ date: '2024-02-01', from: 1, to: 4 }], events).redated.length, 0);
});
