// The list of contract schemas (everything under schemas/ except examples), shared by the generators.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

export const schemasRoot = new URL("../schemas/", import.meta.url).pathname;
export const baseUri = "https://correx.dev/schemas/";

function walk(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "examples") out.push(...walk(path));
    } else if (entry.name.endsWith(".json")) out.push(path);
  }
  return out;
}

/** [{ file, rel, id, schema }] in a stable order. */
export function loadSchemaFiles() {
  return walk(schemasRoot).map((file) => {
    const rel = relative(schemasRoot, file).split("\\").join("/");
    const schema = JSON.parse(readFileSync(file, "utf8"));
    if (schema.$id !== baseUri + rel) throw new Error(`${rel}: $id must be ${baseUri + rel}, found ${schema.$id}`);
    return { file, rel, id: schema.$id, schema };
  });
}
