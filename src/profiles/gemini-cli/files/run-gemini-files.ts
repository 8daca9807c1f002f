import { encodeBase64 } from "../../../text/base64.js";
import { basenamePath, joinPath, relativePath, resolvePath } from "../../../text/path-posix.js";
import { type EnvironmentPort, isFsFailure } from "../../environment-port.js";
import { UnsupportedError } from "../../profile.js";
import { geminiParamsError } from "../gemini-params.js";
import { geminiInput } from "../gemini-result.js";
import { withoutTrailingSlash, workspaceViolation } from "../gemini-workspace.js";
import { geminiDiscoveryFacts } from "./gemini-file-discovery.js";
import { filterGeminiIgnored } from "./gemini-ignore-filter.js";
import { applyGeminiReplace } from "./gemini-replace.js";
import { decodeGeminiText } from "./gemini-text-decoding.js";
import { holdsNewPlaceholder } from "./omission-placeholders.js";

/** The absolute path a file tool's path argument names (resolved against the workspace; node's path.resolve drops a trailing slash). */
const resolveArgument = (environment: EnvironmentPort, value: unknown) => withoutTrailingSlash(resolvePath(environment.workspace, String(value)));

/**
 * read_file: what is at the resolved path (its bytes for a file); a path outside the workspace is
 * not read. Invalid arguments observe `{}`. @see docs/spec/gemini-cli-0.61.0.md §3
 */
export async function runReadFile(callInput: unknown, environment: EnvironmentPort): Promise<Record<string, unknown>> {
  if (geminiParamsError("read_file", callInput) !== null) return {};
  const input = geminiInput(callInput);
  if (String(input.file_path).trim() === "") return {};
  const path = resolveArgument(environment, input.file_path);
  if (workspaceViolation(path, environment) !== null) return { path, kind: "outside" };
  // the file discovery's filter refuses the path before it is looked at (observed: differential seed 28104)
  const relative = relativePath(environment.workspace, path);
  if (filterGeminiIgnored([relative], (await geminiDiscoveryFacts(environment)).geminiIgnore, true).ignoredCount > 0) return { path, kind: "ignored" };
  const stat = await environment.stat(path);
  if (stat.kind === "missing") return { path, kind: "missing" };
  if (stat.kind === "directory") return { path, kind: "directory" };
  const bytes = await environment.readFile(path);
  if (isFsFailure(bytes)) return { path, kind: "missing" };
  return { path, kind: "file", base64: encodeBase64(bytes) };
}

/** list_directory: the directory's entries with kind and size (links followed), and the file discovery's facts. @see spec §4, §4.1 */
export async function runListDirectory(callInput: unknown, environment: EnvironmentPort): Promise<Record<string, unknown>> {
  if (geminiParamsError("list_directory", callInput) !== null) return {};
  const path = resolveArgument(environment, geminiInput(callInput).dir_path);
  if (workspaceViolation(path, environment) !== null) return { path, kind: "outside" };
  const stat = await environment.stat(path);
  // below a file, fs.stat fails with ENOTDIR (observed: differential seed 28102)
  if (stat.kind === "missing") return { path, kind: "missing", ...(stat.failure === "ENOTDIR" ? { failure: "ENOTDIR" } : {}) };
  if (stat.kind !== "directory") return { path, kind: "file" };
  const listed = await environment.listDirectory(path);
  if (isFsFailure(listed)) return { path, kind: "missing" };
  const entries = [];
  for (const entry of listed) {
    const entryStat = await environment.stat(resolvePath(path, entry.name));
    if (entryStat.kind === "missing") continue;
    entries.push({ name: entry.name, directory: entryStat.kind === "directory", size: entryStat.kind === "directory" ? 0 : (entryStat.size ?? 0) });
  }
  return { path, kind: "directory", entries, ...(await geminiDiscoveryFacts(environment)) };
}

/** The file's current text, or null when there is no file. */
async function currentText(path: string, environment: EnvironmentPort): Promise<string | null> {
  const stat = await environment.stat(path);
  if (stat.kind !== "file") return null;
  const bytes = await environment.readFile(path);
  if (isFsFailure(bytes)) return null;
  const text = decodeGeminiText(bytes);
  if (text !== null && typeof text !== "string") throw new UnsupportedError(`write_file/replace of a file the CLI cannot decode (${text.error}) is not modelled (spec §3.1)`);
  return text ?? "";
}

