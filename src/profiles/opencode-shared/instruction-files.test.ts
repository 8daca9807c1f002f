import { describe, expect, it } from "vitest";
import type { EnvironmentPort, PathFact } from "../environment-port.js";
import { refuseNestedInstructions } from "./instruction-files.js";

function stubEnvironment(files: string[], agentConfig?: unknown): EnvironmentPort {
  return {
    workspace: "/w",
    agentEnv: {},
    agentConfig,
    stat: async (path): Promise<PathFact> => (files.includes(path) ? { kind: "file", symlink: false, realPath: path, size: 1 } : { kind: "missing", symlink: false }),
    readFile: async () => ({ failure: "EIO", message: "no reads here" }),
    listDirectory: async () => [],
    writeFile: async () => null,
    run: async () => ({ chunks: [], exitCode: 0, signal: null, timedOut: false }),
    fetch: async () => ({ failure: "refused", message: "no network" }),
  };
}

describe("instruction files below the workspace root (spec §2.2 instruction files; probe probe-nested-agents)", () => {
  it("a read below a folder holding AGENTS.md (v1 also CLAUDE.md, CONTEXT.md) is unsupported, naming the file", async () => {
    await expect(refuseNestedInstructions("v1", stubEnvironment(["/w/sub/AGENTS.md"]), "/w/sub/deep/x.txt")).rejects.toThrow(/\/w\/sub\/AGENTS\.md is an instruction file/);
    await expect(refuseNestedInstructions("v1", stubEnvironment(["/w/sub/CONTEXT.md"]), "/w/sub/x.txt")).rejects.toThrow(/CONTEXT\.md/);
    await expect(refuseNestedInstructions("v2", stubEnvironment(["/w/sub/CLAUDE.md"]), "/w/sub/x.txt")).resolves.toBeUndefined();
  });

  it("the root's own files (in the system prompt) and reads outside the workspace are not refused", async () => {
    await expect(refuseNestedInstructions("v1", stubEnvironment(["/w/AGENTS.md"]), "/w/sub/x.txt")).resolves.toBeUndefined();
    await expect(refuseNestedInstructions("v1", stubEnvironment(["/o/AGENTS.md"]), "/o/x.txt")).resolves.toBeUndefined();
  });

  it("the config's instructions are unsupported, named", async () => {
    await expect(refuseNestedInstructions("v1", stubEnvironment([], { instructions: ["docs/x.md"] }), "/w/a.txt")).rejects.toThrow(/`instructions`/);
  });
});
