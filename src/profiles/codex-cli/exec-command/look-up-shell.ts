import type { EnvironmentPort } from "../../environment-port.js";
import { FALLBACK_SHELL, shellType } from "./exec-policy.js";

/** The program names Codex looks for per shell type it cannot take as given. @see spec §2.8 */
const NAMES: Record<"sh" | "zsh" | "powershell" | "cmd", readonly string[]> = { sh: ["sh"], zsh: ["zsh"], powershell: ["pwsh", "powershell"], cmd: ["cmd"] };

/**
 * What Codex runs for a model-given `shell` whose program it looks up (types sh, zsh, PowerShell,
 * cmd), from what is on the agent's PATH:
 * - sh: the first `sh` on the agent's PATH, whatever path was given (`sh`, `/bin/sh`,
 *   `/opt/nothing/sh`, `sh.exe` and `/usr/bin/sh` all ran `/usr/bin/sh`, the first on PATH here,
 *   and the rm -f refusal named it); none on PATH: undefined (not modelled);
 * - zsh, PowerShell (`pwsh`, `powershell`) and cmd: none installed (no such name on PATH, and no
 *   file at the given path) — Codex's fallback `/bin/sh`, as observed; installed: undefined (not
 *   modelled: which one Codex picks was not observed).
 * Undefined also for other inputs (execShell decides them without a look-up). The entries of PATH
 * that are not absolute are skipped; a file's execute bit is not checked.
 * @see spec §2.8 (observed bytes, codex-exec-shell)
 */
export async function lookUpShell(input: Record<string, unknown>, environment: EnvironmentPort): Promise<string | undefined> {
  if (typeof input.shell !== "string") return undefined;
  const type = shellType(input.shell);
  if (type === null || type === "bash") return undefined;
  const folders = (environment.agentEnv.PATH ?? "").split(":").filter((folder) => folder.startsWith("/"));
  for (const folder of folders) {
    for (const name of NAMES[type]) {
      const path = `${folder.replace(/\/+$/, "")}/${name}`;
      if ((await environment.stat(path)).kind === "file") return type === "sh" ? path : undefined;
    }
  }
  if (type === "sh") return undefined;
  if (input.shell.includes("/") && (await environment.stat(input.shell)).kind !== "missing") return undefined;
  return FALLBACK_SHELL;
}
