// The bounded cache of rendered logo variants, keyed by (source SHA-256, variant): a key names
// its bytes for good, so entries never go stale. Bounded in bytes (least recently used out first);
// a render in progress is shared by concurrent requests for the same key; a failed render is not kept.
import { BoundedLru } from '../model/bounded-lru.js';

export class LogoVariantCache {
  private readonly done: BoundedLru<Buffer>;
  private readonly pending = new Map<string, Promise<Buffer>>();

  /** maxBytes 0 disables keeping (renders are still shared while in progress). */
  constructor(readonly maxBytes: number) {
    this.done = new BoundedLru(maxBytes);
  }

  /** The cached bytes of `key`, or the result of `render` (kept when it fits the bound). */
  get(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const hit = this.done.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    let p = this.pending.get(key);
    if (p === undefined) {
      p = render().then((bytes) => {
        this.keep(key, bytes);
        return bytes;
      }).finally(() => this.pending.delete(key));
      this.pending.set(key, p);
    }
    return p;
  }

  /** Bytes of rendered variants held now (never above maxBytes). */
  get bytes(): number { return this.done.total; }

  get size(): number { return this.done.size; }

  private keep(key: string, bytes: Buffer): void {
    if (bytes.length > this.maxBytes || this.done.has(key)) return;
    this.done.set(key, bytes, bytes.length);
  }
}
