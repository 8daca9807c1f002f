import { describe, expect, it } from "vitest";
import { defaultAvailableTools, resolveToolName } from "./tool-availability.js";

describe("offered tools (spec §2.0 registry filters, README 'tools offered')", () => {
  it("defaults to what opencode run offers", () => {
    expect(defaultAvailableTools(undefined)).toEqual(["bash", "edit", "glob", "grep", "read", "skill", "task", "todowrite", "webfetch", "write"]);
  });
  it("adds websearch only for the opencode providers", () => {
    expect(defaultAvailableTools(undefined, "opencode")).toContain("websearch");
    expect(defaultAvailableTools(undefined, "opencode-go")).toContain("websearch");
    expect(defaultAvailableTools(undefined, "anthropic")).not.toContain("websearch");
  });
  it("swaps edit and write for apply_patch on gpt- models other than gpt-4 and oss", () => {
    expect(defaultAvailableTools("gpt-5")).toEqual(["apply_patch", "bash", "glob", "grep", "read", "skill", "task", "todowrite", "webfetch"]);
    expect(defaultAvailableTools("gpt-4o")).toContain("edit");
    expect(defaultAvailableTools("gpt-oss-120b")).toContain("write");
  });
  it("repairs a mis-cased name to the offered tool, else gives undefined (rerouted to invalid)", () => {
    expect(resolveToolName("Bash", ["bash"])).toBe("bash");
    expect(resolveToolName("frobnicate", ["bash"])).toBeUndefined();
  });
});
