/** 1-based line and column (in UTF-16 code units) of `offset` in `text`, starting at `firstLine`. */
export function textPosition(text: string, offset: number, firstLine = 1): { line: number; column: number } {
  let line = firstLine;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let index = text.indexOf("\n"); index !== -1 && index < end; index = text.indexOf("\n", index + 1)) {
    line++;
    lineStart = index + 1;
  }
  return { line, column: end - lineStart + 1 };
}
