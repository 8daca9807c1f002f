import { describe, expect, it } from "vitest";
import type { EnvironmentPort, PathFact } from "../../environment-port.js";
import { lookUpShell } from "./look-up-shell.js";

/** An environment whose file system holds only `files` (spec §2.8's look-up needs stat alone). */
function environmentWith(path: string, files: string[]): EnvironmentPort {
  return {
    workspace: "/ws",
    agentEnv: { PATH: path },
    stat: async (at: string): Promise<PathFact> => (files.includes(at) ? { kind: "file", symlink: false } : { kind: "missing", symlink: false }),
  } as unknown as EnvironmentPort;
}

describe("lookUpShell (spec §2.8: what Codex 0.171.0 runs for a shell it looks up)", () => {
  it("sh by any path or name is the first sh on the agent's PATH", async () => {
    const environment = environmentWith("relative:/usr/local/bin:/usr/bin:/bin", ["/usr/bin/sh", "/bin/sh"]);
    for (const shell of ["sh", "/bin/sh", "/opt/nothing/sh", "sh.exe", "/usr/bin/sh"]) expect(await lookUpShell({ cmd: "x", shell }, environment)).toBe("/usr/bin/sh");
    expect(await lookUpShell({ cmd: "x", shell: "sh" }, environmentWith("/bin:/usr/bin", ["/usr/bin/sh", "/bin/sh"]))).toBe("/bin/sh");
    expect(await lookUpShell({ cmd: "x", shell: "sh" }, environmentWith("/opt", []))).toBeUndefined();
  });

  it("zsh, PowerShell and cmd run the fallback /bin/sh when none is installed, and are left to the caller (unsupported) when one is", async () => {
    const bare = environmentWith("/usr/bin:/bin", ["/usr/bin/sh"]);
    for (const shell of ["zsh", "/usr/bin/zsh", "pwsh", "powershell", "cmd"]) expect(await lookUpShell({ cmd: "x", shell }, bare)).toBe("/bin/sh");
    expect(await lookUpShell({ cmd: "x", shell: "zsh" }, environmentWith("/usr/bin", ["/usr/bin/zsh"]))).toBeUndefined();
    expect(await lookUpShell({ cmd: "x", shell: "powershell" }, environmentWith("/usr/bin", ["/usr/bin/pwsh"]))).toBeUndefined();
    expect(await lookUpShell({ cmd: "x", shell: "/opt/z/zsh" }, environmentWith("/usr/bin", ["/opt/z/zsh"]))).toBeUndefined();
  });

  it("bash, names of no type and no shell need no look-up", async () => {
    const environment = environmentWith("/usr/bin", ["/usr/bin/sh"]);
    for (const input of [{ cmd: "x" }, { cmd: "x", shell: "bash" }, { cmd: "x", shell: "fish" }, { cmd: "x", shell: "" }]) expect(await lookUpShell(input, environment)).toBeUndefined();
  });
});
