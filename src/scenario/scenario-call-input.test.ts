import { describe, expect, it } from "vitest";
import { scenarioCallInput } from "./scenario-call-input.js";

describe("scenarioCallInput", () => {
  it("renames filePath to path for opencode-core read/write/edit, keeping key order", () => {
    const call = { tool: "edit", input: { filePath: "a.ts", oldString: "x", newString: "y" } };
    expect(JSON.stringify(scenarioCallInput(call, "opencode-cli", "opencode-core", {}))).toBe('{"path":"a.ts","oldString":"x","newString":"y"}');
  });

  it("renames path back to filePath for opencode-cli", () => {
    expect(JSON.stringify(scenarioCallInput({ tool: "read", input: { path: "a.ts" } }, "opencode-core", "opencode-cli", {}))).toBe('{"filePath":"a.ts"}');
  });

  it("leaves other tools alone (glob and grep take `path` in both)", () => {
    expect(JSON.stringify(scenarioCallInput({ tool: "grep", input: { pattern: "x", path: "src" } }, "opencode-core", "opencode-cli", {}))).toBe('{"pattern":"x","path":"src"}');
  });

  it("replaces {{origin}} and {{workspace}} in nested strings, leaving unknown placeholders", () => {
    const call = { tool: "webfetch", input: { url: "{{origin}}/a", list: ["{{workspace}}/b", "{{other}}"] } };
    expect(JSON.stringify(scenarioCallInput(call, "opencode-cli", "opencode-cli", { origin: "http://127.0.0.1:1", workspace: "/w" }))).toBe(
      '{"url":"http://127.0.0.1:1/a","list":["/w/b","{{other}}"]}',
    );
  });
});
