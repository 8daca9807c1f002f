import { describe, expect, it } from "vitest";
import { cliHistory } from "./cli-history.js";

/**
 * v1 history names (spec §2.0, §2.14): an unknown tool's call is recorded as `invalid`; an MCP
 * tool of the agent's config keeps its name (Gemini's `functionResponse.name` showed `docs_lookup`
 * for it in issue 30's coverage run, where correx had predicted `invalid`).
 */
describe("opencode-cli history: the name a call is recorded under", () => {
  const step = (tool: string, result: Record<string, unknown>) =>
    cliHistory.step({ text: "", calls: [{ id: "c1", tool, input: { q: 1 }, result }] } as never, {}) as { parts: { type: string; tool?: string; state?: { input: unknown } }[] }[];

  it("records an unknown tool's call as invalid, with the repair's input", () => {
    const [message] = step("nosuch", { status: "completed", title: "Invalid Tool", output: "The arguments provided to the tool are invalid: …", metadata: {} });
    const part = message!.parts.find((p) => p.type === "tool")!;
    expect(part.tool).toBe("invalid");
    expect(part.state!.input).toMatchObject({ tool: "nosuch" });
  });

  it("keeps an MCP tool's name and input, completed or failed", () => {
    for (const result of [
      { status: "completed", title: "", output: "42", metadata: {} },
      { status: "error", error: "MCP error -32000: boom" },
    ]) {
      const part = step("docs_lookup", result)[0]!.parts.find((p) => p.type === "tool")!;
      expect(part.tool).toBe("docs_lookup");
      expect(part.state!.input).toEqual({ q: 1 });
    }
  });
});
