import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { ScenarioMcpServer } from "../scenario/scenario.js";
import { createScriptedMcpServer, type ScriptedServerHooks } from "./scripted-mcp-server.js";

/**
 * Serves one scripted server over stdio (newline-delimited JSON-RPC on stdin/stdout, the SDK's
 * StdioServerTransport) until stdin ends. An `exit` answer ends the process with code 1 at once,
 * without answering. Resolves when the client closes the connection.
 */
export async function serveMcpStdio(server: ScenarioMcpServer, options: { onCall?: ScriptedServerHooks["onCall"] } = {}): Promise<void> {
  const mcp = createScriptedMcpServer(server, new Map(), { die: () => process.exit(1), onCall: options.onCall });
  const closed = new Promise<void>((resolve) => {
    mcp.onclose = () => resolve();
    process.stdin.once("end", () => resolve());
  });
  await mcp.connect(new StdioServerTransport());
  await closed;
  await mcp.close();
}
