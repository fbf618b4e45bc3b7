// A bounded cache of rendered response bodies for cacheable endpoints. The dataset is immutable
// while served, so a body depends only on (endpoint, params, history cutoff): entries never go
// stale; the bounds keep memory flat: at most `capacity` entries AND `maxBytes` bytes of keys and
// bodies (a cache-busting load cannot grow it past the byte budget). Eviction is first-in-first-
// out (a hit does not reorder: that would cost a delete and an insert on every hit of the hot path).
export interface CachedBody { body: Buffer; contentType: string }

/** The cache key of a body: the endpoint's params key, plus the history cutoff when there is one. */
export function bodyKey(paramsKey: string, cutoff: string | null): string {
  return cutoff === null ? paramsKey : `${paramsKey}\u0000${cutoff}`;
}

/** Default byte budget of the response cache (`tenk serve` takes TENK_CACHE_MB, default 32). */
export const DEFAULT_CACHE_BYTES = 32 * 1024 * 1024;

/** Bytes an entry holds: its body, its key (UTF-16 in V8) and a fixed overhead for the objects. */
function entryBytes(key: string, value: CachedBody): number {
  return value.body.length + key.length * 2 + 200;
}

export class ResponseCache {
  private readonly map = new Map<string, CachedBody>();
  private total = 0;
  /** Lookups answered from the cache, and lookups that missed (for /metrics). */
  hits = 0;
  misses = 0;

  constructor(private readonly capacity = 5000, private readonly maxBodyBytes = 256 * 1024, private readonly maxBytes = DEFAULT_CACHE_BYTES) {}

  get(key: string): CachedBody | undefined {
    const v = this.map.get(key);
    if (v === undefined) this.misses += 1;
    else this.hits += 1;
    return v;
  }

  set(key: string, value: CachedBody): void {
    const size = entryBytes(key, value);
    if (value.body.length > this.maxBodyBytes || this.capacity === 0 || size > this.maxBytes) return;
    const old = this.map.get(key);
    if (old !== undefined) {
      this.total -= entryBytes(key, old);
      this.map.delete(key);
    }
    this.map.set(key, value);
    this.total += size;
    while (this.map.size > this.capacity || this.total > this.maxBytes) {
      const oldest = this.map.keys().next().value as string;
      this.total -= entryBytes(oldest, this.map.get(oldest)!);
      this.map.delete(oldest);
    }
  }

  get size(): number { return this.map.size; }
  /** Bytes held (keys, bodies and overhead), never above the budget. */
  get bytes(): number { return this.total; }
}
