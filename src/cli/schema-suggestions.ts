import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { unescapePointerToken } from "../input/json-pointer-tokens.js";
import type { ValidationIssue } from "../schema/validation-issue.js";
import { packageRoot } from "./package-root.js";

type Schema = Record<string, unknown>;

/** Every schema under schemas/ by its $id, read the first time a suggestion is needed. */
let byId: Map<string, Schema> | null = null;
function schemasById(): Map<string, Schema> {
  if (byId) return byId;
  byId = new Map();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== "examples") walk(path);
      else if (entry.isFile() && entry.name.endsWith(".json")) {
        const schema = JSON.parse(readFileSync(path, "utf8")) as Schema;
        if (typeof schema.$id === "string") byId!.set(schema.$id, schema);
      }
    }
  };
  walk(join(packageRoot, "schemas"));
  return byId;
}

/** A schema with the base URL its relative $refs resolve against. */
interface Located {
  schema: Schema;
  base: string;
}

function deref(at: Located): Located {
  let current = at;
  for (let hops = 0; hops < 32 && typeof current.schema.$ref === "string"; hops++) {
    const target = new URL(current.schema.$ref as string, current.base);
    const document = schemasById().get(`${target.origin}${target.pathname}`);
    if (!document) return current;
    let schema: unknown = document;
    for (const token of target.hash.replace(/^#\/?/, "").split("/").filter(Boolean)) schema = (schema as Schema)?.[unescapePointerToken(decodeURIComponent(token))];
    if (!schema || typeof schema !== "object") return current;
    current = { schema: schema as Schema, base: `${target.origin}${target.pathname}` };
  }
  return current;
}

/** The branches of a oneOf/anyOf, dereferenced. */
const branchesOf = (at: Located): Located[] => [...((at.schema.oneOf as Schema[]) ?? []), ...((at.schema.anyOf as Schema[]) ?? [])].map((schema) => deref({ schema, base: at.base }));

/** The value a branch fixes for a property (its const, or a one-value enum). */
function fixedValue(branch: Located, property: string): unknown {
  const schema = (branch.schema.properties as Record<string, Schema> | undefined)?.[property];
  if (!schema) return undefined;
  const resolved = deref({ schema, base: branch.base }).schema;
  return "const" in resolved ? resolved.const : Array.isArray(resolved.enum) && resolved.enum.length === 1 ? resolved.enum[0] : undefined;
}

/** The discriminated branch a value takes, when the schema has a discriminator and the value a known tag. */
function pickBranch(at: Located, value: unknown): Located {
  const tag = (at.schema.discriminator as { propertyName?: string } | undefined)?.propertyName;
  if (!tag || !value || typeof value !== "object") return at;
  return branchesOf(at).find((branch) => fixedValue(branch, tag) === (value as Record<string, unknown>)[tag]) ?? at;
}

/** The subschema that describes the value at `pointer` of `data`, following $ref, properties, items and discriminators. */
function schemaAt(kind: string, pointer: string, data: unknown): { at: Located; value: unknown } | null {
  const id = `https://correx.dev/schemas/${kind}.json`;
  const root = schemasById().get(id);
  if (!root) return null;
  let at = deref({ schema: root, base: id });
  let value = data;
  for (const raw of pointer.split("/").slice(1)) {
    const token = unescapePointerToken(raw);
    at = pickBranch(deref(at), value);
    const properties = at.schema.properties as Record<string, Schema> | undefined;
    let next: Schema | undefined;
    if (properties && Object.hasOwn(properties, token)) next = properties[token];
    else if (/^\d+$/.test(token) && Array.isArray(at.schema.prefixItems) && at.schema.prefixItems[Number(token)]) next = at.schema.prefixItems[Number(token)] as Schema;
    else if (/^\d+$/.test(token) && at.schema.items && typeof at.schema.items === "object") next = at.schema.items as Schema;
    else if (at.schema.additionalProperties && typeof at.schema.additionalProperties === "object") next = at.schema.additionalProperties as Schema;
    if (!next) return null;
    at = deref({ schema: next, base: at.base });
    value = value && typeof value === "object" ? (value as Record<string, unknown>)[token] : undefined;
  }
  return { at: pickBranch(deref(at), value), value };
}

/** Optimal-string-alignment distance (Levenshtein with adjacent swaps): "nmae" → "name" is 1. */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      rows[i]![j] = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) rows[i]![j] = Math.min(rows[i]![j]!, rows[i - 2]![j - 2]! + 1);
    }
  }
  return rows[a.length]![b.length]!;
}

