/**
 * A small checker for opencode tool inputs (Effect Schema in both runtimes) that reports the first problem the way the tools' Effect
 * Schema decoding does: `<issue>⏎  at <path>`, e.g. `Missing key⏎  at ["command"]` or
 * `Expected number | undefined, got "ten"⏎  at ["offset"]`.
 * @see spec §1.2 (settle step 1: `Invalid tool input: <msg>`), README "Verified against the released
 * binary's v2 runner" (errors) and the v1 list (invalid arguments: the wrong-type wording)
 */

/** The type of one input field. */
export type InputType =
  | { kind: "string" }
  | { kind: "number"; integer?: boolean; greaterThan?: number; atMost?: number }
  | { kind: "boolean" }
  | { kind: "literal"; values: readonly string[] }
  | { kind: "array"; items: InputType }
  | { kind: "struct"; fields: readonly InputField[]; identifier?: string };

/** One key of a struct, in the tool schema's declaration order. */
export interface InputField {
  key: string;
  type: InputType;
  optional?: boolean;
}

/** Field shorthands. */
export const input = {
  string: { kind: "string" } as InputType,
  number: { kind: "number" } as InputType,
  /** A number with Effect Schema's checks, in this order: an integer, `isGreaterThan`, `isLessThanOrEqualTo`. */
  boundedNumber: (bounds: { integer?: boolean; greaterThan?: number; atMost?: number }): InputType => ({ kind: "number", ...bounds }),
  /** A struct with an identifier annotation: a value of the wrong type reads `Expected <identifier>`. */
  namedStruct: (identifier: string, ...fields: InputField[]): InputType => ({ kind: "struct", fields, identifier }),
  boolean: { kind: "boolean" } as InputType,
  literal: (...values: string[]): InputType => ({ kind: "literal", values }),
  array: (items: InputType): InputType => ({ kind: "array", items }),
  struct: (...fields: InputField[]): InputType => ({ kind: "struct", fields }),
  required: (key: string, type: InputType): InputField => ({ key, type }),
  optional: (key: string, type: InputType): InputField => ({ key, type, optional: true }),
};

/** The first decoding problem, as the message text, or undefined when the value fits. */
export function checkInput(value: unknown, fields: readonly InputField[]): string | undefined {
  const issue = checkType(value, { kind: "struct", fields }, false, []);
  if (issue === undefined) return undefined;
  return issue.path.length === 0 ? issue.message : `${issue.message}\n  at ${formatPath(issue.path)}`;
}

/**
 * The first problem of a value of `type` found at `path` (e.g. one todo at `["todos"][0]`), as
 * `<issue>⏎  at <path>`; undefined when valid.
 */
export function checkValueAt(value: unknown, type: InputType, path: readonly (string | number)[]): string | undefined {
  const issue = checkType(value, type, false, [...path]);
  if (issue === undefined) return undefined;
  return issue.path.length === 0 ? issue.message : `${issue.message}\n  at ${formatPath(issue.path)}`;
}

/** opencode's Todo (`SessionTodo.Info`, identifier `Todo`): content, status, priority, all required strings. @see spec §2.10; the 1.18.33 bundle */
export const TODO_TYPE: InputType = {
  kind: "struct",
  identifier: "Todo",
  fields: [
    { key: "content", type: { kind: "string" } },
    { key: "status", type: { kind: "string" } },
    { key: "priority", type: { kind: "string" } },
  ],
};

interface Issue {
  message: string;
  path: (string | number)[];
}

function checkType(value: unknown, type: InputType, optional: boolean, path: (string | number)[]): Issue | undefined {
  if (optional && value === undefined) return undefined;
  // Effect lists only the union members of the value's own type: a string against `"a" | "b" | undefined` reads `Expected "a" | "b"` (seed 5002), a number `Expected "a" | "b" | undefined` (seed 6002)
  const listsUndefined = optional && !(type.kind === "literal" && typeof value === "string");
  const fail = (): Issue => ({ message: `Expected ${describeType(type)}${listsUndefined ? " | undefined" : ""}, got ${formatValue(value)}`, path });
  switch (type.kind) {
    case "string":
    case "boolean":
      return typeof value === type.kind ? undefined : fail();
    case "number":
      if (typeof value !== "number") return fail();
      if (type.integer === true && !Number.isInteger(value)) return { message: `Expected an integer, got ${formatValue(value)}`, path };
      if (type.greaterThan !== undefined && !(value > type.greaterThan)) return { message: `Expected a value greater than ${type.greaterThan}, got ${formatValue(value)}`, path };
      if (type.atMost !== undefined && !(value <= type.atMost)) return { message: `Expected a value less than or equal to ${type.atMost}, got ${formatValue(value)}`, path };
      return undefined;
    case "literal":
      return typeof value === "string" && type.values.includes(value) ? undefined : fail();
    case "array": {
      if (!Array.isArray(value)) return fail();
      for (let i = 0; i < value.length; i++) {
        const issue = checkType(value[i], type.items, false, [...path, i]);
        if (issue !== undefined) return issue;
      }
      return undefined;
    }
    case "struct": {
      if (typeof value !== "object" || value === null || Array.isArray(value)) return fail();
      const record = value as Record<string, unknown>;
      for (const field of type.fields) {
        const fieldPath = [...path, field.key];
        if (!Object.hasOwn(record, field.key)) {
          if (field.optional) continue;
          return { message: "Missing key", path: fieldPath };
        }
        const value = record[field.key];
        if (field.optional === true && value === undefined) continue;
        const issue = checkType(value, field.type, field.optional === true, fieldPath);
        if (issue !== undefined) return issue;
      }
      return undefined;
    }
    default: {
      const _exhaustive: never = type;
      return _exhaustive;
    }
  }
}

function describeType(type: InputType): string {
  switch (type.kind) {
    case "string":
    case "number":
    case "boolean":
      return type.kind;
    case "literal":
      return type.values.map((value) => JSON.stringify(value)).join(" | ");
    case "array":
      return "array";
    case "struct":
      return type.identifier ?? "object";
    default: {
      const _exhaustive: never = type;
      return _exhaustive;
    }
  }
}

/** How Effect prints the actual value: strings quoted, other JSON as JSON, undefined as such. */
function formatValue(value: unknown): string {
  if (value === undefined) return "undefined";
  if (typeof value === "string") return JSON.stringify(value);
  return JSON.stringify(value) ?? String(value);
}

function formatPath(path: (string | number)[]): string {
  return path.map((key) => (typeof key === "number" ? `[${key}]` : `[${JSON.stringify(key)}]`)).join("");
}
