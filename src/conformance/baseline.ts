import { InputError } from "../input/input-error.js";
import { parseYamlRecord } from "../input/parse-yaml-record.js";

/**
 * A baseline file lists expected failures by stable case id: a YAML or JSON list of ids, or
 * `{expectedFailures: [id…]}`. Lines may carry a reason after `#` in YAML.
 */
export function parseBaseline(text: string, file: string): Set<string> {
  const record = parseYamlRecord(text, file);
  const value = record.value as unknown;
  const list = Array.isArray(value) ? value : (value as { expectedFailures?: unknown } | null)?.expectedFailures;
  if (!Array.isArray(list) || !list.every((item) => typeof item === "string")) {
    const { line, column } = record.locate("");
    throw new InputError("expected a list of case ids (or expectedFailures: [ids])", file, line, column);
  }
  return new Set(list as string[]);
}
