import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import type { ScenarioMcpServer } from "../scenario/scenario.js";
import { createScriptedMcpServer } from "./scripted-mcp-server.js";
import { type McpHttpServer, serveMcpHttp } from "./serve-mcp-http.js";

const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

const server: ScenarioMcpServer = {
  instructions: "Use lookup for docs.",
  tools: [
    {
      name: "lookup",
      title: "Look up",
      description: "Looks a topic up.",
      inputSchema: { type: "object", properties: { topic: { type: "string" } } },
      outputSchema: { type: "object", properties: { status: { type: "string" } }, required: ["status"] },
      annotations: { readOnlyHint: true },
      _meta: { "correx.dev/x": 1 },
      answers: [
        {
          result: {
            content: [
              { type: "text", text: "one" },
              { type: "image", mimeType: "image/png", data: PNG },
              { type: "audio", mimeType: "audio/wav", data: { base64: "UklGRg==" } },
              { type: "resource_link", uri: "file:///docs/a.md", name: "a.md", mimeType: "text/markdown" },
              { type: "resource", resource: { uri: "file:///docs/b.txt", mimeType: "text/plain", text: { repeat: "ab", count: 3 } } },
              { type: "resource", resource: { uri: "file:///docs/c.bin", mimeType: "application/octet-stream", blob: { repeat: "xyz", count: 1 } } },
            ],
            structuredContent: { status: "green" },
            _meta: { trace: "t1" },
          },
        },
        { result: { content: [{ type: "text", text: "broken" }], structuredContent: { status: 7 }, isError: false } },
        { error: { code: -32001, message: "backend down", data: { retry: false } } },
        { delayMs: 300, result: { content: [{ type: "text", text: "slow" }] } },
        { result: { content: [{ type: "text", text: "failed on purpose" }], isError: true } },
      ],
    },
    { name: "crash", answers: [{ exit: true }] },
  ],
};

async function connectInMemory(dies: string[] = []): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createScriptedMcpServer(server, new Map(), { die: () => dies.push("died") }).connect(serverSide);
  const client = new Client({ name: "test", version: "1" });
  await client.connect(clientSide);
  return client;
}

/** tools/call without the SDK client's own outputSchema check (which needs a prior tools/list): what the server sent. */
function rawCall(client: Client, name: string, options?: { timeout?: number }) {
  return client.request({ method: "tools/call", params: { name, arguments: { topic: "x" } } }, CallToolResultSchema, options);
}

