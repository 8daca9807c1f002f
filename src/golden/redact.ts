/** One redaction rule: every match of `pattern` (global) becomes `token`. */
export interface RedactionRule {
  pattern: RegExp;
  token: string;
  /** A substring every match contains: texts without it skip the regex (a memchr-speed test). */
  requires?: string;
}

/** The saved-output file id of spec §3.1: 12 lowercase hex + 14 base62 characters. */
const TOOL_ID = "tool_[0-9a-f]{12}[0-9A-Za-z]{14}(?![0-9A-Za-z])";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The standard rules (design: volatile values): saved-output paths become `[OUTPUT]/tool_[ID]`
 * (first under the run's output directory, then any absolute path to a tool_<id> file, since
 * subjects choose their own), and the project directory becomes `[PROJECT]`.
 */
export function standardRedactions(outputDir: string, projectDir?: string): RedactionRule[] {
  const rules: RedactionRule[] = [
    { pattern: new RegExp(`${escapeRegExp(outputDir.replace(/\/+$/, ""))}/${TOOL_ID}`, "g"), token: "[OUTPUT]/tool_[ID]", requires: "tool_" },
    { pattern: new RegExp(`(?:[A-Za-z]:)?(?:[\\\\/][^\\s"'\\\\/<>]+)+[\\\\/]${TOOL_ID}`, "g"), token: "[OUTPUT]/tool_[ID]", requires: "tool_" },
  ];
  if (projectDir) rules.push({ pattern: new RegExp(escapeRegExp(projectDir.replace(/\/+$/, "")), "g"), token: "[PROJECT]" });
  return rules;
}

/** Applies rules to every string in a value (keys included), returning a new value. */
export function redactValue(value: unknown, rules: readonly RedactionRule[]): unknown {
  if (rules.length === 0) return value;
  if (typeof value === "string") return redactString(value, rules);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, rules));
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[redactString(key, rules)] = redactValue(item, rules);
  return out;
}

function redactString(text: string, rules: readonly RedactionRule[]): string {
  let out = text;
  for (const rule of rules) {
    if (rule.requires !== undefined && !out.includes(rule.requires)) continue;
    rule.pattern.lastIndex = 0;
    out = out.replace(rule.pattern, rule.token);
  }
  return out;
}

/**
 * Counter-based stable tokens: the first distinct value matched becomes `[<PREFIX>_1]`, the next
 * `[<PREFIX>_2]`…, the same value always the same token within one run of a case (call ids).
 */
export function createCounterRedaction(prefix: string) {
  const seen = new Map<string, string>();
  return (value: string): string => {
    let token = seen.get(value);
    if (!token) {
      token = `[${prefix}_${seen.size + 1}]`;
      seen.set(value, token);
    }
    return token;
  };
}
