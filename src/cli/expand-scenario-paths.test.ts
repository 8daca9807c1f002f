import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeTempDir } from "../../test/temp-dirs.js";
import { expandScenarioPaths } from "./expand-scenario-paths.js";
import { missingAgentProgram, missingScript, missingShellCommand, plainShellWords, resolveAgentCommand } from "./resolve-agent-command.js";

const dir = makeTempDir("correx-scenario-paths-");
for (const file of ["s/bash-a.yaml", "s/bash-b.yaml", "s/read-a.yaml", "s/notes.txt", "s/deep/bash-c.yaml", "empty/.keep", "agent.mjs", "bin/run"]) {
  mkdirSync(join(dir, file, ".."), { recursive: true });
  writeFileSync(join(dir, file), "");
}

describe("expandScenarioPaths", () => {
  it("keeps a file, lists a folder's *.yaml (sorted, not recursing), expands a quoted glob (** at any depth), once each", () => {
    expect(expandScenarioPaths(["s/read-a.yaml"], dir)).toEqual(["s/read-a.yaml"]);
    expect(expandScenarioPaths(["s"], dir)).toEqual(["s/bash-a.yaml", "s/bash-b.yaml", "s/read-a.yaml"]);
    expect(expandScenarioPaths(["s/bash-*.yaml"], dir)).toEqual(["s/bash-a.yaml", "s/bash-b.yaml"]);
    expect(expandScenarioPaths(["s/**/bash-*.yaml"], dir)).toEqual(["s/bash-a.yaml", "s/bash-b.yaml", "s/deep/bash-c.yaml"]);
    expect(expandScenarioPaths(["s/read-a.yaml", "s/*-a.yaml"], dir)).toEqual(["s/read-a.yaml", "s/bash-a.yaml"]);
  });

  it("a pattern matching nothing, or a folder without scenarios, is a usage error naming it", () => {
    expect(() => expandScenarioPaths(["s/grep-*.yaml"], dir)).toThrow(`correx gate: --scenario s/grep-*.yaml matches no file (looked under ${dir}/s)`);
    expect(() => expandScenarioPaths(["empty"], dir)).toThrow("correx gate: --scenario empty is a folder without scenario files (*.yaml)");
  });
});

describe("expandScenarioPaths: links", () => {
  it("a glob matches a link as the file it names, and keeps one that names nothing so that loading it says so (both were skipped without a word); a linked folder is not walked", () => {
    const root = makeTempDir("correx-scenario-links-");
    mkdirSync(join(root, "s"));
    writeFileSync(join(root, "real.yaml"), "");
    symlinkSync(join(root, "real.yaml"), join(root, "s/linked.yaml"));
    symlinkSync(join(root, "nowhere.yaml"), join(root, "s/dangling.yaml"));
    symlinkSync(root, join(root, "s/loop"));
    expect(expandScenarioPaths(["s/**/*.yaml"], root)).toEqual(["s/dangling.yaml", "s/linked.yaml"]);
    expect(expandScenarioPaths(["s"], root)).toEqual(["s/dangling.yaml", "s/linked.yaml"]);
  });
});

describe("resolveAgentCommand", () => {
  it("makes arguments naming an existing file absolute (the program only with a /), leaves the rest as typed", () => {
    expect(resolveAgentCommand(["node", "agent.mjs", "--debug", "{{prompt}}", "missing.mjs", "s", "-x"], dir)).toEqual(["node", `${dir}/agent.mjs`, "--debug", "{{prompt}}", "missing.mjs", "s", "-x"]);
    expect(resolveAgentCommand(["bin/run", "/abs/path"], dir)).toEqual([`${dir}/bin/run`, "/abs/path"]);
    expect(resolveAgentCommand(["agent.mjs"], dir)).toEqual(["agent.mjs"]);
  });
});

describe("missingAgentProgram", () => {
  it("finds a path that is a file and a bare name on PATH; names what is missing; leaves placeholders to the run", () => {
    const dir = makeTempDir("correx-agent-program-");
    writeFileSync(join(dir, "agent"), "#!/bin/sh\n", { mode: 0o755 });
    expect(missingAgentProgram([join(dir, "agent")])).toBeNull();
    expect(missingAgentProgram(["agent", "x"], `/nowhere:${dir}`)).toBeNull();
    expect(missingAgentProgram([join(dir, "gone")])).toBe(`agent command not found: "${dir}/gone" is not a file`);
    expect(missingAgentProgram([dir])).toBe(`agent command not found: "${dir}" is not a file`);
    expect(missingAgentProgram(["agent"], "/nowhere")).toBe('agent command not found: "agent" is not on PATH');
    expect(missingAgentProgram(["{{agent}}"], "")).toBeNull();
  });
});

describe("missingScript and plainShellWords", () => {
  it("checks an interpreter's script argument only: inline code, modules, placeholders and plain words are left to the run", () => {
    const dir = makeTempDir("correx-agent-script-");
    writeFileSync(join(dir, "agent.mjs"), "");
    expect(missingScript(["node", "--debug", "agent.mjs"], dir)).toBeNull();
    expect(missingScript(["/usr/bin/node", "gone.mjs"], dir)).toBe(`"gone.mjs" is not a file (relative paths are from where correx runs, ${dir})`);
    expect(missingScript(["python3", "sub/gone.py", "x"], dir)).toBe(`"sub/gone.py" is not a file (relative paths are from where correx runs, ${dir})`);
    expect(missingScript(["node", "-e", "gone.mjs"], dir)).toBeNull();
    expect(missingScript(["python3", "-m", "pkg/gone.py"], dir)).toBeNull();
    expect(missingScript(["sh", "-c", "gone.sh"], dir)).toBeNull();
    expect(missingScript(["node", "{{workspace}}/gone.mjs"], dir)).toBeNull();
    expect(missingScript(["node", "server"], dir)).toBeNull();
    expect(missingScript(["./agent", "gone.mjs"], dir)).toBeNull();
    expect(plainShellWords("  node  a.mjs --x ")).toEqual(["node", "a.mjs", "--x"]);
    for (const shell of ["node $X", "a | b", "A=1 node x", "node 'a b'", "cd x && y", "node ~/a.mjs"]) expect(plainShellWords(shell), shell).toBeNull();
  });
});

describe("missingShellCommand", () => {
  it("checks a cmd: line of plain words like an agent command; builtins and shell syntax are left to the run", () => {
    const dir = makeTempDir("correx-shell-command-");
    expect(missingShellCommand("correx-no-such-program x", dir, "/nowhere")).toBe('command not found: "correx-no-such-program" is not on PATH');
    expect(missingShellCommand("node gone.mjs", dir)).toBe(`script not found: "gone.mjs" is not a file (relative paths are from where correx runs, ${dir})`);
    expect(missingShellCommand("node gone.mjs", dir)).toBe(`script not found: ${missingScript(["node", "gone.mjs"], dir)}`);
    expect(missingShellCommand("exec correx-no-such-program", dir, "/nowhere")).toBeNull();
    expect(missingShellCommand("false", dir, "/nowhere")).toBeNull();
    expect(missingShellCommand("$AGENT run", dir, "/nowhere")).toBeNull();
    expect(missingShellCommand("tee log | node gone.mjs", dir)).toBeNull();
  });
});
