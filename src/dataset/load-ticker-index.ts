// The search index over a dataset's ticker entries, built once per dataset handle (at startup or
// on the first search) and kept for the handle's lifetime.
import type { DatasetQueries } from './queries/read-queries.js';
import { TickerIndex } from '../search/ticker-index.js';

const cache = new WeakMap<DatasetQueries, TickerIndex>();

/** The dataset's ticker index, built on first use. */
export function tickerIndexFor(dataset: DatasetQueries): TickerIndex {
  let idx = cache.get(dataset);
  if (!idx) {
    idx = new TickerIndex(dataset.tickers.searchEntries());
    cache.set(dataset, idx);
  }
  return idx;
}
