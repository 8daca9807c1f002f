import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createNodeEnvironment } from "../../../environment/node-environment.js";
import { redactValue } from "../../../golden/redact.js";
import type { EnvironmentPort, FsFailure } from "../../environment-port.js";
import { createMemoryOutputStore } from "../../memory-output-store.test-support.js";
import { claudeCode } from "../claude-code-profile.js";
import { claudeRedactions } from "../claude-redactions.js";

/**
 * A run as user nobody (docs/spec/claude-code-2.1.332.md §12): the expected texts are the bytes
 * Claude Code 2.1.332 sent in gate scenario claude-permissions (fixtures/scenarios/, workspace
 * path redacted as [PROJECT] there, a plain folder here). The environment refuses what the
 * scenario's modes refuse nobody: EACCES for `secret.txt` (0000) and below `locked` (0000), and
 * for a new file in `rodir` (0555).
 */
const denied = (path: string): FsFailure => ({ failure: "EACCES", message: `EACCES: permission denied, open '${path}'` });

let root: string | undefined;
afterEach(() => {
  if (root !== undefined) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

function refusingEnvironment(): { environment: EnvironmentPort; ws: string } {
  root = mkdtempSync(join(tmpdir(), "correx-claude-eacces-"));
  const ws = join(root, "ws");
  const machine = createNodeEnvironment({ workspace: ws, agentEnv: {} });
  const below = (path: string, folder: string) => path.startsWith(`${ws}/${folder}/`);
  const environment: EnvironmentPort = {
    ...machine,
    workspace: ws,
    stat: async (path) => (below(path, "locked") ? { kind: "missing", failure: "EACCES" } : path === `${ws}/secret.txt` ? { kind: "file", size: 2 } : machine.stat(path)),
    readFile: async (path) => (path === `${ws}/secret.txt` || below(path, "locked") ? denied(path) : machine.readFile(path)),
    writeFile: async (path, bytes, options) => (below(path, "rodir") || path === `${ws}/secret.txt` ? denied(path) : machine.writeFile(path, bytes, options)),
  } as EnvironmentPort;
  return { environment, ws };
}

async function result(environment: EnvironmentPort, tool: string, input: Record<string, unknown>): Promise<unknown> {
  const observation = await claudeCode.observe({ tool, input }, environment);
  return redactValue(claudeCode.format({ tool, input, observation }, createMemoryOutputStore()), claudeRedactions);
}

describe("claude-code run as another user: what the system refuses it (spec §12)", () => {
  it("Read of a file it may not read, and below a folder it may not search: `open`, a plain error (§4.3)", async () => {
    const { environment, ws } = refusingEnvironment();
    expect(await result(environment, "Read", { file_path: `${ws}/secret.txt` })).toEqual({ content: `EACCES: permission denied, open '${ws}/secret.txt'`, is_error: true });
    expect(await result(environment, "Read", { file_path: `${ws}/locked/inside.txt` })).toEqual({ content: `EACCES: permission denied, open '${ws}/locked/inside.txt'`, is_error: true });
  });

  it("Edit of a file it may not read: the read in its checks, as a tool_use_error (§5.2)", async () => {
    const { environment, ws } = refusingEnvironment();
    expect(await result(environment, "Edit", { file_path: `${ws}/secret.txt`, old_string: "s", new_string: "t" })).toEqual({
      content: `<tool_use_error>Error calling tool (Edit): EACCES: permission denied, open '${ws}/secret.txt'</tool_use_error>`,
      is_error: true,
    });
    // Not observed: which refusal comes first when the edit would be refused anyway.
    await expect(result(environment, "Edit", { file_path: `${ws}/secret.txt`, old_string: "s", new_string: "s" })).rejects.toThrow(/§12/);
    await expect(result(environment, "Edit", { file_path: `${ws}/locked/inside.txt`, old_string: "i", new_string: "o" })).rejects.toThrow(/may not search/);
  });

  it("Write over a file it may not read, below a folder it may not search, and new in a folder it may not write (§6.1)", async () => {
    const { environment, ws } = refusingEnvironment();
    expect(await result(environment, "Write", { file_path: `${ws}/secret.txt`, content: "x\n" })).toEqual({ content: `EACCES: permission denied, open '${ws}/secret.txt'`, is_error: true });
    expect(await result(environment, "Write", { file_path: `${ws}/locked/new.txt`, content: "x\n" })).toEqual({
      content: `<tool_use_error>Error calling tool (Write): EACCES: permission denied, stat '${ws}/locked/new.txt'</tool_use_error>`,
      is_error: true,
    });
    mkdirSync(`${ws}/rodir`, { recursive: true });
    expect(await result(environment, "Write", { file_path: `${ws}/rodir/new.txt`, content: "new\n" })).toEqual({
      content: `EACCES: permission denied, open '${ws}/rodir/new.txt.tmp.[PID].[RANDOM]'`,
      is_error: true,
    });
    // Edit creating a file there (empty old_string): the same temp file refused (captured: rodir/made.txt.tmp.[PID].[RANDOM]).
    expect(await result(environment, "Edit", { file_path: `${ws}/rodir/made.txt`, old_string: "", new_string: "m" })).toEqual({
      content: `EACCES: permission denied, open '${ws}/rodir/made.txt.tmp.[PID].[RANDOM]'`,
      is_error: true,
    });
    // Below a missing folder there: the binary's mkdir is refused (captured: `EACCES: permission denied, mkdir '…/rodir/sub'`), not modelled.
    await expect(result(environment, "Write", { file_path: `${ws}/rodir/sub/new.txt`, content: "w\n" })).rejects.toThrow(/§12\.1/);
  });

  it("the binary's temp file name is redacted: its pid and six random bytes (captured: new.txt.tmp.14649.f729d6083d76)", () => {
    expect(redactValue("EACCES: permission denied, open '/w/rodir/new.txt.tmp.14649.f729d6083d76'", claudeRedactions)).toBe("EACCES: permission denied, open '/w/rodir/new.txt.tmp.[PID].[RANDOM]'");
  });
});
