// Where a screen's rows come from: today's screen is one SQL query over the screen tables
// (dataset.screens); an as_of screen goes through screen-as-of.ts (a latest-period one is one SQL
// query over the stored screen versions when the dataset has them; otherwise the stored record
// versions merged in Node, or per company without versions).
import type { DatasetQueries } from '../../dataset/queries/read-queries.js';
import type { ScreenRequest, ScreenRow } from '../../dataset/queries/screen-queries.js';
import { filterFields } from '../../model/screen-filter.js';
import { screenAsOf } from './screen-as-of.js';

export interface ScreenSource {
  rows(req: ScreenRequest): Promise<ScreenRow[]>;
}

/** The fields an as_of screen reads besides its columns: those of its filter and its sort keys. */
export function screenReadFields(req: Pick<ScreenRequest, 'filter' | 'sort'>): string[] {
  return [...(req.filter ? filterFields(req.filter) : []), ...req.sort.map((k) => k.field)];
}

export function screenSource(dataset: DatasetQueries, asOf: string | null): ScreenSource {
  if (asOf === null) return { rows: async (req) => dataset.screens.screen(req) };
  return { rows: (req) => screenAsOf(dataset, req, asOf, screenReadFields(req)) };
}
