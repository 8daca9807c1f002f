import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./e2e/run-cli.js";
import { makeTempDir } from "./temp-dirs.js";

/** examples/agents/mcp-config.mjs: a scenario server's timeoutMs becomes each agent's own tool-call timeout key. */
describe("examples/agents/mcp-config.mjs, a server's timeoutMs", () => {
  const dir = makeTempDir("correx-mcp-config-");
  const servers = join(dir, "servers.json");
  writeFileSync(servers, JSON.stringify({ docs: { type: "stdio", command: "node", args: ["s.js"], timeoutMs: 2000 }, web: { type: "http", url: "http://127.0.0.1:1/mcp" } }));
  const run = (format: string, file: string) =>
    execFileSync(process.execPath, [join(repoRoot, "examples/agents/mcp-config.mjs"), format, file], { env: { ...process.env, CORREX_MCP_SERVERS: servers } });

  it("writes opencode's, Gemini CLI's and Claude Code's `timeout` (ms) and Codex's tool_timeout_sec (s), only where set", () => {
    const opencode = join(dir, "opencode.json");
    writeFileSync(opencode, "{}");
    run("opencode", opencode);
    expect(JSON.parse(readFileSync(opencode, "utf8")).mcp).toEqual({
      docs: { type: "local", command: ["node", "s.js"], enabled: true, timeout: 2000 },
      web: { type: "remote", url: "http://127.0.0.1:1/mcp", enabled: true },
    });
    const gemini = join(dir, "settings.json");
    writeFileSync(gemini, "{}");
    run("gemini", gemini);
    expect(JSON.parse(readFileSync(gemini, "utf8")).mcpServers).toEqual({ docs: { command: "node", args: ["s.js"], timeout: 2000 }, web: { httpUrl: "http://127.0.0.1:1/mcp" } });
    const claude = join(dir, "claude-mcp.json");
    run("claude", claude);
    expect(JSON.parse(readFileSync(claude, "utf8")).mcpServers).toEqual({
      docs: { type: "stdio", command: "node", args: ["s.js"], timeout: 2000 },
      web: { type: "http", url: "http://127.0.0.1:1/mcp" },
    });
    const codex = join(dir, "config.toml");
    writeFileSync(codex, "");
    run("codex", codex);
    expect(readFileSync(codex, "utf8")).toBe(
      '\n[mcp_servers."docs"]\nrequired = true\ntool_timeout_sec = 2.000\ncommand = "node"\nargs = ["s.js"]\n\n[mcp_servers."web"]\nrequired = true\nurl = "http://127.0.0.1:1/mcp"\n',
    );
  });
});
