// The line a tool result starts with when its REST answer stopped short of all there is: a v3
// list with a next page (the `page` token to pass), or a series or search that reached its `limit`
// (a larger limit, or another date range). Null when the answer is complete.
import type { EndpointDef, ParamValues } from '../service/endpoint-types.js';

export function moreNote(e: EndpointDef, params: ParamValues, content: Readonly<Record<string, unknown>>): string | null {
  const next = content.next_page_url;
  if (typeof next === 'string') {
    const token = new URL(next, 'http://localhost').searchParams.get('page');
    if (token) return `More: call again with the same arguments and page="${token}".`;
  }
  const limitDef = e.params.find((p) => p.name === 'limit');
  const limit = params.limit;
  const rows = content.records ?? content.data;
  if (!limitDef || typeof limit !== 'number' || !Array.isArray(rows) || rows.length < limit) return null;
  const range = e.params.some((p) => p.name === 'date_end') ? ', or another date range' : '';
  return `${rows.length} rows, the limit. More: a larger limit (at most ${limitDef.max ?? limit})${range}.`;
}