describe("createScriptedMcpServer (SDK client over an in-memory pair)", () => {
  it("lists the declared tools with every field, in declaration order, and the instructions", async () => {
    const client = await connectInMemory();
    expect(client.getInstructions()).toBe("Use lookup for docs.");
    expect(client.getServerVersion()).toEqual({ name: "correx-scripted", version: "0.1.0" });
    const listed = await client.listTools();
    expect(JSON.stringify(listed.tools)).toBe(
      JSON.stringify([
        {
          name: "lookup",
          title: "Look up",
          description: "Looks a topic up.",
          inputSchema: { type: "object", properties: { topic: { type: "string" } } },
          outputSchema: { type: "object", properties: { status: { type: "string" } }, required: ["status"] },
          annotations: { readOnlyHint: true },
          _meta: { "correx.dev/x": 1 },
        },
        { name: "crash", inputSchema: { type: "object" } },
      ]),
    );
  });

  it("answers the calls of a tool in script order: every content kind with generated values expanded, structuredContent, _meta", async () => {
    const client = await connectInMemory();
    const first = await rawCall(client, "lookup");
    expect(first.content).toEqual([
      { type: "text", text: "one" },
      { type: "image", mimeType: "image/png", data: PNG },
      { type: "audio", mimeType: "audio/wav", data: "UklGRg==" },
      { type: "resource_link", uri: "file:///docs/a.md", name: "a.md", mimeType: "text/markdown" },
      { type: "resource", resource: { uri: "file:///docs/b.txt", mimeType: "text/plain", text: "ababab" } },
      { type: "resource", resource: { uri: "file:///docs/c.bin", mimeType: "application/octet-stream", blob: "eHl6" } },
    ]);
    expect(first.structuredContent).toEqual({ status: "green" });
    expect(first._meta).toEqual({ trace: "t1" });
  });

  it("sends a result that breaks the outputSchema as it is; the SDK client's own check refuses it once it has listed the tools", async () => {
    const client = await connectInMemory();
    await rawCall(client, "lookup");
    await client.listTools();
    await expect(client.callTool({ name: "lookup", arguments: {} })).rejects.toThrow(/Structured content does not match the tool's output schema/);
  });

  it("answers with exactly the scripted JSON-RPC error (code, message, data)", async () => {
    const client = await connectInMemory();
    await rawCall(client, "lookup");
    await rawCall(client, "lookup");
    const error = await rawCall(client, "lookup").catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: -32001, message: "MCP error -32001: backend down", data: { retry: false } });
  });

  it("delays a slow answer past a client's timeout, then repeats the last answer (isError) for every later call", async () => {
    const client = await connectInMemory();
    for (let i = 0; i < 3; i++) await rawCall(client, "lookup").catch(() => undefined);
    await expect(rawCall(client, "lookup", { timeout: 50 })).rejects.toThrow(/Request timed out/);
    const last = await rawCall(client, "lookup");
    expect(last).toEqual({ content: [{ type: "text", text: "failed on purpose" }], isError: true });
    expect(await rawCall(client, "lookup")).toEqual(last);
  });

  it("calls the host's die hook for an exit answer and never answers", async () => {
    const dies: string[] = [];
    const client = await connectInMemory(dies);
    await expect(rawCall(client, "crash", { timeout: 100 })).rejects.toThrow(/Request timed out/);
    expect(dies).toEqual(["died"]);
  });

  it("refuses an unknown tool with JSON-RPC error -32602", async () => {
    const client = await connectInMemory();
    await expect(rawCall(client, "nope")).rejects.toMatchObject({ code: -32602, message: "MCP error -32602: Unknown tool: nope" });
  });
});

describe("serveMcpHttp (SDK client over streamable HTTP on 127.0.0.1)", () => {
  let http: McpHttpServer | undefined;
  afterEach(async () => {
    await http?.close();
    http = undefined;
  });

  it("serves sessions on 127.0.0.1/mcp that share one script", async () => {
    http = await serveMcpHttp(server);
    expect(http.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const a = new Client({ name: "a", version: "1" });
    await a.connect(new StreamableHTTPClientTransport(new URL(http.url)));
    const b = new Client({ name: "b", version: "1" });
    await b.connect(new StreamableHTTPClientTransport(new URL(http.url)));
    expect((await rawCall(a, "lookup")).content[0]).toEqual({ type: "text", text: "one" });
    expect((await rawCall(b, "lookup")).content[0]).toEqual({ type: "text", text: "broken" });
    await a.close();
    await b.close();
  });

  it("dies mid-call: the connection is destroyed and the listener closes", async () => {
    http = await serveMcpHttp(server);
    const client = new Client({ name: "a", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
    await expect(rawCall(client, "crash")).rejects.toThrow();
    await http.closed;
  });
});

describe("serveMcpHttp: DNS rebinding", () => {
  it("answers 403 to a Host that is not a loopback name, and serves 127.0.0.1", async () => {
    const http = await serveMcpHttp(server);
    try {
      const { request } = await import("node:http");
      const status = (host: string) =>
        new Promise<number>((resolve, reject) => {
          const url = new URL(http.url);
          const req = request(
            { host: url.hostname, port: url.port, path: url.pathname, method: "POST", headers: { host, "content-type": "application/json", accept: "application/json, text/event-stream" } },
            (res) => {
              res.resume();
              resolve(res.statusCode ?? 0);
            },
          );
          req.on("error", reject);
          req.end(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } } }));
        });
      expect(await status("evil.example.com")).toBe(403);
      expect(await status(new URL(http.url).host)).toBe(200);
    } finally {
      await http.close();
    }
  });
});
