/** A line ending Codex keeps per line when it rewrites a file. */
type LineEnding = "\n" | "\r\n" | "\r";

interface SourceLine {
  text: string;
  ending: LineEnding | null;
}

/**
 * A file as apply_patch rewrites it: lines split at `\r\n`, `\n` and a lone `\r`, each keeping
 * its own ending; the file's preferred ending is its first one (`\n` when it has none). Replaced
 * and inserted lines take the preferred ending, unchanged lines keep theirs, and a last line
 * without an ending gains the preferred one, so an updated file always ends with a line ending.
 * Observed: `one\r\ntwo\nthree\r\n` with `two` replaced is `one\r\nTWO\r\nthree\r\n`;
 * `a\r\nb\nc\r\n` with `c` replaced keeps `b\n`; `a\rb\nc\n` with `c` replaced is `a\rb\nC\r`;
 * `a\r\nb` with `b` replaced by two lines is `a\r\nB\r\nb2\r\n`.
 * @see spec §4.2 (observed bytes; source codex-rs/apply-patch/src/text_file.rs, which at the time of reading split at `\n` only: 0.171.0 also splits at a lone CR)
 */
export class PatchSourceFile {
  private lines: SourceLine[];
  private readonly preferred: LineEnding;

  constructor(contents: string) {
    this.lines = [];
    let start = 0;
    let preferred: LineEnding | null = null;
    for (let index = 0; index < contents.length; index++) {
      const char = contents[index];
      if (char !== "\n" && char !== "\r") continue;
      const ending: LineEnding = char === "\r" && contents[index + 1] === "\n" ? "\r\n" : (char as LineEnding);
      this.lines.push({ text: contents.slice(start, index), ending });
      preferred ??= ending;
      if (ending === "\r\n") index++;
      start = index + 1;
    }
    if (start < contents.length) this.lines.push({ text: contents.slice(start), ending: null });
    this.preferred = preferred ?? "\n";
  }

  /** The lines' texts, without their endings (what the patch's lines are matched against). */
  texts(): string[] {
    return this.lines.map((line) => line.text);
  }

  /** Applies replacements `[start, old length, new lines]`, sorted by start and not overlapping. */
  apply(replacements: readonly [number, number, readonly string[]][]): void {
    const result: SourceLine[] = [];
    let index = 0;
    for (const [start, length, added] of replacements) {
      result.push(...this.lines.slice(index, start));
      result.push(...added.map((text) => ({ text, ending: this.preferred })));
      index = start + length;
    }
    result.push(...this.lines.slice(index));
    this.lines = result.map((line) => ({ text: line.text, ending: line.ending ?? this.preferred }));
  }

  contents(): string {
    return this.lines.map((line) => line.text + (line.ending ?? "")).join("");
  }
}
