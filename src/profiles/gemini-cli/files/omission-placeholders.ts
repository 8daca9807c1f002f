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

/**
 * Whether a write holds a placeholder the CLI refuses: write_file's `content` any, replace's
 * `new_string` one that `old_string` does not hold. @see spec §5, §6.1
 */
export function holdsNewPlaceholder(tool: "write_file" | "replace", input: Record<string, unknown>): boolean {
  if (tool === "write_file") return omissionPlaceholders(String(input.content)).length > 0;
  const kept = new Set(omissionPlaceholders(String(input.old_string)));
  return omissionPlaceholders(String(input.new_string)).some((placeholder) => !kept.has(placeholder));
}

/** The refusal of a placeholder, as each tool words it. @see spec §5, §6.1 */
export function placeholderRefusal(tool: "write_file" | "replace"): string {
  return tool === "write_file"
    ? "`content` contains an omission placeholder (for example 'rest of methods ...'). Provide complete file content."
    : "`new_string` contains an omission placeholder (for example 'rest of methods ...'). Provide exact literal replacement text.";
}
