/**
 * The last `limit` bytes of a byte stream (a process's stderr or output, for a report), kept in
 * amortised constant work per chunk however much is pushed, and decoded as UTF-8 only when asked:
 * a character cut by the window's start is dropped rather than shown as U+FFFD.
 */
export class ByteTail {
  private chunks: Uint8Array[] = [];
  private bytes = 0;

  constructor(readonly limit: number) {}

  push(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.bytes += chunk.length;
    while (this.chunks.length > 1 && this.bytes - this.chunks[0].length >= this.limit) this.bytes -= this.chunks.shift()!.length;
  }

  /** The kept bytes as text. */
  text(): string {
    const all = new Uint8Array(this.bytes);
    let at = 0;
    for (const chunk of this.chunks) {
      all.set(chunk, at);
      at += chunk.length;
    }
    let start = Math.max(0, all.length - this.limit);
    while (start < all.length && start > 0 && (all[start] & 0xc0) === 0x80) start++;
    return new TextDecoder().decode(all.subarray(start));
  }
}