/**
 * What write_file and replace both check before changing a file: valid parameters, a non-empty
 * file_path; then where it resolves: outside the workspace or a directory (refusals the formatter
 * words), else the file's text before (null when absent). Null when the arguments are refused.
 */
async function changeTarget(
  tool: string,
  callInput: unknown,
  environment: EnvironmentPort,
): Promise<{ input: Record<string, unknown>; path: string; before: string | null } | { path: string; kind: "outside" | "directory" } | null> {
  if (geminiParamsError(tool, callInput) !== null) return null;
  const input = geminiInput(callInput);
  if (!input.file_path) return null;
  const path = tool === "replace" ? await correctedPath(environment, String(input.file_path)) : resolveArgument(environment, input.file_path);
  if (workspaceViolation(path, environment) !== null) return { path, kind: "outside" };
  if ((await environment.stat(path)).kind === "directory") return { path, kind: "directory" };
  return { input, path, before: await currentText(path, environment) };
}

/** Folders replace's search for a missing relative path looks into, at most. @see spec §6.1 */
const CORRECT_PATH_MAX_DIRS = 50;

/**
 * replace's path correction (correctPath): a relative path that does not exist under the
 * workspace is looked for by its base name, breadth-first through at most 50 folders in their
 * listing order (entries `.geminiignore` drops skipped); when exactly one file found ends with the
 * path as given, that file is edited; otherwise the path stays the workspace-relative one.
 * @see docs/spec/gemini-cli-0.61.0.md §6.1 [bundle: packages/core/src/utils/pathCorrector.ts correctPath, utils/bfsFileSearch.ts]
 */
async function correctedPath(environment: EnvironmentPort, filePath: string): Promise<string> {
  const direct = resolveArgument(environment, filePath);
  if (filePath.startsWith("/") || (await environment.stat(direct)).kind !== "missing") return direct;
  const { geminiIgnore } = await geminiDiscoveryFacts(environment);
  const name = basenamePath(direct);
  const target = filePath.replace(/\\/g, "/");
  const found: string[] = [];
  const queue = [environment.workspace];
  const visited = new Set<string>();
  let scanned = 0;
  for (let head = 0; head < queue.length && scanned < CORRECT_PATH_MAX_DIRS; head++) {
    const dir = queue[head]!;
    if (visited.has(dir)) continue;
    visited.add(dir);
    scanned++;
    const entries = await environment.listDirectory(dir);
    if (isFsFailure(entries)) continue;
    for (const entry of entries) {
      const full = joinPath(dir, entry.name);
      const isDir = entry.kind === "directory";
      if (!isDir && !(entry.kind === "file" && entry.name === name)) continue;
      if (filterGeminiIgnored([relativePath(environment.workspace, full)], geminiIgnore, true).ignoredCount > 0) continue;
      if (isDir) queue.push(full);
      else found.push(full);
    }
  }
  const matching = found.filter((file) => file.endsWith(target));
  return matching.length === 1 ? matching[0]! : direct;
}

/**
 * write_file: the file's text before, then the content written (parents created); a CRLF file
 * keeps CRLF line ends. @see spec §5
 */
export async function runWriteFile(callInput: unknown, environment: EnvironmentPort): Promise<Record<string, unknown>> {
  const target = await changeTarget("write_file", callInput, environment);
  if (target === null) return {};
  if ("kind" in target) return target;
  const { input, path, before } = target;
  if (holdsNewPlaceholder("write_file", input)) return { path, before, refused: "omission placeholder" };
  let after = input.content as string;
  if (before !== null && before !== "" && before.includes("\r\n")) after = after.replace(/\r?\n/g, "\r\n");
  await environment.writeFile(path, new TextEncoder().encode(after), { parents: true });
  return { path, before, after };
}

/** replace: the file's text before, and what the edit wrote (null when it was refused). @see spec §6 */
export async function runReplace(callInput: unknown, environment: EnvironmentPort): Promise<Record<string, unknown>> {
  const target = await changeTarget("replace", callInput, environment);
  if (target === null) return {};
  if ("kind" in target) return target;
  const { input, path, before } = target;
  if (holdsNewPlaceholder("replace", input)) return { path, before, refused: "omission placeholder" };
  const outcome = applyGeminiReplace(before, input);
  if (outcome.kind === "written") await environment.writeFile(path, new TextEncoder().encode(outcome.written), { parents: true });
  return { path, before, after: outcome.kind === "written" ? outcome.written : null };
}
