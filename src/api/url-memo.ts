// Validated params memoized by raw request URL (path and query, credentials included). Filled by
// the pipeline once a URL has passed routing and validation, so an entry also records which
// endpoint Fastify routed the URL to; the cached-response fast path answers only URLs found here.
// Valid because routing and validation depend only on the URL (`validate` must be pure).
// Bounded: cleared when full (URLs are client-chosen).
import type { EndpointDef, ParamValues } from './endpoint-types.js';

export interface MemoizedUrl {
  /** The endpoint the URL was routed to. */
  endpoint: EndpointDef;
  /** The query as the router parsed it (credentials included: authentication reads it). */
  query: Readonly<Record<string, unknown>>;
  params: ParamValues;
  /** Response-cache key without the history cutoff. */
  cacheKey: string;
  format: string;
}

export class UrlMemo {
  private readonly map = new Map<string, MemoizedUrl>();
  constructor(private readonly capacity = 20_000) {}

  get(url: string): MemoizedUrl | undefined {
    return this.map.get(url);
  }

  set(url: string, entry: MemoizedUrl): void {
    if (this.map.size >= this.capacity) this.map.clear();
    this.map.set(url, entry);
  }
}
