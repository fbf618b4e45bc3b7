// Builds the reference catalog and the ticker search index ahead of the first request (about 1-2 s
// on the corpus universe); without it both are built lazily by the first ticker/profile request.
// Meant for `tenk serve` after the dataset is opened; tests that never search can skip it.
import type { DatasetQueries } from './queries/read-queries.js';
import { tickerIndexFor } from './load-ticker-index.js';
import { referenceCatalog } from './reference-catalog.js';

export function warmReferenceData(dataset: DatasetQueries): { tickers: number; indexed: number } {
  const catalog = referenceCatalog(dataset);
  const index = tickerIndexFor(dataset);
  return { tickers: catalog.tickers.length, indexed: index.size };
}
