import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { McpHttpServer } from "../mcp-server/serve-mcp-http.js";
import type { Scenario } from "../scenario/scenario.js";

/**
 * One MCP server as a driver puts it in its agent's config: a command to launch (stdio) or a URL
 * (streamable HTTP), and the agent's tool-call timeout for it when the scenario sets one.
 */
export type GateMcpServerEntry = ({ type: "stdio"; command: string; args: string[] } | { type: "http"; url: string }) & { timeoutMs?: number };

/** A scenario's MCP servers, ready for the agent: what the driver reads, and how to stop the HTTP ones. */
export interface GateMcp {
  /** `CORREX_MCP_SERVERS`: the servers.json file (name → entry) the drivers turn into their agent's config; empty without servers. */
  env: Record<string, string>;
  /** The call log the stdio servers append to (one JSON line per call). */
  callLog: string | null;
  close(): Promise<void>;
}

/** correx's own CLI (the stdio servers run `correx mcp-server`), from src/gate or dist/gate alike. */
const CORREX_CLI = fileURLToPath(new URL("../../dist/cli/correx.js", import.meta.url));

/**
 * Lays out a scenario's MCP servers for one gate run under `runDirectory/mcp/`: the scenario as
 * JSON (what `correx mcp-server --scenario` reads), a stdio server as the command that runs it
 * (`node dist/cli/correx.js mcp-server …`, logging calls), an HTTP server started here on
 * 127.0.0.1; and `servers.json`, which CORREX_MCP_SERVERS names for the driver
 * (examples/agents/mcp-config.mjs writes it into each agent's own config).
 */
export async function startGateMcp(scenario: Scenario, runDirectory: string): Promise<GateMcp> {
  const servers = scenario.mcp?.servers;
  if (servers === undefined) return { env: {}, callLog: null, close: async () => {} };
  const directory = join(runDirectory, "mcp");
  mkdirSync(directory, { recursive: true });
  const scenarioFile = join(directory, "scenario.json");
  writeFileSync(scenarioFile, JSON.stringify(scenario));
  const callLog = join(directory, "calls.jsonl");
  const started: McpHttpServer[] = [];
  const entries: Record<string, GateMcpServerEntry> = {};
  for (const [name, server] of Object.entries(servers)) {
    if (server.transport === "http") {
      // loaded only by a scenario with an HTTP server: the MCP SDK costs a gate's start-up ~150 ms (issue 32)
      const { serveMcpHttp } = await import("../mcp-server/serve-mcp-http.js");
      const http = await serveMcpHttp(server);
      started.push(http);
      entries[name] = { type: "http", url: http.url };
    } else {
      entries[name] = { type: "stdio", command: process.execPath, args: [CORREX_CLI, "mcp-server", "--scenario", scenarioFile, "--server", name, "--log", callLog] };
    }
    if (server.timeoutMs !== undefined) entries[name].timeoutMs = server.timeoutMs;
  }
  const serversFile = join(directory, "servers.json");
  writeFileSync(serversFile, `${JSON.stringify(entries, null, 2)}\n`);
  return {
    env: { CORREX_MCP_SERVERS: serversFile },
    callLog,
    async close() {
      for (const http of started) await http.close();
    },
  };
}
