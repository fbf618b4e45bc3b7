// A price set's own split events against the split history: a history split that a set dates
// otherwise by a few days moves to the set's date (the ex-date), and a set's ratio event the
// history lacks becomes a split of its own (price-basis.ts restores the sets with both).
import { splitFactor, type Split } from './split-history.js';
import { isShareSplit, splitOfRatio } from './share-split.js';
import type { SourceEvent } from './event-restore.js';

/** A share split found in a price set's own events: the set names its source. */
export interface SourceSplit extends Split { set: string }

/** A split of the history at the date a set's own event gives it (`was`: the history's date). */
export interface RedatedSplit extends SourceSplit { was: string }

/** Days within which a source's split and one of the split history are the same event. */
const SAME_SPLIT_DAYS = 3;

/**
 * Days within which a set's own event of the same ratio is the same split as one of the history
 * on another date. A set records a split where its prices change basis, the ex-date; a curated
 * row may carry the distribution date instead (COO's 4-for-1: 2024-02-16 in splits.csv, first
 * traded split-adjusted on 2024-02-20, after a weekend and a holiday).
 */
const SAME_RATIO_SPLIT_DAYS = 7;

/** The history with each share split a set's own event of the same ratio dates otherwise moved to that date. */
export function exDatesFromSets(history: readonly Split[], events: ReadonlyArray<SourceEvent & { set: string }>): { history: Split[]; redated: RedatedSplit[] } {
  const redated: RedatedSplit[] = [];
  const out = history.map((h) => {
    if (!isShareSplit(h.from, h.to)) return h;
    const f = splitFactor(h);
    const t = Date.parse(`${h.date}T00:00:00Z`);
    const e = events.find((x) => x.kind === 'ratio' && x.date !== h.date && Math.abs(x.value - f) <= 1e-3 * f
      && Math.abs(Date.parse(`${x.date}T00:00:00Z`) - t) <= SAME_RATIO_SPLIT_DAYS * 86_400_000
      && !history.some((o) => o.date === x.date));
    if (!e) return h;
    redated.push({ date: e.date, from: h.from, to: h.to, set: e.set, was: h.date });
    return { ...h, date: e.date };
  });
  return { history: out.sort((a, b) => (a.date < b.date ? -1 : 1)), redated };
}

/**
 * The sources' ratio events that the split history lacks, oldest first, as splits: a simple
 * ratio in whole shares (1.5: 2 -> 3), any other (a spin-off factor) as 1 -> r.
 */
export function ratiosMissingFrom(history: readonly Split[], events: ReadonlyArray<SourceEvent & { set: string }>): SourceSplit[] {
  const out: SourceSplit[] = [];
  for (const e of events) {
    if (e.kind !== 'ratio') continue;
    const split = splitOfRatio(e.value) ?? { from: 1, to: e.value };
    const t = Date.parse(`${e.date}T00:00:00Z`);
    const known = [...history, ...out].some((h) => Math.abs(Date.parse(`${h.date}T00:00:00Z`) - t) <= SAME_SPLIT_DAYS * 86_400_000);
    if (!known) out.push({ date: e.date, ...split, set: e.set });
  }
  return out;
}
