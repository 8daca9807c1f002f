import { dirnamePath } from "../../text/path-posix.js";
import type { EnvironmentPort } from "../environment-port.js";
import { UnsupportedError } from "../profile.js";
import type { OpencodeRuntime } from "./opencode-runtime.js";

/**
 * The instruction file names each runtime looks for: v1 `AGENTS.md`, `CLAUDE.md` (unless the
 * Claude Code prompt is disabled), `CONTEXT.md`; v2 `AGENTS.md`.
 * @see the 1.18.33 binary: v1 `Instruction` (its file list), v2 the instruction discovery (`targets: ["AGENTS.md"]`)
 */
const NAMES: Record<OpencodeRuntime, readonly string[]> = { v1: ["AGENTS.md", "CLAUDE.md", "CONTEXT.md"], v2: ["AGENTS.md"] };

/**
 * A read of a file below a folder of the workspace that holds an instruction file (between the
 * file and the workspace root, whose own files the system prompt already holds): the runtime
 * appends a `<system-reminder>` with that file (spec §2.2 v1 step "instruction files"), which
 * the profiles do not model yet (which files are claimed per message, their order, v2's form):
 * unsupported, naming the file. Likewise the config's `instructions`, which changes what is
 * already loaded.
 * @see spec §2.2 (v1 system-reminder); issue 30 "instruction files found below the workspace root"
 */
export async function refuseNestedInstructions(runtime: OpencodeRuntime, environment: EnvironmentPort, file: string): Promise<void> {
  const workspace = environment.workspace;
  if (!file.startsWith(`${workspace}/`)) return;
  const config = environment.agentConfig as Record<string, unknown> | undefined;
  if (config !== null && typeof config === "object" && config.instructions !== undefined) {
    throw new UnsupportedError("opencode: the config's `instructions` (files loaded into the system prompt, and so not reminded after a read) are not modelled");
  }
  for (let folder = dirnamePath(file); folder !== workspace && folder.startsWith(`${workspace}/`); folder = dirnamePath(folder)) {
    for (const name of NAMES[runtime]) {
      const fact = await environment.stat(`${folder}/${name}`);
      if (fact.kind === "file") {
        throw new UnsupportedError(
          `opencode: ${folder}/${name} is an instruction file below the workspace root; the reminder the runtime appends to a read below it (<system-reminder> Instructions from: …) is not modelled`,
        );
      }
    }
  }
}
