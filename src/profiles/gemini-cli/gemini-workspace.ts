import { basenamePath, joinPath, normalizePath, resolvePath } from "../../text/path-posix.js";
import type { EnvironmentPort } from "../environment-port.js";

/**
 * The CLI's project temp directory: `$HOME/.gemini/tmp/<workspace folder name>` (observed with a
 * fresh HOME). @see docs/spec/gemini-cli-0.61.0.md §3.4
 */
export function geminiTempDirectory(workspace: string, home: string | undefined): string {
  return joinPath(home ?? "/root", ".gemini", "tmp", basenamePath(workspace));
}

const within = (path: string, root: string) => path === root || path.startsWith(root.endsWith("/") ? root : `${root}/`);

/**
 * Why an absolute path may not be touched (not under the workspace nor the project temp
 * directory), worded as Gemini CLI words it, or null.
 * @see docs/spec/gemini-cli-0.61.0.md §3.4 [bundle: packages/core/src/config/config.ts validatePathAccess]
 */
export function workspaceViolation(path: string, environment: Pick<EnvironmentPort, "workspace" | "agentEnv">): string | null {
  const resolved = normalizePath(path);
  const temp = geminiTempDirectory(environment.workspace, environment.agentEnv.HOME);
  if (within(resolved, environment.workspace) || within(resolved, temp)) return null;
  return outsideWorkspaceMessage(resolved, environment.workspace, temp);
}

/** The refusal text for a path outside the workspace (`workspaces`: the workspace directories, joined by `, `). @see spec §3.4, §16.4 */
export function outsideWorkspaceMessage(path: string, workspaces: string, temp: string): string {
  return `Path not in workspace: Attempted path "${path}" resolves outside the allowed workspace directories: ${workspaces} or the project temp directory: ${temp}`;
}

/** Where the workspace and the agent's HOME are, as a formatter knows them. */
export interface GeminiPlace {
  workspace: string;
  home?: string;
  /** The session's workspace directories when an activated skill added its folder (the workspace first). @see spec §16.4 */
  directories?: readonly string[];
}

/** The workspace directories as refusals list them: the workspace, then the folders activated skills added, joined by `, `. @see spec §16.4 */
export const workspaceDirectoriesText = (place: GeminiPlace): string => (place.directories ?? [place.workspace]).join(", ");

/**
 * The refusal for a path argument (resolved against the workspace) outside the workspace and the
 * project temp directory, or null. @see spec §2.7, §3.4
 */
export function placeViolation(argument: string, place: GeminiPlace): string | null {
  const resolved = resolvePath(place.workspace, argument);
  const temp = geminiTempDirectory(place.workspace, place.home);
  if (within(resolved, place.workspace) || within(resolved, temp)) return null;
  return outsideWorkspaceMessage(resolved, workspaceDirectoriesText(place), temp);
}

/** A path without its trailing slashes (the root stays `/`), as node's path.resolve gives it (observed: `list_directory` of `<WS>/` names `<WS>`). */
export const withoutTrailingSlash = (path: string) => path.replace(/(?<=.)\/+$/, "");
