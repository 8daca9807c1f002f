import { appendFileSync } from "node:fs";
import { serveMcpHttp } from "../../mcp-server/serve-mcp-http.js";
import { serveMcpStdio } from "../../mcp-server/serve-mcp-stdio.js";
import { loadScenario } from "../../scenario/load-scenario.js";
import type { CommandIo } from "../command-io.js";
import { parseCommandArgs } from "../parse-command-args.js";
import { UsageError } from "../usage-error.js";

export const mcpServerHelp = `usage: correx mcp-server --scenario FILE [--server NAME] [--transport stdio|http] [--port N] [--log FILE]

Serves one MCP server of FILE's 'mcp' section (built on the official MCP SDK), scripted: tools/list
returns its declared tools, each tools/call gets the tool's next scripted answer (a CallToolResult,
a JSON-RPC error, a delay, or the server dying mid-call). NAME defaults to the only server declared.
--transport defaults to the server's own (stdio unless the scenario says http): stdio speaks on
stdin/stdout until stdin ends; http serves streamable HTTP on 127.0.0.1 only (--port 0, the
default, picks a free one), prints the endpoint URL, and stops on SIGINT or SIGTERM (exit 0).
--log appends each call as one JSON line ({"server","tool","n","arguments"}).`;

/** `correx mcp-server`: see mcpServerHelp. */
export async function mcpServerCommand(args: string[], io: CommandIo, stop?: AbortSignal): Promise<number> {
  const { values, positionals } = parseCommandArgs("mcp-server", args, {
    scenario: { type: "string" },
    server: { type: "string" },
    transport: { type: "string" },
    port: { type: "string", default: "0" },
    log: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    io.out(mcpServerHelp + "\n");
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`correx mcp-server: unexpected argument "${positionals[0]}"`);
  if (values.scenario === undefined) throw new UsageError("correx mcp-server: --scenario is required");
  const scenario = await loadScenario(String(values.scenario));
  const servers = scenario.mcp?.servers ?? {};
  const names = Object.keys(servers);
  if (names.length === 0) throw new UsageError(`correx mcp-server: ${values.scenario} declares no MCP server (no 'mcp' section)`);
  const name = values.server === undefined ? (names.length === 1 ? names[0] : undefined) : String(values.server);
  if (name === undefined) throw new UsageError(`correx mcp-server: ${values.scenario} declares several MCP servers; pick one with --server (${names.join(", ")})`);
  const server = servers[name];
  if (server === undefined) throw new UsageError(`correx mcp-server: no MCP server "${name}" in ${values.scenario}; declared: ${names.join(", ")}`);
  const transport = values.transport === undefined ? (server.transport ?? "stdio") : String(values.transport);
  if (transport !== "stdio" && transport !== "http") throw new UsageError(`correx mcp-server: unknown --transport "${transport}"; known: stdio, http`);
  const portText = String(values.port);
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) throw new UsageError(`correx mcp-server: --port must be an integer from 0 to 65535, found "${portText}"`);
  const log = values.log === undefined ? undefined : String(values.log);
  const onCall =
    log === undefined
      ? undefined
      : (call: { tool: string; arguments: unknown; n: number }) => appendFileSync(log, `${JSON.stringify({ server: name, tool: call.tool, n: call.n, arguments: call.arguments })}\n`);

  if (transport === "stdio") {
    await serveMcpStdio(server, { onCall });
    return 0;
  }
  const http = await serveMcpHttp(server, { port, onCall });
  io.out(`${http.url}\n`);
  await new Promise<void>((resolve) => {
    const done = () => {
      process.off("SIGINT", done);
      process.off("SIGTERM", done);
      resolve();
    };
    process.on("SIGINT", done);
    process.on("SIGTERM", done);
    void http.closed.then(done);
    if (stop?.aborted) done();
    stop?.addEventListener("abort", done, { once: true });
  });
  await http.close();
  return 0;
}