/** The closest of `known` to `text` when close enough to be a typo (case-insensitive match, or at most a third of its letters off, 2 at most). */
export function closest(text: string, known: readonly string[]): string | null {
  let best: { word: string; distance: number } | null = null;
  for (const word of known) {
    if (word === text) continue;
    const distance = word.toLowerCase() === text.toLowerCase() ? 0 : editDistance(text, word);
    if (best === null || distance < best.distance) best = { word, distance };
  }
  return best !== null && best.distance <= Math.min(2, Math.max(1, Math.floor(text.length / 3))) ? best.word : null;
}

const quote = (text: string) => JSON.stringify(text);

/**
 * An issue with what a person needs to fix it: the allowed values of a discriminator (`type`) or
 * enum, and "did you mean" for a misspelt property name or value. Issues it cannot improve come
 * back as they were.
 */
export function withSuggestions(issue: ValidationIssue, kind: string, data: unknown): ValidationIssue {
  try {
    const parent = issue.pointer.split("/").slice(0, -1).join("/");
    const name = unescapePointerToken(decodeURIComponent(issue.pointer.split("/").at(-1) ?? ""));
    if (issue.code === "discriminator" && issue.params.error !== "tag") {
      const found = schemaAt(kind, parent, data);
      if (!found) return issue;
      const tag = String(issue.params.tag);
      const values = branchesOf(deref(found.at))
        .map((branch) => fixedValue(branch, tag))
        .filter((value): value is string => typeof value === "string");
      if (values.length === 0) return issue;
      const typo = typeof issue.params.tagValue === "string" ? closest(issue.params.tagValue, values) : null;
      return { ...issue, expected: `${issue.expected} (one of ${values.map(quote).join(", ")})`, found: `${issue.found}${typo ? ` (did you mean ${quote(typo)}?)` : ""}` };
    }
    if (issue.code === "enum" || issue.code === "const") {
      const allowed = (issue.code === "enum" ? (issue.params.allowedValues as unknown[]) : [issue.params.allowedValue]).filter((value): value is string => typeof value === "string");
      const value = valueAt(data, issue.pointer);
      const typo = typeof value === "string" ? closest(value, allowed) : null;
      return typo ? { ...issue, found: `${issue.found} (did you mean ${quote(typo)}?)` } : issue;
    }
    if (issue.code === "required" && typeof issue.params.missingProperty === "string") {
      // a required property that is missing next to a misspelling of it: say so where the first error is
      const holder = valueAt(data, parent);
      const keys = holder && typeof holder === "object" ? Object.keys(holder) : [];
      const typo = keys.find((key) => closest(key, [issue.params.missingProperty as string]) !== null && key !== issue.params.missingProperty);
      return typo ? { ...issue, found: `${issue.found} (is ${quote(typo)} a misspelling of it?)` } : issue;
    }
    if (issue.code === "additionalProperties" || issue.code === "unevaluatedProperties") {
      const found = schemaAt(kind, parent, data);
      const properties = found ? Object.keys((found.at.schema.properties as object | undefined) ?? {}) : [];
      const present = found?.value && typeof found.value === "object" ? Object.keys(found.value) : [];
      const typo = closest(
        name,
        properties.filter((property) => !present.includes(property)),
      );
      return typo ? { ...issue, found: `${issue.found} (did you mean ${quote(typo)}?)` } : issue;
    }
  } catch {
    // a suggestion is a courtesy: never let it break the report
  }
  return issue;
}

function valueAt(data: unknown, pointer: string): unknown {
  let value = data;
  for (const raw of pointer.split("/").slice(1)) value = value && typeof value === "object" ? (value as Record<string, unknown>)[unescapePointerToken(raw)] : undefined;
  return value;
}
