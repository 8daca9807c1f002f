import { packageOnFirstUse } from "../../../input/package-on-first-use.js";
import { joinPath, relativePath, resolvePath } from "../../../text/path-posix.js";
import { type EnvironmentPort, isFsFailure } from "../../environment-port.js";
import { geminiDiscoveryFacts } from "../files/gemini-file-discovery.js";
import { geminiParamsError } from "../gemini-params.js";
import { geminiInput } from "../gemini-result.js";
import { workspaceViolation } from "../gemini-workspace.js";

const minimatchPackage = packageOnFirstUse<typeof import("minimatch")>("minimatch");

/** Folders glob never enters (its core ignore patterns `**\/<name>/**`). @see spec §7.4 */
const CORE_IGNORED_FOLDERS = ["node_modules", ".git", "bower_components", ".svn", ".hg"];

/**
 * glob: the search folder's checks, then every file below it (links not followed into folders)
 * whose path relative to it matches the pattern as node-glob matches it (minimatch, `dot`,
 * case-insensitive unless `case_sensitive`; a pattern naming an existing path is matched
 * literally), outside the core ignored folders, each with its modification time; the discovery
 * facts (git repository, `.geminiignore` patterns) and the clock, which the sort reads. Files
 * modified before the session's first call are marked `layout`: they were written with the
 * workspace, whose two copies (the agent's, the reference's) are written in racing order.
 * @see docs/spec/gemini-cli-0.61.0.md §7.4 [bundle: packages/core/src/tools/glob.ts]
 */
export async function runGlob(callInput: unknown, environment: EnvironmentPort, startedAt: number): Promise<Record<string, unknown>> {
  if (geminiParamsError("glob", callInput) !== null) return {};
  const params = geminiInput(callInput) as { pattern: string; dir_path?: string; case_sensitive?: boolean };
  const requested = resolvePath(environment.workspace, params.dir_path || ".");
  const dirStat = await environment.stat(requested);
  const searchDir = dirStat.realPath ?? requested;
  if (workspaceViolation(searchDir, environment) !== null) return { searchDir, kind: "outside" };
  if (dirStat.kind === "missing") return { searchDir, kind: "missing" };
  if (dirStat.kind !== "directory") return { searchDir, kind: "not-directory" };
  if (params.pattern.trim() === "") return { searchDir, kind: "empty-pattern" };
  if (params.pattern.startsWith("/") || params.pattern.split("/").includes("..")) return { searchDir, kind: "unmodelled-pattern" };
  const nocase = !params.case_sensitive;
  const literal = (await environment.stat(joinPath(searchDir, params.pattern))).kind !== "missing";
  const pattern = literal ? minimatchPackage().escape(params.pattern) : params.pattern;
  const files: { path: string; mtimeMs: number; layout?: true }[] = [];
  let symlinks = false;
  const walk = async (dir: string): Promise<void> => {
    const entries = await environment.listDirectory(dir);
    if (isFsFailure(entries)) return;
    for (const entry of entries) {
      const full = joinPath(dir, entry.name);
      if (entry.kind === "symlink") symlinks = true;
      const isDir = entry.kind === "directory";
      if (isDir) {
        if (CORE_IGNORED_FOLDERS.some((name) => (nocase ? name.toLowerCase() === entry.name.toLowerCase() : name === entry.name))) continue;
        await walk(full);
        continue;
      }
      if (entry.kind !== "file" && !(entry.kind === "symlink" && entry.targetKind === "file")) continue;
      if (!minimatchPackage().minimatch(relativePath(searchDir, full), pattern, { nocase, dot: true })) continue;
      const stat = await environment.stat(full);
      const mtimeMs = stat.mtimeMs ?? 0;
      files.push({ path: full, mtimeMs, ...(mtimeMs < startedAt ? { layout: true as const } : {}) });
    }
  };
  await walk(searchDir);
  const discovery = await geminiDiscoveryFacts(environment);
  return { searchDir, kind: "searched", files, now: Date.now(), ...discovery, ...(symlinks ? { symlinks } : {}) };
}
