import { UnsupportedError } from "../profile.js";

/** The shape a formatter relies on for one key of an observation. */
export type FactType = "string" | "boolean" | "array" | "object-array" | "number-or-null" | "string-or-null";

/**
 * Checks the keys a formatter reads before it reads them. An observation without them (e.g. the
 * `{}` correx records for a call it does not observe) is not a tool outcome the profile can
 * model, so it is reported as the profile reports every request it does not model: an
 * UnsupportedError (adapter code `unsupported`; the gate and the reference loop report the call
 * as unsupported and go on), never a TypeError from deep inside the formatter.
 * @see design: observations (validated against schemas/observations/<tool>.json by callers)
 */
export function requireFacts(tool: string, observation: unknown, facts: Readonly<Record<string, FactType>>): void {
  const record = typeof observation === "object" && observation !== null && !Array.isArray(observation) ? (observation as Record<string, unknown>) : undefined;
  for (const [key, type] of Object.entries(facts)) {
    if (record === undefined || !fits(record[key], type)) {
      throw new UnsupportedError(`opencode-core ${tool}: the observation has no ${key} (${type}, schemas/observations/${tool}.json)`);
    }
  }
}

function fits(value: unknown, type: FactType): boolean {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "boolean":
      return typeof value === "boolean";
    case "array":
      return Array.isArray(value);
    case "object-array":
      return Array.isArray(value) && value.every((item) => typeof item === "object" && item !== null);
    case "number-or-null":
      return typeof value === "number" || value === null;
    case "string-or-null":
      return typeof value === "string" || value === null;
    default: {
      const _exhaustive: never = type;
      return _exhaustive;
    }
  }
}
