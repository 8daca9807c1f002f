/**
 * Effect `Stream.splitLines` over a whole text: breaks on `\n`, `\r\n` and lone `\r`; a trailing
 * terminator adds no empty line; `"\n"` is one empty line and `""` is none.
 * `visit` returns false to stop early.
 * @see spec §2.2 step 7, README "read decoding"
 */
export function forEachSplitLine(text: string, visit: (line: string) => boolean): void {
  let start = 0;
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === 0x0a || code === 0x0d) {
      if (!visit(text.slice(start, i))) return;
      i += code === 0x0d && text.charCodeAt(i + 1) === 0x0a ? 2 : 1;
      start = i;
    } else {
      i++;
    }
  }
  if (start < text.length) visit(text.slice(start));
}

/** All lines of `text` by the same rule. */
export function splitLines(text: string): string[] {
  const lines: string[] = [];
  forEachSplitLine(text, (line) => {
    lines.push(line);
    return true;
  });
  return lines;
}
