// Pages of a complete list for an assistant. A tool whose REST answer is a whole list (a JSON
// array, or a v3 envelope complete in one response) and whose entry takes no `limit` gets `limit`
// (default 50) and `offset`, and answers one page with the list's total and the next offset.
// Invariant: the pages of a walk are the REST list's rows in its order, each exactly once.
import type { EndpointDef } from '../service/endpoint-types.js';
import { ApiError } from '../service/errors.js';
import type { JsonSchema } from './tool-types.js';

export const PAGE_DEFAULT_LIMIT = 50;
export const PAGE_MAX_LIMIT = 1000;

/** How an entry's answer is a complete list: a JSON array, a v3 envelope's `data`, or not one. */
export type ListShape = 'array' | 'envelope' | null;

/** Envelope fields a page leaves out: a page's neighbours are offsets, not REST URLs. */
const PAGE_URLS = ['next_page_url', 'previous_page_url'];

export function listShape(e: EndpointDef): ListShape {
  if (e.response.kind !== 'schema' || e.params.some((p) => p.name === 'limit' || p.name === 'offset')) return null;
  const s = e.response.schema;
  if (s.type === 'array') return 'array';
  const data = (s.properties as Record<string, JsonSchema> | undefined)?.data;
  return s.type === 'object' && e.pagination === 'none' && data?.type === 'array' ? 'envelope' : null;
}

/** The tool arguments of a page (not REST params: the REST list stays whole). */
export const PAGE_ARGS: Readonly<Record<string, JsonSchema>> = {
  limit: { type: 'integer', minimum: 1, maximum: PAGE_MAX_LIMIT, default: PAGE_DEFAULT_LIMIT, description: 'Rows per page.' },
  offset: { type: 'integer', minimum: 0, default: 0, description: 'next_offset of the previous page.' },
};

const PAGE_FIELDS: Readonly<Record<string, JsonSchema>> = {
  total: { type: 'integer', description: 'Rows of the whole list' },
  offset: { type: 'integer' },
  limit: { type: 'integer' },
  next_offset: { type: ['integer', 'null'], description: 'offset of the next page; null on the last' },
};

/** The outputSchema of a paged answer: the list (`records` for an array, `data` for an envelope) and the page fields. */
export function pagedOutputSchema(shape: 'array' | 'envelope', schema: JsonSchema): JsonSchema & { type: 'object' } {
  if (shape === 'array') {
    return { type: 'object', properties: { records: schema, ...PAGE_FIELDS }, required: ['records', ...Object.keys(PAGE_FIELDS)] };
  }
  const properties = { ...(schema.properties as Record<string, JsonSchema>) };
  for (const k of PAGE_URLS) delete properties[k];
  const required = ((schema.required as string[] | undefined) ?? []).filter((k) => !PAGE_URLS.includes(k));
  return { type: 'object', properties: { ...properties, ...PAGE_FIELDS }, required: [...required, ...Object.keys(PAGE_FIELDS)] };
}

export interface PageArgs { limit: number; offset: number }

function intArg(v: unknown, name: string, min: number, max: number, dflt: number): number {
  if (v === undefined || v === null) return dflt;
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) {
    throw new ApiError('parameter_invalid', `${name} must be an integer from ${min} to ${max}`, name);
  }
  return n;
}

/** The page a call asks for (400-style error for a bad limit or offset). */
export function pageArgs(args: Readonly<Record<string, unknown>>): PageArgs {
  return { limit: intArg(args.limit, 'limit', 1, PAGE_MAX_LIMIT, PAGE_DEFAULT_LIMIT), offset: intArg(args.offset, 'offset', 0, Number.MAX_SAFE_INTEGER, 0) };
}

export interface Page {
  content: Record<string, unknown>;
  rows: readonly Record<string, unknown>[];
  /** An envelope's fields besides its list (a holiday list's exchange, year, ...). */
  head: Record<string, unknown>;
  /** One line saying which rows these are and how to get the next ones. */
  note: string;
}

/** One page of a complete REST answer. */
export function pageOf(shape: 'array' | 'envelope', value: unknown, page: PageArgs): Page {
  const all = (shape === 'array' ? value : (value as Record<string, unknown>).data) as Record<string, unknown>[];
  const rows = all.slice(page.offset, page.offset + page.limit);
  const end = page.offset + rows.length;
  const nextOffset = end < all.length ? end : null;
  const fields = { total: all.length, offset: page.offset, limit: page.limit, next_offset: nextOffset };
  const head: Record<string, unknown> = {};
  if (shape === 'envelope') {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) if (k !== 'data' && !PAGE_URLS.includes(k)) head[k] = v;
  }
  const content = shape === 'array' ? { records: rows, ...fields } : { ...head, data: rows, ...fields };
  return { content, rows, head, note: pageNote(all.length, page.offset, rows.length, nextOffset) };
}

/** The text of a page: its note, an envelope's own fields, then the rows as `table` renders them. */
export function pageText(p: Page, table: (rows: readonly Record<string, unknown>[]) => string): string {
  const lines = [p.note];
  if (Object.keys(p.head).length > 0) lines.push(JSON.stringify(p.head));
  if (p.rows.length > 0) lines.push(table(p.rows));
  return lines.join('\n');
}

function pageNote(total: number, offset: number, shown: number, next: number | null): string {
  if (shown === 0) return total === 0 ? 'The list is empty.' : `No rows at offset ${offset}: the list has ${total}.`;
  const range = `Rows ${offset + 1}-${offset + shown} of ${total}`;
  return next === null ? `${range}.` : `${range}. More: call again with offset=${next}.`;
}
