import { readdirSync, statSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { UsageError } from "./usage-error.js";

/** Whether a path has glob characters (`*`, `?`, `[`). */
const isGlob = (path: string) => /[*?[]/.test(path);

/** A glob as a regular expression over `/`-separated paths: `*` and `?` stay in one segment, `**` spans any. */
function globRegExp(pattern: string): RegExp {
  let source = "";
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index]!;
    if (char === "*" && pattern[index + 1] === "*") {
      const slash = pattern[index + 2] === "/";
      source += slash ? "(?:.*/)?" : ".*";
      index += slash ? 2 : 1;
    } else if (char === "*") source += "[^/]*";
    else if (char === "?") source += "[^/]";
    else if (char === "[") {
      const end = pattern.indexOf("]", index + 1);
      if (end === -1) source += "\\[";
      else {
        source += `[${pattern
          .slice(index + 1, end)
          .replace(/^!/, "^")
          .replace(/\\/g, "\\\\")}]`;
        index = end;
      }
    } else source += /[.+^${}()|\\]/.test(char) ? `\\${char}` : char;
  }
  return new RegExp(`^${source}$`);
}

/**
 * Every file under `dir`, as paths relative to it with `/` separators, sorted. A link counts as
 * the file it names, and one that names nothing (dangling, a loop) is kept too, so that loading it
 * says what is wrong, as for a folder's or a named file's link; a linked folder is not walked.
 */
function filesUnder(dir: string): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() || (entry.isSymbolicLink() && !isFolder(path))) found.push(relative(dir, path).split(sep).join("/"));
    }
  };
  walk(dir);
  return found.sort();
}

/**
 * `--scenario` values as scenario files: a file stays itself; a folder gives its `*.yaml` files
 * (sorted, not recursing); a glob pattern (quoted, so the shell leaves it: `'fixtures/scenarios/bash-*.yaml'`,
 * `**` for any depth) gives the files it matches, sorted. A folder without scenarios or a pattern
 * matching nothing is a usage error naming it. Duplicates are kept once, first place wins.
 */
export function expandScenarioPaths(values: readonly string[], cwd = process.cwd()): string[] {
  const files: string[] = [];
  for (const value of values) {
    if (isGlob(value)) {
      const segments = value.split("/");
      const firstGlob = segments.findIndex(isGlob);
      const base = segments.slice(0, firstGlob).join("/");
      const baseDir = resolve(cwd, base || ".");
      const pattern = globRegExp(segments.slice(firstGlob).join("/"));
      let candidates: string[];
      try {
        candidates = filesUnder(baseDir);
      } catch {
        candidates = [];
      }
      const matched = candidates.filter((path) => pattern.test(path)).map((path) => (base ? `${base}/${path}` : path));
      if (matched.length === 0) throw new UsageError(`correx gate: --scenario ${value} matches no file (looked under ${baseDir})`);
      files.push(...matched);
      continue;
    }
    // not a folder (or not there: loadScenario names the file)
    if (!isFolder(resolve(cwd, value))) {
      files.push(value);
      continue;
    }
    const inFolder = readdirSync(resolve(cwd, value))
      .filter((name) => name.endsWith(".yaml") || name.endsWith(".yml"))
      .sort()
      .map((name) => join(value, name));
    if (inFolder.length === 0) throw new UsageError(`correx gate: --scenario ${value} is a folder without scenario files (*.yaml)`);
    files.push(...inFolder);
  }
  return [...new Set(files)];
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
