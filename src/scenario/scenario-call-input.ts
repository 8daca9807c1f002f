import type { ScenarioArgumentStyle, ScenarioCall } from "./scenario.js";
import { type ResultText, resolveFromResults } from "./scenario-from-result.js";

/** The tools whose path argument is `filePath` in opencode-cli and `path` in opencode-core. */
const PATH_TOOLS = new Set(["read", "write", "edit"]);

/** codex-cli, gemini-cli and claude-code have no read/write/edit tools (claude-code's are Read/Write/Edit): their entries only complete the table (their own path arguments are named `path` and `file_path`). */
const PATH_KEY: Record<ScenarioArgumentStyle, string> = { "opencode-cli": "filePath", "opencode-core": "path", "codex-cli": "path", "gemini-cli": "file_path", "claude-code": "file_path" };

/**
 * A call's input for the profile the fake plays against: the read/write/edit path argument is
 * renamed from the scenario's style to the target's, and each `{{name}}` in strings becomes
 * `placeholders[name]` (`{{origin}}`: the fake server's origin; `{{workspace}}`: the agent's
 * workspace directory, when the host knows it). Unknown placeholders are left as written. Each
 * `$fromResult` reference takes its value from an earlier result (`results`; scenario-from-result.ts).
 * Key order is kept (the renamed key stays where it was).
 * @see spec README "Verified against the released binary's v2 runner": read, write and edit take `path`, not `filePath`.
 */
export function scenarioCallInput(
  call: ScenarioCall,
  from: ScenarioArgumentStyle,
  to: ScenarioArgumentStyle,
  placeholders: Readonly<Record<string, string>>,
  results: ResultText = () => undefined,
): Record<string, unknown> {
  const rename = from !== to && PATH_TOOLS.has(call.tool);
  const input = resolveFromResults(call.input ?? {}, results) as Record<string, unknown>;
  const entries = Object.entries(input).map(([key, value]): [string, unknown] => [rename && key === PATH_KEY[from] ? PATH_KEY[to] : key, fill(value, placeholders)]);
  return Object.fromEntries(entries);
}

/** A freeform call's raw text with `{{name}}` placeholders filled as in `scenarioCallInput`. */
export function scenarioCallText(text: string, placeholders: Readonly<Record<string, string>>): string {
  return fill(text, placeholders) as string;
}

function fill(value: unknown, placeholders: Readonly<Record<string, string>>): unknown {
  if (typeof value === "string") return value.replace(/\{\{([a-zA-Z]+)\}\}/g, (whole, name: string) => (Object.hasOwn(placeholders, name) ? placeholders[name] : whole));
  if (Array.isArray(value)) return value.map((item) => fill(item, placeholders));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fill(item, placeholders)]));
  }
  return value;
}
