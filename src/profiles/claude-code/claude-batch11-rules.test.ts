import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createNodeEnvironment } from "../../environment/node-environment.js";
import type { EnvironmentPort } from "../environment-port.js";
import { createMemoryOutputStore } from "../memory-output-store.test-support.js";
import { claudeCode } from "./claude-code-profile.js";

/**
 * The rules unseen batch 11 found (docs/reviews/unseen-batch11/claude/REPORT.md and its probes):
 * the expected texts are what Claude Code 2.1.332 sent there (spec §3.1, §4.1, §5.1, §5.4, §7.4).
 */
let root: string | undefined;
afterEach(() => {
  if (root !== undefined) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

function workspace(files: Record<string, string>): { environment: EnvironmentPort; ws: string } {
  root = mkdtempSync(join(tmpdir(), "correx-claude-b11-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
  return { environment: createNodeEnvironment({ workspace: root, agentEnv: { PATH: process.env.PATH ?? "/usr/bin:/bin" } }), ws: root };
}

async function content(environment: EnvironmentPort, tool: string, input: Record<string, unknown>): Promise<unknown> {
  const observation = await claudeCode.observe({ tool, input }, environment);
  return (claudeCode.format({ tool, input, observation }, createMemoryOutputStore()) as { content: unknown }).content;
}

const STATE_NOTE = " (file state is current in your context — no need to Read it back)";

describe("claude-code rules of unseen batch 11", () => {
  it("§3.1: a command that opens /dev/stdout, /dev/stderr or /dev/fd/N anew writes to its output file (truncating it), not a pipe", async () => {
    const { environment } = workspace({});
    expect(await content(environment, "Bash", { command: "echo to-stderr > /dev/stderr" })).toBe("to-stderr");
    expect(await content(environment, "Bash", { command: "echo to-stdout > /dev/stdout; echo after" })).toBe("to-stdout\nafter");
    expect(await content(environment, "Bash", { command: "echo to-fd2 > /dev/fd/2; echo to-fd1 >> /dev/fd/1" })).toBe("to-fd2\nto-fd1");
    expect(await content(environment, "Bash", { command: "printf 'warn\\n' | tee /dev/stderr" })).toBe("warn");
  });

  it("§3.1: the eval stands on the shell's first line, so a syntax error is numbered from 1 (spec's `if then fi`; batch 11's `case x in`)", async () => {
    const { environment } = workspace({});
    expect(await content(environment, "Bash", { command: "if then fi" })).toBe(
      "Exit code 2\n/bin/bash: eval: line 1: syntax error near unexpected token `then'\n/bin/bash: eval: line 1: `if then fi'",
    );
    expect(String(await content(environment, "Bash", { command: "case x in" }))).toMatch(/^Exit code 2\n\/bin\/bash: eval: line 2: syntax error: unexpected end of file/);
  });

  it("§4.1: each line loses up to two CRs at its end", async () => {
    const { environment, ws } = workspace({ "t.txt": "a\rb\nc\r\r\nd", "u.txt": "a\r\r\r\r\nb\r\r\r", "v.txt": "\r\r\r\r", "w.txt": "p\nq \r\r\n" });
    expect(await content(environment, "Read", { file_path: `${ws}/t.txt` })).toBe("1\ta\rb\n2\tc\n3\td");
    expect(await content(environment, "Read", { file_path: `${ws}/u.txt` })).toBe("1\ta\r\r\n2\tb\r");
    expect(await content(environment, "Read", { file_path: `${ws}/v.txt` })).toBe("1\t\r\r");
    expect(await content(environment, "Read", { file_path: `${ws}/w.txt`, offset: 2, limit: 1 })).toBe("2\tq ");
  });

  it("§5.1, §5.4: an Edit of a file never read carries no file-state note, a second neither; the note a change then draws puts it in context", async () => {
    const { environment, ws } = workspace({ "v.txt": "v1\nkeep\n" });
    const edit = (from: string, to: string) => content(environment, "Edit", { file_path: `${ws}/v.txt`, old_string: from, new_string: to });
    expect(await edit("v1", "v2")).toBe(`The file ${ws}/v.txt has been updated successfully.`);
    expect(await edit("v2", "v3")).toBe(`The file ${ws}/v.txt has been updated successfully.`);
    const observation = (await claudeCode.observe({ tool: "Bash", input: { command: "sleep 1; printf 'v4\\nkeep\\n' > v.txt" } }, environment)) as Record<string, unknown>;
    expect(observation.changedWrittenFiles).toEqual([{ path: `${ws}/v.txt`, before: "v3\nkeep\n", after: "v4\nkeep\n" }]);
    expect(await edit("v4", "v5")).toBe(`The file ${ws}/v.txt has been updated successfully.${STATE_NOTE}`);
  });

  it("§5.4: after a note that withholds the changes (a name marking secrets) an Edit carries no file-state note", async () => {
    const { environment, ws } = workspace({});
    await content(environment, "Write", { file_path: `${ws}/x.env`, content: "A=1\n" });
    await claudeCode.observe({ tool: "Bash", input: { command: "sleep 1; echo A=2 > x.env" } }, environment);
    expect(await content(environment, "Edit", { file_path: `${ws}/x.env`, old_string: "A=2", new_string: "A=3" })).toBe(`The file ${ws}/x.env has been updated successfully.`);
  });

  it("§7.4: a notebook read in part counts as read, and NotebookEdit then edits the cell (probe: `Updated cell m1 with FIRST`)", async () => {
    const notebook = JSON.stringify({ cells: [{ cell_type: "code", id: "m1", metadata: {}, source: ["x = 1"], outputs: [], execution_count: null }], metadata: {}, nbformat: 4, nbformat_minor: 5 });
    const { environment, ws } = workspace({ "one.ipynb": notebook, "two.ipynb": notebook });
    await claudeCode.observe({ tool: "Read", input: { file_path: `${ws}/one.ipynb`, offset: 2, limit: 1 } }, environment);
    expect(await content(environment, "NotebookEdit", { notebook_path: `${ws}/one.ipynb`, cell_id: "m1", new_source: "FIRST" })).toBe("Updated cell m1 with FIRST");
    expect(await content(environment, "NotebookEdit", { notebook_path: `${ws}/two.ipynb`, cell_id: "m1", new_source: "SECOND" })).toBe(
      "<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>",
    );
  });
});
