import { findProfile } from "../profiles/profile-registry.js";
import type { ScenarioCall } from "./scenario.js";
import { type ResultText, resolveFromResults } from "./scenario-from-result.js";

/** The tools whose path argument is named differently between profiles (`filePath`, `path`, `file_path`). */
const PATH_TOOLS = new Set(["read", "write", "edit"]);

/** The path argument's name in a profile's style (Profile.argumentNames); an unknown id renames nothing. */
function pathKey(profile: string): string | undefined {
  return findProfile(profile)?.argumentNames.path;
}

/**
 * A call's input for the profile the fake plays against (both named by profile id): the
 * read/write/edit path argument is renamed from the scenario's style to the target's, and each `{{name}}` in strings becomes
 * `placeholders[name]` (`{{origin}}`: the fake server's origin; `{{workspace}}`: the agent's
 * workspace directory, when the host knows it). Unknown placeholders are left as written. Each
 * `$fromResult` reference takes its value from an earlier result (`results`; scenario-from-result.ts).
 * Key order is kept (the renamed key stays where it was).
 * @see spec README "Verified against the released binary's v2 runner": read, write and edit take `path`, not `filePath`.
 */
export function scenarioCallInput(call: ScenarioCall, from: string, to: string, placeholders: Readonly<Record<string, string>>, results: ResultText = () => undefined): Record<string, unknown> {
  const [fromKey, toKey] = [pathKey(from), pathKey(to)];
  const rename = fromKey !== undefined && toKey !== undefined && fromKey !== toKey && PATH_TOOLS.has(call.tool);
  const input = resolveFromResults(call.input ?? {}, results) as Record<string, unknown>;
  const entries = Object.entries(input).map(([key, value]): [string, unknown] => [rename && key === fromKey ? toKey : key, fill(value, placeholders)]);
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
