import type { ScenarioArgumentStyle, ScenarioCall } from "./scenario.js";

/** The tools whose path argument is `filePath` in opencode-cli and `path` in opencode-core. */
const PATH_TOOLS = new Set(["read", "write", "edit"]);

const PATH_KEY: Record<ScenarioArgumentStyle, string> = { "opencode-cli": "filePath", "opencode-core": "path" };

/**
 * A call's input for the profile the fake plays against: the read/write/edit path argument is
 * renamed from the scenario's style to the target's, `{{origin}}` in strings becomes `origin`.
 * Key order is kept (the renamed key stays where it was).
 * @see spec README "Verified against the released binary's v2 runner": read, write and edit take `path`, not `filePath`.
 */
export function scenarioCallInput(
  call: ScenarioCall,
  from: ScenarioArgumentStyle,
  to: ScenarioArgumentStyle,
  origin: string,
): Record<string, unknown> {
  const rename = from !== to && PATH_TOOLS.has(call.tool);
  const entries = Object.entries(call.input).map(([key, value]): [string, unknown] => [
    rename && key === PATH_KEY[from] ? PATH_KEY[to] : key,
    withOrigin(value, origin),
  ]);
  return Object.fromEntries(entries);
}

function withOrigin(value: unknown, origin: string): unknown {
  if (typeof value === "string") return value.replaceAll("{{origin}}", origin);
  if (Array.isArray(value)) return value.map((item) => withOrigin(item, origin));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withOrigin(item, origin)]));
  }
  return value;
}
