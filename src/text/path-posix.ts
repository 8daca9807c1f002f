/**
 * The few POSIX path operations the v1 tools apply to observation paths (`path.join`,
 * `path.relative`, `path.basename`, `path.extname` semantics), without `node:path`.
 */

/** `path.posix.normalize`. */
export function normalizePath(path: string): string {
  if (path === "") return ".";
  const absolute = path.startsWith("/");
  const parts: string[] = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (parts.length > 0 && parts[parts.length - 1] !== "..") parts.pop();
      else if (!absolute) parts.push("..");
      continue;
    }
    parts.push(part);
  }
  const body = parts.join("/");
  const trailing = path.endsWith("/") && body !== "" ? "/" : "";
  if (absolute) return `/${body}${trailing}`;
  return body === "" ? "." : body + trailing;
}

/** `path.posix.join`. */
export function joinPath(...segments: string[]): string {
  const joined = segments.filter((segment) => segment !== "").join("/");
  return joined === "" ? "." : normalizePath(joined);
}

/** `path.posix.resolve(base, path)`: an absolute `path` wins, a relative one joins `base`. */
export function resolvePath(base: string, path: string): string {
  return path.startsWith("/") ? normalizePath(path) : joinPath(base, path);
}

/** `path.posix.relative` for two absolute paths. */
export function relativePath(from: string, to: string): string {
  const fromParts = normalizePath(from)
    .split("/")
    .filter((part) => part !== "");
  const toParts = normalizePath(to)
    .split("/")
    .filter((part) => part !== "");
  let common = 0;
  while (common < fromParts.length && common < toParts.length && fromParts[common] === toParts[common]) common++;
  const up = fromParts.slice(common).map(() => "..");
  return [...up, ...toParts.slice(common)].join("/");
}

/** `path.posix.dirname`. */
export function dirnamePath(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  const index = trimmed.lastIndexOf("/");
  if (index === -1) return ".";
  if (index === 0) return "/";
  return trimmed.slice(0, index);
}

/** `path.posix.basename`. */
export function basenamePath(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return trimmed.slice(trimmed.lastIndexOf("/") + 1);
}

/** `path.posix.extname`: the last `.suffix` of the basename, "" for none or a leading dot only. */
export function extnamePath(path: string): string {
  const base = basenamePath(path);
  const index = base.lastIndexOf(".");
  return index <= 0 ? "" : base.slice(index);
}

/**
 * The title of a path-based tool: relative to the worktree (`options.cwd`), or the path itself
 * when no worktree is known.
 * @see spec §2.2 step 1
 */
export function titlePath(path: string, cwd: string | undefined): string {
  return cwd === undefined ? path : relativePath(cwd, path);
}
