import { describe, expect, it } from "vitest";
import { createMemoryOutputStore } from "../../memory-output-store.test-support.js";
import { geminiCli } from "../gemini-cli-profile.js";

describe("gemini-cli glob order (docs/spec/gemini-cli-0.61.0.md §7.4)", () => {
  it("laid-out files take the agent's order; a file the session wrote keeps its newer time; the texts stay the profile's", () => {
    const now = 1_000_000_000;
    const observation = {
      searchDir: "/ws",
      kind: "searched",
      now,
      gitRepository: false,
      geminiIgnore: [],
      files: [
        { path: "/ws/a.js", mtimeMs: now - 30, layout: true },
        { path: "/ws/b.js", mtimeMs: now - 20, layout: true },
        { path: "/ws/new.js", mtimeMs: now - 1 },
      ],
    };
    const agentText = 'Found 3 file(s) matching "*.js" within /ws, sorted by modification time (newest first):\n/ws/new.js\n/ws/a.js\n/ws/b.js';
    const call = { tool: "glob", input: { pattern: "*.js" } };
    const adopted = geminiCli.adoptAgentOrder!(call, observation, agentText);
    const result = geminiCli.format({ ...call, observation: adopted, options: { cwd: "/ws" } }, createMemoryOutputStore()) as { response: { output: string } };
    expect(result.response.output).toBe(agentText);
    const own = geminiCli.format({ ...call, observation, options: { cwd: "/ws" } }, createMemoryOutputStore()) as { response: { output: string } };
    expect(own.response.output.split("\n").slice(1)).toEqual(["/ws/new.js", "/ws/b.js", "/ws/a.js"]);
  });
});
