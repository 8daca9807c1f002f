/**
 * Work on big strings done once per process (issue 32): a corpus states the same big media or
 * output in several cases and goldens, and each `correx check` lane meets them again. An entry is
 * kept when its `size` (the characters it holds alive: a built string, or a key that is one) is at
 * least `from`; the memo holds at most `max` characters, the oldest entry dropped first. Strings
 * are immutable, so sharing one is safe.
 */
export class BigStringMemo<V> {
  readonly #entries = new Map<string, { value: V; size: number }>();
  #size = 0;

  constructor(
    readonly from = 1024 * 1024,
    readonly max = 64 * 1024 * 1024,
  ) {}

  /** The value remembered for `key`, or `make()`'s, remembered when `size` is worth it. */
  get(key: string, size: number, make: () => V): V {
    if (size < this.from || size > this.max) return make();
    const known = this.#entries.get(key);
    if (known !== undefined) return known.value;
    const value = make();
    for (const [oldest, entry] of this.#entries) {
      if (this.#size + size <= this.max) break;
      this.#entries.delete(oldest);
      this.#size -= entry.size;
    }
    this.#entries.set(key, { value, size });
    this.#size += size;
    return value;
  }
}
