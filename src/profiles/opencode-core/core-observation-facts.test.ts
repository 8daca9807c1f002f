import { describe, expect, it } from "vitest";
import { UnsupportedError } from "../profile.js";
import { formatApplyPatch } from "./apply-patch/core-format-apply-patch.js";
import { requireFacts } from "./core-observation-facts.js";
import { coreTools } from "./core-tool-registry.js";
import { formatRead } from "./read/core-format-read.js";

/** Inputs that pass each tool's input check, so only the observation is wrong. */
const inputs: Record<string, unknown> = {
  apply_patch: { patchText: "*** Begin Patch\n*** End Patch" },
  bash: { command: "true", description: "d" },
  edit: { path: "a", oldString: "x", newString: "y" },
  glob: { pattern: "*" },
  grep: { pattern: "x" },
  question: { questions: [] },
  read: { path: "a" },
  skill: { name: "s" },
  todowrite: { todos: [] },
  webfetch: { url: "https://example.com", format: "text" },
  websearch: { query: "q" },
  write: { path: "a", content: "" },
};

describe("core formatters on an observation that lacks its facts (design: observations)", () => {
  it("apply_patch on {} is an UnsupportedError naming the missing key, not a TypeError", () => {
    expect(() => formatApplyPatch({ patchText: "" }, {} as never)).toThrow(UnsupportedError);
    expect(() => formatApplyPatch({ patchText: "" }, {} as never)).toThrow("opencode-core apply_patch: the observation has no changes (object-array, schemas/observations/apply_patch.json)");
  });

  it("every registered core formatter but todowrite (which reads no facts) reports {} as unsupported", () => {
    for (const [name, tool] of Object.entries(coreTools)) {
      const run = () => tool.format(inputs[name], {}, {});
      if (name === "todowrite") expect(run).not.toThrow();
      else {
        let thrown: unknown;
        try {
          run();
        } catch (error) {
          thrown = error;
        }
        expect(UnsupportedError.isInstance(thrown), `${name}: ${String(thrown)}`).toBe(true);
        expect((thrown as Error).message.startsWith(`opencode-core ${name}: the observation `), name).toBe(true);
      }
    }
  });

  it("read with an unknown kind or a directory without entries is unsupported", () => {
    expect(() => formatRead({ path: "a" }, { kind: "socket", path: "/w/a" } as never)).toThrow(
      'opencode-core read: the observation\'s kind "socket" is not file, directory or missing (schemas/observations/read.json)',
    );
    expect(() => formatRead({ path: "a" }, { kind: "directory", path: "/w/a" } as never)).toThrow("opencode-core read: the observation has no entries (object-array, schemas/observations/read.json)");
  });

  it("accepts values of the declared shapes, null where allowed", () => {
    expect(() => requireFacts("bash", { output: "", exitCode: null }, { output: "string", exitCode: "number-or-null" })).not.toThrow();
    expect(() => requireFacts("websearch", { text: null }, { text: "string-or-null" })).not.toThrow();
    expect(() => requireFacts("grep", { matches: [null] }, { matches: "object-array" })).toThrow("opencode-core grep: the observation has no matches (object-array, schemas/observations/grep.json)");
    expect(() => requireFacts("write", null, { path: "string" })).toThrow("opencode-core write: the observation has no path (string, schemas/observations/write.json)");
  });
});
