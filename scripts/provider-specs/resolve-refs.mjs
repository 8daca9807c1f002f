// Resolving an OpenAPI document's component refs into one self-contained JSON Schema 2020-12
// bundle per provider: the named roots and everything they reference, as $defs.
import { InputError } from "./read-input.mjs";

/** OpenAPI-only keys that are not JSON Schema (or that ajv must not interpret). */
const OPENAPI_ONLY = new Set(["discriminator", "example", "xml", "externalDocs", "nullable"]);

/**
 * One OpenAPI schema object → JSON Schema 2020-12: refs to #/$defs, `nullable` (OpenAPI 3.0, also
 * left in parts of OpenAI's 3.1 file) → a null branch, boolean exclusiveMinimum/Maximum (3.0) →
 * numeric, vendor extensions and OpenAPI-only keywords dropped.
 */
function toJsonSchema(node, options = {}) {
  if (Array.isArray(node)) return node.map((item) => toJsonSchema(item, options));
  if (typeof node !== "object" || node === null) return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith("x-") || OPENAPI_ONLY.has(key)) continue;
    if (key === "$ref" && typeof value === "string") {
      out.$ref = value.replace(/^#\/components\/schemas\//, "#/$defs/");
    } else if (key === "properties" && typeof value === "object" && value !== null) {
      out.properties = Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, toJsonSchema(schema, options)]));
    } else if (key === "oneOf" && options.oneOfAsAnyOf) {
      out.anyOf = toJsonSchema(value, options);
    } else {
      out[key] = toJsonSchema(value, options);
    }
  }
  for (const bound of ["exclusiveMinimum", "exclusiveMaximum"]) {
    if (typeof out[bound] === "boolean") {
      const limit = bound === "exclusiveMinimum" ? "minimum" : "maximum";
      if (out[bound] && typeof out[limit] === "number") {
        out[bound] = out[limit];
        delete out[limit];
      } else delete out[bound];
    }
  }
  if (node.nullable === true) return nullable(out);
  return out;
}

function nullable(schema) {
  if (typeof schema.type === "string") {
    const result = { ...schema, type: [schema.type, "null"] };
    if (Array.isArray(schema.enum) && !schema.enum.includes(null)) result.enum = [...schema.enum, null];
    return result;
  }
  if (Array.isArray(schema.type)) return schema.type.includes("null") ? schema : { ...schema, type: [...schema.type, "null"] };
  const { description, title, ...rest } = schema;
  return { ...(title ? { title } : {}), ...(description ? { description } : {}), anyOf: [rest, { type: "null" }] };
}

/** The named components and everything they reference, as a self-contained JSON Schema bundle. */
export function bundle(components, roots, id, options = {}) {
  const defs = {};
  const pending = [...roots];
  while (pending.length > 0) {
    const name = pending.pop();
    if (name in defs) continue;
    const schema = components[name];
    if (schema === undefined) throw new InputError(`${id}: component schema ${name} not found`);
    defs[name] = toJsonSchema(schema, options);
    for (const match of JSON.stringify(schema).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) pending.push(match[1]);
  }
  return { $schema: "https://json-schema.org/draft/2020-12/schema", $id: id, $defs: defs };
}

/** Every `format` a bundle uses (so the unknown ones can be registered as annotations). */
export function collectFormats(node, found = new Set()) {
  if (Array.isArray(node)) node.forEach((item) => collectFormats(item, found));
  else if (typeof node === "object" && node !== null) {
    if (typeof node.format === "string") found.add(node.format);
    Object.values(node).forEach((value) => collectFormats(value, found));
  }
  return found;
}
