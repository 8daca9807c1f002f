import { describe, expect, it } from "vitest";
import { agentOutputDirectory } from "./gate-output-directory.js";

describe("agentOutputDirectory", () => {
  it("reads the directory of the first saved-output path a result names", () => {
    const marker = "... output truncated; full content saved to /run/xdg/data/opencode/tool-output/tool_0123456789abAbCdEfGhIjKlMn ...";
    expect(agentOutputDirectory([{ content: "no file" }, { content: `one\n\n${marker}\n\ntwo` }])).toBe("/run/xdg/data/opencode/tool-output");
  });

  it("is null when no result names a tool_<id> file (a 12 hex + 14 base62 id only)", () => {
    expect(agentOutputDirectory([{ content: "saved to /x/tool_123 ..." }, { content: "/x/tool_0123456789abAbCdEfGhIjKlMnO" }])).toBeNull();
  });
});
