// Cursor pages over one date-keyed series (daily prices, rates): keyset paging on the date, with
// the signed page tokens of page-token.ts ("a:<date>" rows after it in the requested order,
// "b:<date>" rows before it, for previous_page_url). Each page costs one bounded range read of
// limit + 1 rows and, for the link back, one read of a single row.
import { ApiError } from './errors.js';
import type { HandlerContext } from './endpoint-types.js';
import { pageUrl, signPageToken, verifyPageToken, type PageBinding } from './page-token.js';

/** The series' rows within exclusive bounds, in the order asked, at most `limit`. */
export type DateRangeRead<T extends { date: string }> = (
  bounds: { after?: string; before?: string }, order: 'ASC' | 'DESC', limit: number,
) => Promise<readonly T[]> | readonly T[];

export interface DatePage<T> {
  rows: T[];
  next_page_url: string | null;
  previous_page_url: string | null;
}

/** Bounds for rows strictly beyond `date` walking in `order` (dir +1) or against it (dir -1). */
function beyond(date: string, order: 'ASC' | 'DESC', dir: 1 | -1): { after?: string; before?: string } {
  return (order === 'ASC') === (dir === 1) ? { after: date } : { before: date };
}

const flip = (o: 'ASC' | 'DESC'): 'ASC' | 'DESC' => (o === 'ASC' ? 'DESC' : 'ASC');

export async function datePage<T extends { date: string }>(
  read: DateRangeRead<T>, binding: PageBinding, page: string | undefined,
  secret: string, ctx: Pick<HandlerContext, 'now' | 'baseUrl' | 'query'>,
): Promise<DatePage<T>> {
  const order = binding.order === 'ASC' ? 'ASC' : 'DESC';
  const limit = binding.limit;
  let cursor: { dir: 'a' | 'b'; date: string } | null = null;
  if (page !== undefined) {
    const c = verifyPageToken(secret, page, binding, ctx.now);
    const m = /^([ab]):(\d{4}-\d{2}-\d{2})$/.exec(c);
    if (!m) throw new ApiError('page_token_invalid', 'The page token is malformed.', 'page');
    cursor = { dir: m[1] as 'a' | 'b', date: m[2]! };
  }
  /** Whether any row lies beyond `date` in direction dir. */
  const anyBeyond = async (date: string, dir: 1 | -1) => (await read(beyond(date, order, dir), dir === 1 ? order : flip(order), 1)).length > 0;
  let rows: T[];
  let hasNext: boolean;
  let hasPrev: boolean;
  if (cursor?.dir === 'b') {
    const got = [...(await read(beyond(cursor.date, order, -1), flip(order), limit + 1))];
    hasPrev = got.length > limit;
    rows = got.slice(0, limit).reverse();
    const last = rows[rows.length - 1];
    hasNext = last !== undefined && (await anyBeyond(last.date, 1));
  } else {
    const got = [...(await read(cursor ? beyond(cursor.date, order, 1) : {}, order, limit + 1))];
    hasNext = got.length > limit;
    rows = got.slice(0, limit);
    const first = rows[0];
    hasPrev = cursor !== null && first !== undefined && (await anyBeyond(first.date, -1));
  }
  const link = (c: string) => pageUrl(ctx.baseUrl, binding.path, ctx.query, limit, signPageToken(secret, binding, c, ctx.now));
  const first = rows[0];
  const last = rows[rows.length - 1];
  return {
    rows,
    next_page_url: hasNext && last ? link(`a:${last.date}`) : null,
    previous_page_url: hasPrev && first ? link(`b:${first.date}`) : null,
  };
}
