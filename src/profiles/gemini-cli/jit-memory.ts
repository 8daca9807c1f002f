import { dirnamePath, joinPath } from "../../text/path-posix.js";
import type { EnvironmentPort } from "../environment-port.js";
import type { GeminiSession } from "./gemini-session.js";

/**
 * Whether a successful read_file, list_directory, write_file or replace of `path` would have the
 * CLI append "Newly Discovered Project Context" (its JIT subdirectory memory): a `GEMINI.md` in the
 * path's folder (the path itself when it is one) or a folder above it, below the workspace root
 * (whose GEMINI.md is loaded at start), that no earlier call of the session loaded. Such files are
 * marked loaded. The appended text (file order, imports, its frame) is not modelled: the caller
 * answers `unsupported`.
 * @see docs/spec/gemini-cli-0.61.0.md §16.6 [bundle: packages/core/src/tools/jit-context.ts, utils/memoryDiscovery.ts loadJitSubdirectoryMemory]
 */
export async function newJitMemory(path: string, environment: EnvironmentPort, session: GeminiSession): Promise<boolean> {
  const root = environment.workspace.replace(/\/+$/, "");
  if (!path.startsWith(`${root}/`)) return false;
  let dir = (await environment.stat(path)).kind === "directory" ? path : dirnamePath(path);
  let found = false;
  while (dir.startsWith(`${root}/`)) {
    const memory = joinPath(dir, "GEMINI.md");
    if (!session.loadedMemory.has(memory) && (await environment.stat(memory)).kind === "file") {
      session.loadedMemory.add(memory);
      found = true;
    }
    dir = dirnamePath(dir);
  }
  return found;
}
