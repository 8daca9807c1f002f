import { describe, expect, it } from "vitest";
import { coreReplayedResult } from "./core-replayed-result.js";

describe("coreReplayedResult", () => {
  it("an errored v2 result replays as the error record with resultType error (§1.2 history replay)", () => {
    expect(coreReplayedResult("c1", "frobnicate", { type: "error", value: "Unknown tool: frobnicate" })).toEqual({
      type: "tool-result",
      id: "c1",
      name: "frobnicate",
      result: { type: "error", value: { error: { type: "unknown", message: "Unknown tool: frobnicate" }, content: [], structured: {} } },
    });
  });

  it("a completed result replays as it settled", () => {
    const settled = { type: "text", value: "No files found" };
    expect(coreReplayedResult("c1", "glob", settled)).toEqual({ type: "tool-result", id: "c1", name: "glob", result: settled });
  });
});
