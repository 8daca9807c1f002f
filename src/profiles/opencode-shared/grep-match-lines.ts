import { isHighSurrogate } from "../../text/utf8-length.js";

/** The longest match text opencode shows. @see spec §2.5 */
export const GREP_MAX_LINE_LENGTH = 2000;

/**
 * A match's line as opencode shows it: over 2000 UTF-16 units (terminator included) it is cut to
 * 2000, loses a trailing high surrogate, and ends in `...` — the ripgrep service's rule, so both
 * runtimes (the binary: a 2,106-char line in v1 and in v2 alike).
 * @see spec §2.5, README "grep match text"; the 1.18.33 bundle (`@opencode/v2/Ripgrep` grep)
 */
export function grepLinePreview(text: string): string {
  if (text.length <= GREP_MAX_LINE_LENGTH) return text;
  let cut = text.substring(0, GREP_MAX_LINE_LENGTH);
  if (isHighSurrogate(cut.charCodeAt(cut.length - 1))) cut = cut.slice(0, -1);
  return `${cut}...`;
}

/** One match as both runtimes print it. */
export interface GrepMatchLine {
  path: string;
  line: number;
  text: string;
}

/**
 * The per-file groups of a grep result, in the matches' order: a blank line before each new
 * `<path>:` header but the first, then `  Line <n>: <preview>` — the same in both runtimes (v1
 * adds its `Found` line and limit notice around them, v2 its `Found` line).
 * @see spec §2.5 (v1 and v2)
 */
export function grepMatchGroups(matches: readonly GrepMatchLine[]): string[] {
  const lines: string[] = [];
  let current: string | undefined;
  for (const match of matches) {
    if (match.path !== current) {
      if (current !== undefined) lines.push("");
      current = match.path;
      lines.push(`${match.path}:`);
    }
    lines.push(`  Line ${match.line}: ${grepLinePreview(match.text)}`);
  }
  return lines;
}
