import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadValidator } from "../src/schema/load-validator.js";
import { type SchemaKind, schemaKinds } from "../src/schema/schema-kind.js";

const root = new URL("../schemas/examples/", import.meta.url).pathname;

/** Example folders are named after their kind: `envelope/tool-result-part/`, or `wire-openai-chat/`. */
function kindOfFolder(folder: string): SchemaKind {
  if ((schemaKinds as string[]).includes(folder)) return folder as SchemaKind;
  const dashed = folder.replace("-", "/");
  if ((schemaKinds as string[]).includes(dashed)) return dashed as SchemaKind;
  throw new Error(`schemas/examples/${folder}: no schema kind of that name`);
}

const examples = (readdirSync(root, { recursive: true }) as string[])
  .filter((entry) => entry.endsWith(".json"))
  .map((entry) => {
    const folder = entry.slice(0, entry.lastIndexOf("/"));
    const name = entry.slice(entry.lastIndexOf("/") + 1);
    return { entry, kind: kindOfFolder(folder), valid: name.startsWith("valid-"), name };
  });

describe("schemas/examples: each example validates or is rejected as its name says", () => {
  it("names every example valid-* or invalid-*", () => {
    expect(examples.filter((example) => !/^(valid|invalid)-/.test(example.name))).toEqual([]);
  });
  for (const example of examples) {
    it(`${example.entry} is ${example.valid ? "accepted" : "rejected"} by ${example.kind}`, async () => {
      const validate = await loadValidator(example.kind);
      const value: unknown = JSON.parse(readFileSync(root + example.entry, "utf8"));
      expect(validate(value), JSON.stringify(validate.errors)).toBe(example.valid);
    });
  }
  it("covers every ToolResultValue variant and every ToolResultPart field with a valid and an invalid example", () => {
    const names = examples.map((example) => example.entry);
    for (const variant of ["json", "text", "error", "content"]) {
      expect(names.some((name) => name.startsWith(`envelope/tool-result-value/valid-${variant}`))).toBe(true);
      expect(names.some((name) => name.startsWith(`envelope/tool-result-value/invalid-${variant}-`))).toBe(true);
    }
    const partExamples = examples.filter((example) => example.kind === "envelope/tool-result-part");
    const fields = ["type", "id", "name", "result", "providerExecuted", "cache", "metadata", "providerMetadata"];
    for (const field of fields) {
      const present = (example: (typeof partExamples)[number]) => field in (JSON.parse(readFileSync(root + example.entry, "utf8")) as object);
      expect(
        partExamples.some((example) => example.valid && present(example)),
        `valid example with ${field}`,
      ).toBe(true);
    }
    for (const slug of [
      "wrong-type-tag",
      "missing-id",
      "missing-name",
      "missing-result",
      "provider-executed-not-boolean",
      "cache-missing-type",
      "metadata-not-object",
      "provider-metadata-value-not-object",
    ]) {
      expect(names).toContain(`envelope/tool-result-part/invalid-${slug}.json`);
    }
  });
});
