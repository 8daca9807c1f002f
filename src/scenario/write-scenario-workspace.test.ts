import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeTempDir } from "../../test/temp-dirs.js";
import type { Scenario } from "./scenario.js";
import { writeScenarioWorkspace } from "./write-scenario-workspace.js";

describe("writeScenarioWorkspace", () => {
  it("writes inline, base64, repeated and generated files and empty directories", async () => {
    const directory = makeTempDir("correx-workspace-");
    await writeScenarioWorkspace(
      {
        name: "w",
        spec: "§2.2",
        prompt: "p",
        turns: [{ text: "Done." }],
        workspace: {
          files: { "a.txt": "one\n", "bin/x.dat": { base64: "AAEC" }, "lines.txt": { repeat: "line {n}\n", count: 3, prefix: "<", suffix: ">" } },
          directories: ["empty/inner"],
          generated: [{ path: "many/f-{n}.txt", count: 3, content: "file {n}\n" }],
        },
      },
      directory,
    );
    expect(readFileSync(join(directory, "a.txt"), "utf8")).toBe("one\n");
    expect([...readFileSync(join(directory, "bin/x.dat"))]).toEqual([0, 1, 2]);
    expect(readFileSync(join(directory, "lines.txt"), "utf8")).toBe("<line 1\nline 2\nline 3\n>");
    expect(statSync(join(directory, "empty/inner")).isDirectory()).toBe(true);
    expect(readdirSync(join(directory, "many")).sort()).toEqual(["f-1.txt", "f-2.txt", "f-3.txt"]);
    expect(readFileSync(join(directory, "many/f-2.txt"), "utf8")).toBe("file 2\n");
  });

  it("sets file modes last, so a read-only directory still gets its files; a path it does not hold is the scenario's fault", async () => {
    const directory = makeTempDir("correx-workspace-");
    const scenario: Scenario = { name: "m", spec: "§2.2", prompt: "p", turns: [{ text: "Done." }] };
    await writeScenarioWorkspace({ ...scenario, workspace: { files: { "run.sh": "echo\n", "ro/f.txt": "f\n" }, modes: { "run.sh": "0755", "ro/f.txt": "600", ro: "0555" } } }, directory);
    expect(statSync(join(directory, "run.sh")).mode & 0o777).toBe(0o755);
    expect(statSync(join(directory, "ro/f.txt")).mode & 0o777).toBe(0o600);
    expect(statSync(join(directory, "ro")).mode & 0o777).toBe(0o555);
    await expect(writeScenarioWorkspace({ ...scenario, workspace: { modes: { "nope.txt": "0644" } } }, makeTempDir("correx-workspace-"))).rejects.toThrow('workspace path "nope.txt": ENOENT');
  });

  it.skipIf(process.getuid?.() !== 0)("gives the workspace to an owner (agent.user) before its modes, which it keeps", async () => {
    const directory = makeTempDir("correx-workspace-");
    const scenario: Scenario = { name: "o", spec: "§2.2", prompt: "p", turns: [{ text: "Done." }] };
    await writeScenarioWorkspace({ ...scenario, workspace: { files: { "secret.txt": "s\n", "locked/f": "f\n" }, modes: { "secret.txt": "0000", locked: "0000" } } }, directory, undefined, {
      uid: 65534,
      gid: 65534,
    });
    for (const path of ["", "secret.txt", "locked", "locked/f"]) expect([statSync(join(directory, path)).uid, statSync(join(directory, path)).gid]).toEqual([65534, 65534]);
    expect(statSync(join(directory, "secret.txt")).mode & 0o777).toBe(0);
    expect(statSync(join(directory, "locked")).mode & 0o777).toBe(0);
  });
});
