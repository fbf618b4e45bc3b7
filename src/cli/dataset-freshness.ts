// How fresh a served dataset is, for `tenk serve`'s start-up lines: the date of its newest price bar
// and of its newest filing, read through the dataset's named queries (either backend).
import type { DatasetQueries } from '../dataset/queries/read-queries.js';

export interface DatasetFreshness {
  /** The newest bar of any symbol; null: the dataset has no prices. */
  newestPrice: string | null;
  /** The newest filing date of any stored fact; null: no facts stored. */
  newestFiling: string | null;
}

export async function readDatasetFreshness(dataset: Pick<DatasetQueries, 'prices' | 'factStore'>): Promise<DatasetFreshness> {
  const [newestPrice, newestFiling] = await Promise.all([dataset.prices.newestDate(), dataset.factStore.newestFiled()]);
  return { newestPrice, newestFiling };
}

/** One line, e.g. "tenk: the dataset has prices through 2026-08-14 and filings through 2026-07-30 (…)". */
export function freshnessLine(f: DatasetFreshness): string {
  const prices = f.newestPrice ? `prices through ${f.newestPrice}` : 'no prices';
  const filings = f.newestFiling ? `filings through ${f.newestFiling}` : 'no filings';
  return `tenk: the dataset has ${prices} and ${filings} (\`tenk sync\` fetches newer ones)\n`;
}
