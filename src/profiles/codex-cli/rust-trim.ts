/**
 * Rust's `str::trim`, `trim_start` and `trim_end`: they strip the characters of Unicode's
 * White_Space property, which differ from JavaScript's `trim` (that one also strips U+FEFF, a BOM,
 * and keeps U+0085). Observed: a patch removing `bom` from a file starting with a BOM then `bom`
 * is refused by Codex 0.171.0 (`Failed to find expected lines`), the BOM not being trimmed.
 * @see docs/spec/codex-cli-0.171.0.md §4.2
 */
const WHITE_SPACE = "\\u0009-\\u000D\\u0020\\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000";
const LEADING = new RegExp(`^[${WHITE_SPACE}]+`, "u");
const TRAILING = new RegExp(`[${WHITE_SPACE}]+$`, "u");

export const rustTrimStart = (text: string): string => text.replace(LEADING, "");
export const rustTrimEnd = (text: string): string => text.replace(TRAILING, "");
export const rustTrim = (text: string): string => rustTrimEnd(rustTrimStart(text));
