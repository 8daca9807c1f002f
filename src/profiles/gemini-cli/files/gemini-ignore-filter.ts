import ignoreModule from "ignore";

interface IgnoreMatcher {
  add(patterns: string[]): IgnoreMatcher;
  ignores(path: string): boolean;
}
/** The `ignore` package's factory (a CommonJS module whose default export may be nested, as the CLI reads it). */
const moduleValue = ignoreModule as unknown as { default?: () => IgnoreMatcher } & (() => IgnoreMatcher);
const ignore: () => IgnoreMatcher = moduleValue.default ?? moduleValue;

/**
 * The patterns of a `.geminiignore` file: its lines (split on CRLF, LF or CR), trimmed, without
 * blank lines and `#` comments. @see docs/spec/gemini-cli-0.61.0.md §4.1 [bundle: packages/core/src/utils/ignoreFileParser.ts]
 */
export function geminiIgnorePatterns(text: string): string[] {
  return text
    .split(/\r\n|\n|\r/)
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
}

/**
 * Which workspace-relative paths the CLI's file discovery drops outside a git repository: those
 * the `.geminiignore` patterns match (gitignore syntax through the `ignore` package, case-insensitive,
 * a path also dropped when a parent folder matches), only when gemini ignores are respected. A path
 * without a trailing `/` is matched as a file (list_directory and glob pass names that way).
 * @see docs/spec/gemini-cli-0.61.0.md §4.1 [bundle: packages/core/src/services/fileDiscoveryService.ts filterFilesWithReport]
 */
export function filterGeminiIgnored(relativePaths: readonly string[], patterns: readonly string[], respectGeminiIgnore: boolean): { kept: string[]; ignoredCount: number } {
  if (!respectGeminiIgnore || patterns.length === 0) return { kept: [...relativePaths], ignoredCount: 0 };
  const matcher = ignore().add([...patterns]);
  const kept = relativePaths.filter((path) => path === "" || path === "/" || path.startsWith("..") || path.startsWith("/") || !matcher.ignores(path));
  return { kept, ignoredCount: relativePaths.length - kept.length };
}
