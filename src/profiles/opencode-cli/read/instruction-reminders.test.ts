import { describe, expect, it } from "vitest";
import type { EnvironmentPort, PathFact } from "../../environment-port.js";
import { createMemoryOutputStore } from "../../memory-output-store.test-support.js";
import type { ToolCall } from "../../profile.js";
import { opencodeCli } from "../opencode-cli-profile.js";

/** A port over a file table (path → text or bytes; folders implied), the workspace /w. */
function stubEnvironment(files: Record<string, string | Uint8Array>, extra: Partial<EnvironmentPort> = {}): EnvironmentPort {
  const bytes = (value: string | Uint8Array) => (typeof value === "string" ? new TextEncoder().encode(value) : value);
  const isFolder = (path: string) => path === "/w" || Object.keys(files).some((file) => file.startsWith(`${path}/`));
  return {
    workspace: "/w",
    agentEnv: { HOME: "/agent-home" },
    stat: async (path): Promise<PathFact> => {
      if (files[path] !== undefined) return { kind: "file", symlink: false, size: bytes(files[path]).length, realPath: path };
      return isFolder(path) ? { kind: "directory", symlink: false, realPath: path } : { kind: "missing", symlink: false };
    },
    readFile: async (path) => (files[path] === undefined ? { failure: "ENOENT", message: "no such file" } : bytes(files[path])),
    listDirectory: async () => [],
    writeFile: async () => null,
    run: async () => ({ chunks: [], exitCode: 0, signal: null, timedOut: false }),
    fetch: async () => ({ failure: "refused", message: "no network" }),
    ...extra,
  };
}

/** Plays the turns (each a list of read inputs) through observe and format, as the gate's replay does; returns each call's text. */
async function play(environment: EnvironmentPort, turns: Record<string, unknown>[][]): Promise<string[]> {
  const texts: string[] = [];
  for (const [index, inputs] of turns.entries()) {
    const calls = inputs.map((input) => ({ tool: "read", input }));
    for (const [position, call] of calls.entries()) {
      const toolCall: ToolCall = { ...call, turn: { index, calls, position } };
      const observation = await opencodeCli.observe(toolCall, environment);
      const result = opencodeCli.format(
        { ...call, observation, options: { cwd: "/w" } },
        createMemoryOutputStore((n) => `/out/${n}`),
      ) as { output?: string; error?: string };
      texts.push(result.output ?? `error: ${result.error}`);
    }
  }
  return texts;
}

const text = (path: string, lines: string) => `<path>${path}</path>\n<type>file</type>\n<content>\n${lines}\n</content>`;
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));

