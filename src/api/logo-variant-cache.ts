// The bounded cache of rendered logo variants, keyed by (source SHA-256, variant): a key names
// its bytes for good, so entries never go stale. Bounded in bytes (least recently used out first);
// a render in progress is shared by concurrent requests for the same key; a failed render is not kept.
export class LogoVariantCache {
  private readonly done = new Map<string, Buffer>();
  private readonly pending = new Map<string, Promise<Buffer>>();
  private held = 0;

  /** maxBytes 0 disables keeping (renders are still shared while in progress). */
  constructor(readonly maxBytes: number) {}

  /** The cached bytes of `key`, or the result of `render` (kept when it fits the bound). */
  get(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const hit = this.done.get(key);
    if (hit !== undefined) {
      // Most recently used last: a Map iterates in insertion order.
      this.done.delete(key);
      this.done.set(key, hit);
      return Promise.resolve(hit);
    }
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
  get bytes(): number { return this.held; }

  get size(): number { return this.done.size; }

  private keep(key: string, bytes: Buffer): void {
    if (bytes.length > this.maxBytes || this.done.has(key)) return;
    this.done.set(key, bytes);
    this.held += bytes.length;
    for (const [k, b] of this.done) {
      if (this.held <= this.maxBytes) break;
      this.done.delete(k);
      this.held -= b.length;
    }
  }
}
