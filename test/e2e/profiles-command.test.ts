import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { listProfiles } from "../../src/profiles/profile-registry.js";
import { repoRoot, runCli } from "./run-cli.js";

interface Summary {
  id: string;
  version: string;
  verified: { from: string; to: string };
  protocols: string[];
  result: string | null;
  tools: { name: string; status: string; reason?: string }[];
}

const json = (): Summary[] =>
  runCli(["profiles", "--reporter", "json"])
    .stdout.split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Summary);

describe("correx profiles", () => {
  it("lists every registered profile, every tool of each with its status (json, one object a line)", () => {
    const summaries = json();
    expect(summaries.map((summary) => summary.id)).toEqual(listProfiles().map((profile) => profile.id));
    for (const profile of listProfiles()) {
      const summary = summaries.find((entry) => entry.id === profile.id)!;
      expect(summary.tools.map((tool) => `${tool.name}:${tool.status}`)).toEqual(profile.tools.map((tool) => `${tool.name}:${tool.status}`));
      expect(summary.tools.filter((tool) => tool.status === "unsupported" && !tool.reason)).toEqual([]);
      expect(summary.protocols.length).toBeGreaterThan(0);
    }
  });

  it("says what the spec of each agent says it models (spot checks against the specs)", () => {
    const byId = Object.fromEntries(json().map((summary) => [summary.id, summary]));
    const status = (id: string, tool: string) => byId[id]!.tools.find((entry) => entry.name === tool);
    // docs/spec/codex-cli-0.171.0.md §7: web_search is declared, not modelled; apply_patch is (§4).
    expect(status("codex-cli", "web_search")).toEqual({ name: "web_search", status: "unsupported", reason: expect.stringContaining("codex-cli-0.171.0.md §7") });
    expect(status("codex-cli", "apply_patch")?.status).toBe("modelled");
    // docs/spec/gemini-cli-0.61.0.md §7: grep_search and glob are modelled; §16.4: google_web_search, activate_skill and invoke_agent too (from the fake's subagent scripts and the workspace).
    expect([status("gemini-cli", "grep_search")?.status, status("gemini-cli", "glob")?.status]).toEqual(["modelled", "modelled"]);
    expect(["google_web_search", "activate_skill", "invoke_agent"].map((tool) => status("gemini-cli", tool)?.status)).toEqual(["modelled", "modelled", "modelled"]);
    // docs/spec/claude-code-2.1.332.md §3–§7 and §11: the harness tools on their pinned branches; §11.1, §11.3, §11.4, §11.6: Agent, Skill, CronCreate, Monitor, WebSearch not.
    expect(byId["claude-code"]!.tools.filter((tool) => tool.status === "modelled").map((tool) => tool.name)).toEqual([
      "Bash",
      "Edit",
      "ListAgents",
      "Read",
      "ReportFindings",
      "ScheduleWakeup",
      "ToolSearch",
      "Workflow",
      "Write",
      "CronDelete",
      "CronList",
      "EnterWorktree",
      "ExitWorktree",
      "NotebookEdit",
      "SendMessage",
      "TaskStop",
      "WebFetch",
    ]);
    expect(status("claude-code", "Agent")).toEqual({ name: "Agent", status: "unsupported", reason: expect.stringContaining("claude-code-2.1.332.md §11.1") });
    expect(byId["claude-code"]!.verified).toEqual({ from: "2.1.331", to: "2.1.332" });
    expect(byId["codex-cli"]!.protocols).toEqual(["openai-responses"]);
    expect(byId["opencode-cli"]!.verified).toEqual({ from: "1.18.20", to: "1.18.33" });
  });

  it("prints a profile with every tool line in the pretty report, and refuses an unknown one (exit 2)", () => {
    const run = runCli(["profiles", "gemini-cli"]);
    expect(run.code).toBe(0);
    expect(run.stdout.startsWith("gemini-cli: Google Gemini CLI (`gemini -p`) 0.61.0 (npm @google/gemini-cli)\n")).toBe(true);
    for (const tool of listProfiles().find((profile) => profile.id === "gemini-cli")!.tools) expect(run.stdout).toMatch(new RegExp(`\\n    ${tool.name} +${tool.status}`));
    const unknown = runCli(["profiles", "aider"]);
    expect([unknown.code, unknown.stdout, unknown.stderr]).toEqual([2, "", 'correx profiles: unknown profile "aider"; known: opencode-core, opencode-cli, codex-cli, gemini-cli, claude-code\n']);
  });

  it("the README's profile table is this command's --reporter table output", () => {
    const readme = readFileSync(`${repoRoot}/README.md`, "utf8");
    const shown = readme.slice(readme.indexOf("<!-- profiles-table:start -->\n") + "<!-- profiles-table:start -->\n".length, readme.indexOf("<!-- profiles-table:end -->"));
    expect(shown).toBe(runCli(["profiles", "--reporter", "table"]).stdout);
  });
});