// Expected texts: the binary's results in the probe of 2026-12-06 (anthropic-messages, fixtures/scenarios/opencode-instruction-files.yaml), [PROJECT] = /w.
describe("v1 read: instruction files below the workspace (spec §2.2 step 9; the 1.18.33 bundle's Instruction.resolve)", () => {
  it("every folder's file up to the root, nearest first, joined by a blank line; the root's own file never; each once a session", async () => {
    const environment = stubEnvironment({
      "/w/AGENTS.md": "Root rules: be brief.\n",
      "/w/pkg/AGENTS.md": "Package rules: use tabs.\n",
      "/w/pkg/index.ts": "export * from './lib/code';\n",
      "/w/pkg/lib/CLAUDE.md": "Lib rules: no globals.\n",
      "/w/pkg/lib/code.ts": "export const code = 42;\n",
    });
    expect(await play(environment, [[{ filePath: "pkg/lib/code.ts" }], [{ filePath: "pkg/index.ts" }], [{ filePath: "/w/pkg/lib/code.ts" }]])).toEqual([
      `${text("/w/pkg/lib/code.ts", "1: export const code = 42;\n\n(End of file - total 1 lines)")}\n\n<system-reminder>\nInstructions from: /w/pkg/lib/CLAUDE.md\nLib rules: no globals.\n\n\nInstructions from: /w/pkg/AGENTS.md\nPackage rules: use tabs.\n\n</system-reminder>`,
      text("/w/pkg/index.ts", "1: export * from './lib/code';\n\n(End of file - total 1 lines)"),
      text("/w/pkg/lib/code.ts", "1: export const code = 42;\n\n(End of file - total 1 lines)"),
    ]);
  });

  it("one name a folder: AGENTS.md before CLAUDE.md before CONTEXT.md; the file read is skipped, not its folder's parents", async () => {
    const environment = stubEnvironment({
      "/w/both/AGENTS.md": "Both agents.\n",
      "/w/both/CLAUDE.md": "Both claude.\n",
      "/w/nest/AGENTS.md": "Nest outer.\n",
      "/w/nest/in/AGENTS.md": "Nest inner.\n",
      "/w/other/CONTEXT.md": "Other context.\n",
      "/w/other/data.txt": "data\n",
    });
    expect(await play(environment, [[{ filePath: "both/CLAUDE.md" }], [{ filePath: "nest/in/AGENTS.md" }], [{ filePath: "other/data.txt" }]])).toEqual([
      `${text("/w/both/CLAUDE.md", "1: Both claude.\n\n(End of file - total 1 lines)")}\n\n<system-reminder>\nInstructions from: /w/both/AGENTS.md\nBoth agents.\n\n</system-reminder>`,
      `${text("/w/nest/in/AGENTS.md", "1: Nest inner.\n\n(End of file - total 1 lines)")}\n\n<system-reminder>\nInstructions from: /w/nest/AGENTS.md\nNest outer.\n\n</system-reminder>`,
      `${text("/w/other/data.txt", "1: data\n\n(End of file - total 1 lines)")}\n\n<system-reminder>\nInstructions from: /w/other/CONTEXT.md\nOther context.\n\n</system-reminder>`,
    ]);
  });

  it("after a page's footer; an image loads it unseen; a failed read loads nothing, so the next turn is reminded; an empty file never; a BOM dropped", async () => {
    const environment = stubEnvironment({
      "/w/off/AGENTS.md": "Offset rules.\n",
      "/w/off/long.txt": "1\n2\n3\n4\n5\n",
      "/w/img/AGENTS.md": "Image rules.\n",
      "/w/img/dot.png": PNG,
      "/w/img/t.txt": "t\n",
      "/w/bin/AGENTS.md": "Binary rules.\n",
      "/w/bin/data.bin": "zz\n",
      "/w/bin/t.txt": "t\n",
      "/w/empty/AGENTS.md": "",
      "/w/empty/x.txt": "x\n",
      "/w/crlf/AGENTS.md": "\uFEFFLine one\r\nLine two",
      "/w/crlf/x.txt": "x\n",
    });
    const turns = [
      [{ filePath: "off/long.txt", offset: 2, limit: 2 }],
      [{ filePath: "img/dot.png" }],
      [{ filePath: "img/t.txt" }],
      [{ filePath: "bin/data.bin" }],
      [{ filePath: "bin/t.txt" }],
      [{ filePath: "empty/x.txt" }],
      [{ filePath: "crlf/x.txt" }],
    ];
    expect(await play(environment, turns)).toEqual([
      `${text("/w/off/long.txt", "2: 2\n3: 3\n\n(Showing lines 2-3 of 5. Use offset=4 to continue.)")}\n\n<system-reminder>\nInstructions from: /w/off/AGENTS.md\nOffset rules.\n\n</system-reminder>`,
      "Image read successfully",
      text("/w/img/t.txt", "1: t\n\n(End of file - total 1 lines)"),
      "error: Cannot read binary file: /w/bin/data.bin",
      `${text("/w/bin/t.txt", "1: t\n\n(End of file - total 1 lines)")}\n\n<system-reminder>\nInstructions from: /w/bin/AGENTS.md\nBinary rules.\n\n</system-reminder>`,
      text("/w/empty/x.txt", "1: x\n\n(End of file - total 1 lines)"),
      `${text("/w/crlf/x.txt", "1: x\n\n(End of file - total 1 lines)")}\n\n<system-reminder>\nInstructions from: /w/crlf/AGENTS.md\nLine one\r\nLine two\n</system-reminder>`,
    ]);
  });

  it("two reads of one turn below the same file race for it (observed both orders): unsupported, naming the file; reads of other folders are not", async () => {
    const environment = stubEnvironment({ "/w/par/CONTEXT.md": "Par context.\n", "/w/par/a.txt": "a\n", "/w/par/b.txt": "b\n", "/w/q/AGENTS.md": "Q.\n", "/w/q/x.txt": "x\n" });
    const calls = [
      { tool: "read", input: { filePath: "par/a.txt" } },
      { tool: "read", input: { filePath: "par/b.txt" } },
      { tool: "read", input: { filePath: "q/x.txt" } },
    ];
    for (const position of [0, 1]) {
      await expect(opencodeCli.observe({ ...calls[position]!, turn: { index: 0, calls, position } }, environment)).rejects.toThrow(
        "opencode-cli: two reads of one turn below the instruction file /w/par/CONTEXT.md: the runtime runs them concurrently and the first to claim it gets the reminder (observed both orders), a race",
      );
    }
    expect(await opencodeCli.observe({ ...calls[2]!, turn: { index: 0, calls, position: 2 } }, environment)).toMatchObject({ instructions: [{ path: "/w/q/AGENTS.md", content: "Q.\n" }] });
  });

  it("a read that cannot show the file (binary) keeps its own result in a race; a later turn's read below the raced file is unsupported", async () => {
    const environment = stubEnvironment({ "/w/bin2/AGENTS.md": "Binary2 rules.\n", "/w/bin2/data.bin": "zz\n", "/w/bin2/t.txt": "t\n", "/w/bin2/u.txt": "u\n" });
    const calls = [
      { tool: "read", input: { filePath: "bin2/data.bin" } },
      { tool: "read", input: { filePath: "bin2/t.txt" } },
    ];
    expect(await opencodeCli.observe({ ...calls[0]!, turn: { index: 0, calls, position: 0 } }, environment)).not.toHaveProperty("instructions");
    await expect(opencodeCli.observe({ ...calls[1]!, turn: { index: 0, calls, position: 1 } }, environment)).rejects.toThrow(/two reads of one turn below the instruction file \/w\/bin2\/AGENTS\.md/);
    const later = { tool: "read", input: { filePath: "bin2/u.txt" } };
    await expect(opencodeCli.observe({ ...later, turn: { index: 1, calls: [later], position: 0 } }, environment)).rejects.toThrow(
      "opencode-cli: reads of an earlier turn raced for the instruction file /w/bin2/AGENTS.md; whether the one that claimed it completed (and so loaded it) is not known",
    );
  });

  it("a race marks every file both reads meet: a later read below the outer one is unsupported too; an empty file is no race", async () => {
    const environment = stubEnvironment({
      "/w/pkg/AGENTS.md": "Package rules.\n",
      "/w/pkg/lib/AGENTS.md": "Lib rules.\n",
      "/w/pkg/lib/x.ts": "x\n",
      "/w/pkg/lib/y.ts": "y\n",
      "/w/pkg/index.ts": "i\n",
      "/w/e/AGENTS.md": "",
      "/w/e/a.txt": "a\n",
      "/w/e/b.txt": "b\n",
    });
    const calls = [
      { tool: "read", input: { filePath: "pkg/lib/x.ts" } },
      { tool: "read", input: { filePath: "pkg/lib/y.ts" } },
    ];
    await expect(opencodeCli.observe({ ...calls[0]!, turn: { index: 0, calls, position: 0 } }, environment)).rejects.toThrow(/\/w\/pkg\/lib\/AGENTS\.md: the runtime runs them/);
    const later = { tool: "read", input: { filePath: "pkg/index.ts" } };
    await expect(opencodeCli.observe({ ...later, turn: { index: 1, calls: [later], position: 0 } }, environment)).rejects.toThrow(/earlier turn raced for the instruction file \/w\/pkg\/AGENTS\.md/);
    const empties = [
      { tool: "read", input: { filePath: "e/a.txt" } },
      { tool: "read", input: { filePath: "e/b.txt" } },
    ];
    expect(await opencodeCli.observe({ ...empties[1]!, turn: { index: 2, calls: empties, position: 1 } }, environment)).not.toHaveProperty("instructions");
  });

  it("a config with `instructions` and a switch dropping CLAUDE.md are unsupported, named; a read with no instruction file above it is untouched", async () => {
    const files = { "/w/sub/CLAUDE.md": "C.\n", "/w/sub/x.txt": "x\n", "/w/y.txt": "y\n" };
    const call = { tool: "read", input: { filePath: "sub/x.txt" } };
    await expect(opencodeCli.observe(call, stubEnvironment(files, { agentConfig: { instructions: ["docs/*.md"] } }))).rejects.toThrow(/the config's `instructions`/);
    await expect(opencodeCli.observe(call, stubEnvironment(files, { agentEnv: { OPENCODE_DISABLE_CLAUDE_CODE: "1" } }))).rejects.toThrow(/OPENCODE_DISABLE_CLAUDE_CODE/);
    expect(await opencodeCli.observe({ tool: "read", input: { filePath: "y.txt" } }, stubEnvironment(files, { agentConfig: { instructions: ["docs/*.md"] } }))).not.toHaveProperty("instructions");
  });
});
