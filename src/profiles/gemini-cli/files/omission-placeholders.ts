/** The line beginnings that make `<prefix> ...` an omission placeholder. @see spec §5 */
const OMITTED_PREFIXES = new Set(["rest of", "rest of method", "rest of methods", "rest of code", "unchanged code", "unchanged method", "unchanged methods"]);

/**
 * The omission placeholders in a text, one per line that is one: trimmed, an optional leading `//`
 * and surrounding `(…)` removed, then `<prefix>...` with an optional run of dots after it, where
 * the prefix (lower-cased, whitespace runs made one space) is one of the listed ones. Each is
 * returned as `<prefix> ...`.
 * @see docs/spec/gemini-cli-0.61.0.md §5, §6.1 [bundle: packages/core/src/tools/omissionPlaceholderDetector.ts]
 */
export function omissionPlaceholders(text: string): string[] {
  const found: string[] = [];
  for (const raw of text.replaceAll("\r\n", "\n").split("\n")) {
    let line = raw.trim();
    if (!line) continue;
    if (line.startsWith("//")) line = line.slice(2).trim();
    if (line.startsWith("(") && line.endsWith(")")) line = line.slice(1, -1).trim();
    const at = line.indexOf("...");
    if (at < 0) continue;
    const prefix = line
      .slice(0, at)
      .trim()
      .toLowerCase()
      .split(/[ \t\n\r]+/)
      .filter((part) => part !== "")
      .join(" ");
    const rest = line.slice(at + 3).trim();
    if (!OMITTED_PREFIXES.has(prefix)) continue;
    if (rest.length > 0 && !/^\.+$/.test(rest)) continue;
    found.push(`${prefix} ...`);
  }
  return found;
}
