// A Map used as a least-recently-used cache bounded by the summed sizes of its entries (bytes,
// or any unit the caller gives): a hit moves the key to the end, a set evicts from the front
// until the total fits, never the entry just set.
export class BoundedLru<V> {
  private readonly map = new Map<string, { value: V; size: number }>();
  private held = 0;

  constructor(readonly capacity: number) {}

  get(key: string): V | undefined {
    const e = this.map.get(key);
    if (e === undefined) return undefined;
    this.map.delete(key);
    this.map.set(key, e);
    return e.value;
  }

  has(key: string): boolean { return this.map.has(key); }

  set(key: string, value: V, size: number): void {
    this.delete(key);
    this.map.set(key, { value, size });
    this.held += size;
    for (const [k, e] of this.map) {
      if (this.held <= this.capacity || k === key) break;
      this.map.delete(k);
      this.held -= e.size;
    }
  }

  delete(key: string): void {
    const e = this.map.get(key);
    if (e === undefined) return;
    this.held -= e.size;
    this.map.delete(key);
  }

  /** The summed sizes of the entries held. */
  get total(): number { return this.held; }

  get size(): number { return this.map.size; }
}
