/** One JSON Pointer reference token unescaped (`~1` → `/`, then `~0` → `~`). @see RFC 6901 §4 */
export function unescapePointerToken(token: string): string {
  return token.replace(/~1/g, "/").replace(/~0/g, "~");
}

/** The reference tokens of a JSON Pointer (`""` is the whole document: no tokens). @see RFC 6901 §3 */
export function jsonPointerTokens(pointer: string): string[] {
  return pointer === "" ? [] : pointer.slice(1).split("/").map(unescapePointerToken);
}
