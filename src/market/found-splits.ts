// Splits found in the share counts (xbrl/share-count-splits.ts) meet the split history here: a
// found split is the same event as a known one (splits.csv or a price set) of the same ratio dated
// after the found window's start (less a week) and on or before its end (plus a week); the others
// join the company's split calendar (splits table, source starting SHARE_COUNT_SOURCE). They do not
// enter the market data: the price sets were not restored across them (the market step runs
// before the share counts are read), and converting share counts without the prices would break
// the agreement of price and per-share basis the records have now. Pure.
import { SHARE_COUNT_SOURCE, type ShareCountSplit } from '../model/record-types.js';
import { addDays } from './market-data.js';
import type { Split } from './split-history.js';

const SAME_EVENT_DAYS = 7;


/** Whether a splits-table row is a split found in the share counts (calendar only, not market data). */
export function isShareCountSplit(source: string | null | undefined): boolean {
  return typeof source === 'string' && source.startsWith(SHARE_COUNT_SOURCE);
}

/**
 * The found splits that no known split explains: known splits dated inside the found window (the
 * filings' window and the cover-page one, each widened by a week; a cover page can be misdated:
 * Netflix's post-split count of 2015-06-30) explain it when one of them has its ratio or their
 * product does (two splits between two 10-Ks restate the counts by both: Copart's 2-for-1 of
 * 2022 and of 2023 show as x4).
 */
export function unknownShareCountSplits(known: readonly Split[], found: readonly ShareCountSplit[]): ShareCountSplit[] {
  return found.filter((f) => {
    const from = addDays(f.after < f.filedAfter ? f.after : f.filedAfter, -SAME_EVENT_DAYS);
    const to = addDays(f.date > f.filedBy ? f.date : f.filedBy, SAME_EVENT_DAYS);
    const inside = known.filter((k) => k.date > from && k.date <= to);
    const ratio = f.to / f.from;
    const same = (r: number) => Math.abs(r / ratio - 1) <= 1e-3;
    return !(inside.some((k) => same(k.to / k.from)) || (inside.length > 1 && same(inside.reduce((p, k) => p * (k.to / k.from), 1))));
  });
}
