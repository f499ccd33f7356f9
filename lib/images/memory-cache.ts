// A small in-process LRU for generated images. Keys carry everything the image depends on (the
// verdict, the `v` parameter), so a stale entry is never served; a Map keeps insertion order.
export class MemoryCache<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly capacity: number) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }

  /** Drops every entry whose key satisfies `test` (an erased verification's images). */
  deleteWhere(test: (key: string) => boolean): void {
    for (const key of [...this.entries.keys()]) if (test(key)) this.entries.delete(key);
  }

  /** Generates on a miss; concurrent misses of one key share the same work. */
  async getOrCreate(key: string, create: () => Promise<V>): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const inflight = this.inflight.get(key);
    if (inflight) return inflight;
    const work = create().then(
      (value) => {
        this.set(key, value);
        this.inflight.delete(key);
        return value;
      },
      (error: unknown) => {
        this.inflight.delete(key);
        throw error;
      },
    );
    this.inflight.set(key, work);
    return work;
  }

  private readonly inflight = new Map<string, Promise<V>>();
}
