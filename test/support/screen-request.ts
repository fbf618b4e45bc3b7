// A screener request as the endpoint parses it (screen-request.ts), for tests that call the
// screen paths directly: the dataset request of query parameters at an as_of date (every row:
// limit 1000), and the fields it reads besides its columns (screenReadFields, as screenSource passes them).
import { parseScreen, type ScreenParams } from '../../src/service/screener/screen-request.js';
import { screenReadFields } from '../../src/service/screener/screen-source.js';
import type { ScreenRequest } from '../../src/dataset/queries/screen-queries.js';

export type LabelledScreen = Omit<ScreenParams, 'as_of'> & { label: string };

/** The request of `screen` as of `asOf` (today 2026-01-15, as the tests' clock) and its read fields. */
export function asOfScreenRequest(screen: LabelledScreen, asOf: string): { req: ScreenRequest; read: string[] } {
  const { label: _label, ...params } = screen;
  const p = parseScreen({ ...params, as_of: asOf }, '2026-01-15', null);
  const req: ScreenRequest = { kind: p.kind, period: p.period, filter: p.filter, minDate: p.minDate, sort: p.sort, columns: p.fields, limit: 1000, offset: 0 };
  return { req, read: screenReadFields(req) };
}
