// Keyset paging over one ordered sequence (v3 stock price and forex lists, the pair list): a
// cursor "a:<key>" asks for the rows after a key, "b:<key>" for the rows before it
// (previous_page_url); signedKeysetPage carries the cursors in signed page tokens. Invariant: the
// pages of a walk follow each other with no row twice and none left out, whichever way it goes.
import { ApiError } from './errors.js';
import { param, type HandlerContext } from './endpoint-types.js';
import { pageUrl, signPageToken, verifyPageToken, type PageBinding } from './page-token.js';

type Awaitable<T> = T | Promise<T>;

export interface KeysetSequence<T> {
  key(row: T): string;
  /** Up to n rows strictly after `after` (from the start when null), in the sequence's order. */
  forward(after: string | null, n: number): Awaitable<readonly T[]>;
  /** Up to n rows strictly before `before`, nearest first (the reverse of the sequence's order). */
  backward(before: string, n: number): Awaitable<readonly T[]>;
}

export interface KeysetPage<T> {
  rows: T[];
  /** Cursors for the next and previous page, null at either end. */
  next: string | null;
  previous: string | null;
}

/** The cursor of a page token, or 400 page_token_invalid when it is not one of ours. */
function parseCursor(cursor: string, keyPattern: RegExp): { dir: 'a' | 'b'; key: string } {
  const m = /^([ab]):(.+)$/.exec(cursor);
  if (!m || !keyPattern.test(m[2] as string)) throw new ApiError('page_token_invalid', 'The page token is malformed.', 'page');
  return { dir: m[1] as 'a' | 'b', key: m[2] as string };
}

/** One page of `limit` rows at the cursor (null = the first page). */
export async function keysetPage<T>(seq: KeysetSequence<T>, cursor: string | null, keyPattern: RegExp, limit: number): Promise<KeysetPage<T>> {
  const c = cursor === null ? null : parseCursor(cursor, keyPattern);
  let rows: T[];
  let hasNext: boolean;
  let hasPrevious: boolean;
  if (c?.dir === 'b') {
    const got = await seq.backward(c.key, limit + 1);
    hasPrevious = got.length > limit;
    rows = got.slice(0, limit).reverse();
    const last = rows[rows.length - 1];
    hasNext = last !== undefined && (await seq.forward(seq.key(last), 1)).length > 0;
  } else {
    const got = await seq.forward(c ? c.key : null, limit + 1);
    hasNext = got.length > limit;
    rows = got.slice(0, limit);
    const first = rows[0];
    hasPrevious = c !== null && first !== undefined && (await seq.backward(seq.key(first), 1)).length > 0;
  }
  const first = rows[0];
  const last = rows[rows.length - 1];
  return {
    rows,
    next: hasNext && last !== undefined ? `a:${seq.key(last)}` : null,
    previous: hasPrevious && first !== undefined ? `b:${seq.key(first)}` : null,
  };
}

/** The key of a date-keyed sequence (daily prices and rates). */
/** The `page` parameter of a keyset-paged v3 list: the opaque token of next_page_url or
 *  previous_page_url, at most `maxLength` characters. */
export function pageTokenParam(maxLength = 2048) {
  return param({ name: 'page', in: 'query', type: 'string', minLength: 1, maxLength, description: 'Opaque page token from next_page_url or previous_page_url.' });
}

export const DATE_KEY = /^\d{4}-\d{2}-\d{2}$/;

/** A read of date-keyed rows within exclusive date bounds, in the order asked, at most `limit`. */
export type DateRangeRead<T> = (q: { after?: string; before?: string; order: 'ASC' | 'DESC'; limit: number }) => Awaitable<readonly T[]>;

/** A date-keyed series walked in `order`: "after" a date is later when ASC, earlier when DESC. */
export function dateSequence<T extends { date: string }>(read: DateRangeRead<T>, order: 'ASC' | 'DESC'): KeysetSequence<T> {
  return {
    key: (r) => r.date,
    forward: (c, n) => read({ ...(c === null ? {} : order === 'ASC' ? { after: c } : { before: c }), order, limit: n }),
    backward: (c, n) => read(order === 'ASC' ? { before: c, order: 'DESC', limit: n } : { after: c, order: 'ASC', limit: n }),
  };
}

export interface SignedPage<T> {
  rows: T[];
  next_page_url: string | null;
  previous_page_url: string | null;
}

/**
 * The page a signed token (or none: the first page) asks for, with the page URLs of its
 * neighbours carrying tokens bound to the same request (page-token.ts).
 */
export async function signedKeysetPage<T>(
  seq: KeysetSequence<T>, keyPattern: RegExp, binding: PageBinding, token: string | undefined,
  secret: string, ctx: Pick<HandlerContext, 'now' | 'baseUrl' | 'query'>,
): Promise<SignedPage<T>> {
  const cursor = token === undefined ? null : verifyPageToken(secret, token, binding, ctx.now);
  const page = await keysetPage(seq, cursor, keyPattern, binding.limit);
  const link = (c: string | null) => (c === null ? null : pageUrl(ctx.baseUrl, binding.path, ctx.query, binding.limit, signPageToken(secret, binding, c, ctx.now)));
  return { rows: page.rows, next_page_url: link(page.next), previous_page_url: link(page.previous) };
}
