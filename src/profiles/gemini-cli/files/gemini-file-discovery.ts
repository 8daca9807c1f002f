import { dirnamePath, joinPath } from "../../../text/path-posix.js";
import { type EnvironmentPort, isFsFailure } from "../../environment-port.js";
import { geminiIgnorePatterns } from "./gemini-ignore-filter.js";

/**
 * What the CLI's file discovery reads for a workspace: whether it is inside a git repository (a
 * `.git` in the workspace or a folder above it) and the workspace's `.geminiignore` patterns.
 * @see docs/spec/gemini-cli-0.61.0.md §4.1 [bundle: packages/core/src/utils/gitUtils.ts isGitRepository, services/fileDiscoveryService.ts]
 */
export async function geminiDiscoveryFacts(environment: EnvironmentPort): Promise<{ gitRepository: boolean; geminiIgnore: string[] }> {
  let gitRepository = false;
  for (let dir = environment.workspace; ; dir = dirnamePath(dir)) {
    if ((await environment.stat(joinPath(dir, ".git"))).kind !== "missing") {
      gitRepository = true;
      break;
    }
    if (dirnamePath(dir) === dir) break;
  }
  const bytes = await environment.readFile(joinPath(environment.workspace, ".geminiignore"));
  const geminiIgnore = isFsFailure(bytes) ? [] : geminiIgnorePatterns(new TextDecoder().decode(bytes));
  return { gitRepository, geminiIgnore };
}
