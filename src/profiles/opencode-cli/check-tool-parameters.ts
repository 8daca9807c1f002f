import { checkValueAt } from "../opencode-shared/effect-schema-input.js";
import type { ParameterSpec, ParameterType } from "./tool-parameters.js";

/**
 * How Effect Schema prints an unexpected value after `got`: strings quoted, other JSON values as
 * JSON, `undefined` as is.
 */
export function formatGotValue(value: unknown): string {
  if (value === undefined) return "undefined";
  if (typeof value === "bigint") return `${value}n`;
  return JSON.stringify(value) ?? String(value);
}

function typeLabel(type: ParameterType): string {
  if (typeof type === "object") return type.literals.map((literal) => JSON.stringify(literal)).join(" | ");
  if (type === "array") return "ReadonlyArray<unknown>";
  return type;
}

function matches(type: ParameterType, value: unknown): boolean {
  if (typeof type === "object") return typeof value === "string" && type.literals.includes(value);
  if (type === "array") return Array.isArray(value);
  return typeof value === type;
}

/**
 * The first parameter problem, printed like Effect Schema's `String(SchemaError)`:
 * `SchemaError(Missing key⏎  at ["command"])` or
 * `SchemaError(Expected number | undefined, got "ten"⏎  at ["offset"])`; undefined when valid.
 * Keys are checked in schema order and the first issue wins; unknown keys are ignored.
 * @see spec §2.0 step 1, README "invalid arguments"
 */
export function checkToolParameters(parameters: readonly ParameterSpec[], input: unknown): string | undefined {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    const shape = parameters.map((parameter) => `readonly ${parameter.key}${parameter.optional ? "?" : ""}: ${typeLabel(parameter.type)}`);
    return `SchemaError(Expected { ${shape.join("; ")} }, got ${formatGotValue(input)})`;
  }
  const record = input as Record<string, unknown>;
  for (const parameter of parameters) {
    const at = `\n  at [${JSON.stringify(parameter.key)}]`;
    if (!Object.hasOwn(record, parameter.key)) {
      if (parameter.optional) continue;
      return `SchemaError(Missing key${at})`;
    }
    const value = record[parameter.key];
    if (parameter.optional && value === undefined) continue;
    if (!matches(parameter.type, value)) {
      // Effect lists only the union members of the value's own type: a string against literals reads without `| undefined` (seeds 5001, 6001)
      const listsUndefined = parameter.optional === true && !(typeof parameter.type === "object" && typeof value === "string");
      const expected = (parameter.label ?? typeLabel(parameter.type)) + (listsUndefined ? " | undefined" : "");
      return `SchemaError(Expected ${expected}, got ${formatGotValue(value)}${at})`;
    }
    if (Array.isArray(value) && parameter.items !== undefined) {
      for (let index = 0; index < value.length; index++) {
        const problem = checkValueAt(value[index], parameter.items, [parameter.key, index]);
        if (problem !== undefined) return `SchemaError(${problem})`;
      }
    }
    // numeric refinements, as observed on the binary: bash timeout 1.5 → "Expected an integer, got 1.5" (campaign seed 424242),
    // bash timeout -1 → "Expected a value greater
    // than 0, got -1", read offset -1 → "Expected a value greater than or equal to 0, got -1"
    if (typeof value === "number" && parameter.integer === true && !Number.isInteger(value)) return `SchemaError(Expected an integer, got ${formatGotValue(value)}${at})`;
    if (typeof value === "number" && parameter.greaterThan !== undefined && !(value > parameter.greaterThan))
      return `SchemaError(Expected a value greater than ${parameter.greaterThan}, got ${formatGotValue(value)}${at})`;
    if (typeof value === "number" && parameter.atLeast !== undefined && !(value >= parameter.atLeast))
      return `SchemaError(Expected a value greater than or equal to ${parameter.atLeast}, got ${formatGotValue(value)}${at})`;
  }
  return undefined;
}

/**
 * The whole invalid-arguments error text.
 * @see spec §2.0 step 1
 */
export function invalidArgumentsText(tool: string, detail: string): string {
  return `The ${tool} tool was called with invalid arguments: ${detail}.\nPlease rewrite the input so it satisfies the expected schema.`;
}
