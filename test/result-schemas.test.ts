import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { expandGenerators } from "../src/golden/expand-generators.js";
import { listProfiles } from "../src/profiles/profile-registry.js";
import { loadValidator } from "../src/schema/load-validator.js";
import type { SchemaKind } from "../src/schema/schema-kind.js";

const root = join(import.meta.dirname, "..");

/** Every expected `result` of a format case's golden under golden/<profile>/ (written from the binaries' bytes). */
function goldenResults(profile: string): { file: string; result: unknown }[] {
  const dir = join(root, "golden", profile);
  const walk = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(folder, entry.name)) : entry.name.endsWith(".yaml") ? [join(folder, entry.name)] : []));
  return walk(dir).flatMap((file) => {
    const caseFile = join(root, "fixtures", "cases", file.slice(join(root, "golden").length + 1));
    if ((parse(readFileSync(caseFile, "utf8")) as { stage?: string }).stage !== "format") return [];
    const expected = (parse(readFileSync(file, "utf8")) as { expected?: { result?: unknown } }).expected;
    return expected && "result" in expected ? [{ file, result: expandGenerators(expected.result) }] : [];
  });
}

/** The tool results of the captured requests of docs/spec/captures/ (the bytes the released binaries sent). */
const captured: Record<string, () => unknown[]> = {
  "codex-cli/tool-result": () =>
    readFileSync(join(root, "docs/spec/captures/codex-cli-0.171.0.jsonl"), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => ({ output: (JSON.parse(line) as { result: { output: unknown } }).result.output })),
  "claude-code/tool-result": () =>
    readFileSync(join(root, "docs/spec/captures/claude-code-2.1.332.jsonl"), "utf8")
      .split("\n")
      .filter(Boolean)
      .flatMap((line) => (JSON.parse(line) as { after?: { role: string; content: unknown }[] }).after ?? [])
      .filter((message) => message.role === "user" && Array.isArray(message.content))
      .flatMap((message) => message.content as Record<string, unknown>[])
      .filter((block) => block.type === "tool_result" && typeof block.content === "string")
      .map((block) => ({ content: block.content, ...(block.is_error === undefined ? {} : { is_error: block.is_error }) })),
};

describe("every profile's result schema (schemas/<profile>/tool-result.json and the opencode envelopes)", () => {
  for (const profile of listProfiles()) {
    describe(profile.id, () => {
      it("names a result schema", () => {
        expect(profile.resultKind).toBeDefined();
      });

      it("accepts every golden result of the profile's corpus", async () => {
        const validate = await loadValidator(profile.resultKind as SchemaKind);
        const results = goldenResults(profile.id);
        expect(results.length).toBeGreaterThan(10);
        const invalid = results.filter(({ result }) => !validate(result)).map(({ file }) => file.slice(root.length + 1));
        expect(invalid).toEqual([]);
      });

      const capture = captured[profile.resultKind ?? ""];
      it.skipIf(!capture)("accepts every result the released binary sent (docs/spec/captures/)", async () => {
        const validate = await loadValidator(profile.resultKind as SchemaKind);
        const results = capture!();
        expect(results.length).toBeGreaterThan(30);
        expect(results.filter((result) => !validate(result))).toEqual([]);
      });
    });
  }
});
