/**
 * Where block YAML first nests deeper than `limit`, or -1: a linear scan of line starts that
 * counts a level per open indentation (a stack of the indents of the lines above that hold this
 * one) plus one per compact sequence marker (`- - - x`). Flow brackets are
 * findExcessiveNesting's. It over-counts rather than under-counts (a block scalar indented in 513
 * rising steps would count too), and no real document comes near the limit; it exists so that a
 * hostile depth is refused at its line before the YAML parser recurses into it.
 */
export function findExcessiveYamlNesting(text: string, limit: number): number {
  const indents: number[] = [];
  for (let lineStart = 0; lineStart <= text.length; ) {
    let end = text.indexOf("\n", lineStart);
    if (end === -1) end = text.length;
    let at = lineStart;
    while (at < end && text.charCodeAt(at) === 32) at++;
    const first = text.charCodeAt(at);
    if (at < end && first !== 35 && first !== 13) {
      const indent = at - lineStart;
      while (indents.length > 0 && indents[indents.length - 1] >= indent) indents.pop();
      indents.push(indent);
      let depth = indents.length;
      if (depth > limit) return at;
      while (text.charCodeAt(at) === 45 && (at + 1 === end || text.charCodeAt(at + 1) === 32)) {
        if (++depth > limit) return at;
        at += 1;
        while (at < end && text.charCodeAt(at) === 32) at++;
      }
    }
    lineStart = end + 1;
  }
  return -1;
}
