import { describe, expect, it } from "vitest";
import { createScriptedMcpEnvironment } from "./scripted-mcp-environment.js";

describe("createScriptedMcpEnvironment", () => {
  it("gives up after the server's timeoutMs (the agent's tool-call timeout) and names it; the server still answers the next call", async () => {
    const environment = createScriptedMcpEnvironment({
      servers: {
        docs: {
          timeoutMs: 1000,
          tools: [
            {
              name: "lookup",
              inputSchema: { type: "object" },
              answers: [{ delayMs: 1500, result: { content: [{ type: "text", text: "too late" }] } }, { result: { content: [{ type: "text", text: "alive" }] } }],
            },
          ],
        },
      },
    });
    await environment.listMcpTools("docs"); // the SDK loaded and the server connected before the clock starts
    const started = Date.now();
    expect(await environment.callMcpTool({ server: "docs", tool: "lookup", arguments: {} })).toEqual({ kind: "timeout", timeoutMs: 1000 });
    expect(Date.now() - started).toBeLessThan(1400);
    expect(await environment.callMcpTool({ server: "docs", tool: "lookup", arguments: {} })).toEqual({ kind: "result", result: { content: [{ type: "text", text: "alive" }] } });
  });
});
