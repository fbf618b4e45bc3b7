// A bounded cache of rendered response bodies for cacheable endpoints. The dataset is immutable
// while served, so a body depends only on (endpoint, params, history cutoff): entries never go
// stale; the bound keeps memory flat. Eviction is first-in-first-out (a hit does not reorder:
// that would cost a delete and an insert on every hit of the hot path).
export interface CachedBody { body: Buffer; contentType: string }

/** The cache key of a body: the endpoint's params key, plus the history cutoff when there is one. */
export function bodyKey(paramsKey: string, cutoff: string | null): string {
  return cutoff === null ? paramsKey : `${paramsKey}\u0000${cutoff}`;
}

export class ResponseCache {
  private readonly map = new Map<string, CachedBody>();
  constructor(private readonly capacity = 5000, private readonly maxBodyBytes = 256 * 1024) {}

  get(key: string): CachedBody | undefined {
    return this.map.get(key);
  }

  set(key: string, value: CachedBody): void {
    if (value.body.length > this.maxBodyBytes || this.capacity === 0) return;
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value as string);
  }

  get size(): number { return this.map.size; }
}
