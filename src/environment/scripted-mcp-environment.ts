import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { McpCallCounts } from "../mcp-server/scripted-mcp-server.js";
import type { McpCallFact, McpCallSpec } from "../profiles/environment-port.js";
import type { ScenarioMcp } from "../scenario/scenario.js";

/** The MCP half of an environment port: a scenario's servers, each played afresh in-process and reached through the SDK's client. */
export interface ScriptedMcpEnvironment {
  listMcpTools(server: string): Promise<Record<string, unknown>[] | null>;
  callMcpTool(call: McpCallSpec): Promise<McpCallFact>;
}

/**
 * The MCP SDK and the scripted server, loaded the first time a server is reached: every node
 * environment holds this half, and the replay sandbox's worker (which never plays MCP) paid the
 * SDK's ~150 modules on every start.
 */
let sdkLoaded:
  | Promise<
      typeof import("@modelcontextprotocol/sdk/client/index.js") &
        typeof import("@modelcontextprotocol/sdk/inMemory.js") &
        typeof import("@modelcontextprotocol/sdk/types.js") &
        typeof import("../mcp-server/scripted-mcp-server.js")
    >
  | undefined;
const loadSdk = () =>
  (sdkLoaded ??= Promise.all([
    import("@modelcontextprotocol/sdk/client/index.js"),
    import("@modelcontextprotocol/sdk/inMemory.js"),
    import("@modelcontextprotocol/sdk/types.js"),
    import("../mcp-server/scripted-mcp-server.js"),
  ]).then(([client, inMemory, types, server]) => ({ ...client, ...inMemory, ...types, ...server })));

/**
 * Plays a scenario's MCP servers for the reference: each server is the same scripted server the
 * agent got (src/mcp-server/), connected over the SDK's in-memory transport to an SDK client, with
 * call counts of its own starting at 0 (the reference replays the scripted calls in order). A
 * tools/call is sent as it is (the client's own outputSchema check, which needs a prior tools/list,
 * is the agent's rule, not a fact), and the answer is recorded: the result, the JSON-RPC error with
 * the server's own message, a timeout (after the call's or the server's `timeoutMs`), or the server dying (`exit` answers close the connection).
 */
export function createScriptedMcpEnvironment(mcp: ScenarioMcp): ScriptedMcpEnvironment {
  const clients = new Map<string, Promise<Client>>();
  const connect = (name: string): Promise<Client> | null => {
    const server = mcp.servers[name];
    if (server === undefined) return null;
    let client = clients.get(name);
    if (client === undefined) {
      client = (async () => {
        const { InMemoryTransport, createScriptedMcpServer, Client } = await loadSdk();
        const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
        const counts: McpCallCounts = new Map();
        const instance = createScriptedMcpServer(server, counts, { die: () => void serverSide.close() });
        await instance.connect(serverSide);
        const sdkClient = new Client({ name: "correx-reference", version: "0.1.0" });
        await sdkClient.connect(clientSide);
        return sdkClient;
      })();
      clients.set(name, client);
    }
    return client;
  };
  const listed = new Map<string, Promise<Record<string, unknown>[]>>();
  return {
    // Listed once per server, as an agent lists them at start-up: a server that died later keeps its tools (its calls then fail as closed).
    async listMcpTools(server) {
      const client = connect(server);
      if (client === null) return null;
      let tools = listed.get(server);
      if (tools === undefined) {
        tools = client.then(async (connected) => (await connected.listTools()).tools as Record<string, unknown>[]);
        listed.set(server, tools);
      }
      return tools;
    },
    async callMcpTool(call) {
      const client = connect(call.server);
      if (client === null) return { kind: "closed", message: `no MCP server "${call.server}"` };
      // The agent's tool-call timeout the scenario gave it (mcp-config.mjs writes it into the agent's config).
      const timeoutMs = call.timeoutMs ?? mcp.servers[call.server]?.timeoutMs;
      try {
        const { CallToolResultSchema } = await loadSdk();
        const result = await (await client).request({ method: "tools/call", params: { name: call.tool, arguments: call.arguments } }, CallToolResultSchema, {
          ...(timeoutMs === undefined ? {} : { timeout: timeoutMs }),
        });
        return { kind: "result", result: result as Record<string, unknown> };
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        const message = error instanceof Error ? error.message : String(error);
        if (code === -32001 && /Request timed out/.test(message)) return { kind: "timeout", ...(timeoutMs === undefined ? {} : { timeoutMs }) };
        if (code === -32000 && /Connection closed/.test(message)) return { kind: "closed", message };
        if (typeof code === "number") {
          const data = (error as { data?: unknown }).data;
          return { kind: "error", code, message: message.replace(`MCP error ${code}: `, ""), ...(data === undefined ? {} : { data }) };
        }
        return { kind: "closed", message };
      }
    },
  };
}
