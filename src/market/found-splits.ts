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

/** The found splits no known split is the same event as. */
export function unknownShareCountSplits(known: readonly Split[], found: readonly ShareCountSplit[]): ShareCountSplit[] {
  return found.filter((f) => !known.some((k) => Math.abs(k.to / k.from / (f.to / f.from) - 1) <= 1e-3
    && k.date > addDays(f.after, -SAME_EVENT_DAYS) && k.date <= addDays(f.date, SAME_EVENT_DAYS)));
}
