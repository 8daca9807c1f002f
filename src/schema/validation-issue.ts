import type { ValidatorError } from "../generated/validator.js";
import { unescapePointerToken } from "../input/json-pointer-tokens.js";

/**
 * One schema violation as data (shaped like ajv's ErrorObject, plus where and what):
 * rendering to a line happens later, in one place.
 */
export interface ValidationIssue {
  /** The ajv keyword that failed: required, type, const, enum, additionalProperties… */
  code: string;
  /** JSON pointer of the offending value (for required/additional properties: of that property). */
  pointer: string;
  /** 1-based line and column in the source text, when known. */
  line?: number;
  column?: number;
  schemaPath: string;
  params: Record<string, unknown>;
  /** What the schema wants, in words. */
  expected: string;
  /** What the input has, in words. */
  found: string;
}

const show = (value: unknown): string => {
  if (value === undefined) return "nothing";
  // YAML and JSON.parse read 1e400 as Infinity, which JSON.stringify would show as null.
  if (typeof value === "number" && !Number.isFinite(value)) return Number.isNaN(value) ? "NaN" : `a number too large to represent (read as ${value})`;
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 60 ? text.slice(0, 57) + "..." : text;
};

const kindOf = (value: unknown): string => (value === null ? "null" : Array.isArray(value) ? "array" : Number.isInteger(value) ? "integer" : typeof value);

const escapePointerToken = (token: string): string => token.replace(/~/g, "~0").replace(/\//g, "~1");

/** Resolves a JSON pointer in a value (undefined when absent). */
export function valueAtPointer(root: unknown, pointer: string): unknown {
  if (pointer === "") return root;
  let node: unknown = root;
  for (const raw of pointer.slice(1).split("/")) {
    const token = unescapePointerToken(raw);
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

/** Turns ajv errors into issues with expected/found wording, reading the offending values from `data`. */
export function toValidationIssues(errors: readonly ValidatorError[], data: unknown): ValidationIssue[] {
  return errors.map((error) => {
    const params = error.params ?? {};
    let pointer = error.instancePath;
    const value = valueAtPointer(data, pointer);
    let expected: string;
    let found: string;
    switch (error.keyword) {
      case "required":
        pointer = `${pointer}/${escapePointerToken(String(params.missingProperty))}`;
        expected = `required property "${String(params.missingProperty)}"`;
        found = "nothing";
        break;
      case "additionalProperties":
        pointer = `${pointer}/${escapePointerToken(String(params.additionalProperty))}`;
        expected = "no other properties";
        found = `property "${String(params.additionalProperty)}"`;
        break;
      case "unevaluatedProperties":
        pointer = `${pointer}/${escapePointerToken(String(params.unevaluatedProperty))}`;
        expected = "no other properties";
        found = `property "${String(params.unevaluatedProperty)}"`;
        break;
      case "type":
        expected = String(params.type).split(",").join(" or ");
        // null is its own kind: "null", not "null null"
        found = value === null || (typeof value === "number" && !Number.isFinite(value)) ? show(value) : `${kindOf(value)} ${show(value)}`;
        break;
      case "const":
        expected = show(params.allowedValue);
        found = show(value);
        break;
      case "enum":
        expected = `one of ${(params.allowedValues as unknown[]).map(show).join(", ")}`;
        found = show(value);
        break;
      case "discriminator": {
        const tag = String(params.tag);
        pointer = `${pointer}/${escapePointerToken(tag)}`;
        expected = params.error === "tag" ? `"${tag}" to be a string` : `a known "${tag}" value`;
        found = show(params.tagValue);
        break;
      }
      case "minLength":
      case "maxLength":
        expected = `a string of ${error.keyword === "minLength" ? "at least" : "at most"} ${String(params.limit)} characters`;
        found = typeof value === "string" ? `${value.length} characters` : show(value);
        break;
      case "minItems":
      case "maxItems":
        expected = `${error.keyword === "minItems" ? "at least" : "at most"} ${String(params.limit)} items`;
        found = Array.isArray(value) ? `${value.length} items` : show(value);
        break;
      case "minimum":
      case "maximum":
      case "exclusiveMinimum":
      case "exclusiveMaximum":
        expected = `a number ${String(params.comparison)} ${String(params.limit)}`;
        found = show(value);
        break;
      case "pattern": {
        // A propertyNames pattern: the value at the pointer is the object; the key is what failed.
        const propertyName = (error as { propertyName?: unknown }).propertyName;
        expected = `${propertyName === undefined ? "a string" : "property names"} matching ${String(params.pattern)}`;
        found = propertyName === undefined ? show(value) : `property name ${show(String(propertyName))}`;
        break;
      }
      case "uniqueItems":
        expected = "unique items";
        found = `duplicates at ${String(params.i)} and ${String(params.j)}`;
        break;
      case "anyOf":
      case "oneOf":
        expected = error.keyword === "oneOf" && params.passingSchemas ? "exactly one matching shape" : "one of the allowed shapes";
        found = show(value);
        break;
      default:
        expected = error.message ?? error.keyword;
        found = show(value);
    }
    return { code: error.keyword, pointer, schemaPath: error.schemaPath, params, expected, found };
  });
}
