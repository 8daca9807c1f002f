#!/usr/bin/env node
// Puts the scenario's MCP servers (CORREX_MCP_SERVERS, the servers.json `correx gate` writes: name →
// {type: "stdio", command, args} | {type: "http", url}, and timeoutMs when the scenario sets the
// agent's tool-call timeout) into one agent's own config:
//
//   node examples/agents/mcp-config.mjs opencode FILE   merges `mcp` into opencode.json (local/remote)
//   node examples/agents/mcp-config.mjs gemini FILE     merges `mcpServers` into .gemini/settings.json
//   node examples/agents/mcp-config.mjs codex FILE      appends [mcp_servers.NAME] tables to config.toml
//   node examples/agents/mcp-config.mjs claude FILE     writes FILE for `claude --mcp-config FILE`
//
// Does nothing (exit 0) when CORREX_MCP_SERVERS is not set: the scenario has no MCP server.
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";

const [format, file] = process.argv.slice(2);
const serversFile = process.env.CORREX_MCP_SERVERS;
if (!serversFile) process.exit(0);
if (!format || !file) {
  console.error("usage: mcp-config.mjs opencode|gemini|codex|claude FILE");
  process.exit(2);
}
const servers = JSON.parse(readFileSync(serversFile, "utf8"));
const entries = Object.entries(servers);
const mergeJson = (key, value) => {
  const config = JSON.parse(readFileSync(file, "utf8"));
  config[key] = { ...config[key], ...value };
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
};
const toml = (value) => JSON.stringify(value);
// The scenario's tool-call timeout, in each agent's own key: opencode `timeout` (ms), Gemini CLI
// `timeout` (ms), Claude Code `timeout` (ms, per server), Codex `tool_timeout_sec` (seconds).
const timeout = (s) => (s.timeoutMs === undefined ? {} : { timeout: s.timeoutMs });
switch (format) {
  case "opencode":
    mergeJson(
      "mcp",
      Object.fromEntries(
        entries.map(([name, s]) => [
          name,
          s.type === "stdio" ? { type: "local", command: [s.command, ...s.args], enabled: true, ...timeout(s) } : { type: "remote", url: s.url, enabled: true, ...timeout(s) },
        ]),
      ),
    );
    break;
  case "gemini":
    mergeJson("mcpServers", Object.fromEntries(entries.map(([name, s]) => [name, s.type === "stdio" ? { command: s.command, args: s.args, ...timeout(s) } : { httpUrl: s.url, ...timeout(s) }])));
    break;
  case "codex":
    appendFileSync(
      file,
      entries
        .map(
          ([name, s]) =>
            `\n[mcp_servers.${toml(name)}]\nrequired = true\n${s.timeoutMs === undefined ? "" : `tool_timeout_sec = ${(s.timeoutMs / 1000).toFixed(3)}\n`}${s.type === "stdio" ? `command = ${toml(s.command)}\nargs = [${s.args.map(toml).join(", ")}]` : `url = ${toml(s.url)}`}\n`,
        )
        .join(""),
    );
    break;
  case "claude":
    writeFileSync(
      file,
      `${JSON.stringify({ mcpServers: Object.fromEntries(entries.map(([name, s]) => [name, s.type === "stdio" ? { type: "stdio", command: s.command, args: s.args, ...timeout(s) } : { type: "http", url: s.url, ...timeout(s) }])) }, null, 2)}\n`,
    );
    break;
  default:
    console.error(`mcp-config.mjs: unknown agent "${format}"; known: opencode, gemini, codex, claude`);
    process.exit(2);
}
