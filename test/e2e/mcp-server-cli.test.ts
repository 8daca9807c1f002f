import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { cliPath, makeTempDir, repoRoot, runCli } from "./run-cli.js";

const scenario = join(repoRoot, "fixtures/scenarios/mcp-text-image-structured.yaml");
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const expectedResult = {
  content: [
    { type: "text", text: "Build status: green" },
    { type: "text", text: "second item\nwith two lines" },
    // The SDK's server sends its CallToolResultSchema parse of the scripted result: keys in the SDK schema's order.
    { type: "image", data: PNG, mimeType: "image/png" },
  ],
  structuredContent: { status: "green", count: 3 },
};

describe("correx mcp-server (built CLI, SDK clients)", () => {
  it("serves a scenario's server over stdio and logs each call", async () => {
    const log = join(makeTempDir("correx-mcp-log-"), "calls.jsonl");
    const transport = new StdioClientTransport({ command: process.execPath, args: [cliPath, "mcp-server", "--scenario", scenario, "--log", log], stderr: "pipe" });
    const client = new Client({ name: "test", version: "1" });
    await client.connect(transport);
    const tools = await client.listTools();
    expect(tools.tools.map((tool) => tool.name)).toEqual(["lookup"]);
    const result = await client.callTool({ name: "lookup", arguments: { topic: "build" } });
    expect(JSON.stringify(result)).toBe(JSON.stringify(expectedResult));
    await client.close();
    expect(readFileSync(log, "utf8")).toBe('{"server":"docs","tool":"lookup","n":0,"arguments":{"topic":"build"}}\n');
  });

  it("serves it over streamable HTTP on 127.0.0.1, printing the URL", async () => {
    const child = spawn(process.execPath, [cliPath, "mcp-server", "--scenario", scenario, "--transport", "http"], { stdio: ["ignore", "pipe", "inherit"] });
    try {
      const url = await new Promise<string>((resolve) => child.stdout.once("data", (chunk: Buffer) => resolve(chunk.toString("utf8").trim())));
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      const client = new Client({ name: "test", version: "1" });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      const result = await client.request({ method: "tools/call", params: { name: "lookup", arguments: { topic: "build" } } }, CallToolResultSchema);
      expect(JSON.stringify(result)).toBe(JSON.stringify(expectedResult));
      await client.close();
    } finally {
      child.kill("SIGTERM");
    }
    const code = await new Promise<number | null>((resolve) => child.once("exit", (exitCode) => resolve(exitCode)));
    expect(code).toBe(0);
  });

  it("refuses a scenario without an mcp section with exit 2 and one line", () => {
    const run = runCli(["mcp-server", "--scenario", join(repoRoot, "fixtures/scenarios/bash-echo.yaml")]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`correx mcp-server: ${join(repoRoot, "fixtures/scenarios/bash-echo.yaml")} declares no MCP server (no 'mcp' section)\n`);
  });
});
