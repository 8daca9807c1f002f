import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync, type Dirent } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { encodeBase64 } from "../profiles/opencode-cli/bytes-base64.js";
import { extensionMime } from "../profiles/opencode-cli/read-sniff-mime.js";

type Observation = Record<string, unknown>;

/** UTF-8 text when the bytes are valid UTF-8, else undefined. */
export function strictUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** Names in a directory in readdir order; [] when it cannot be read. */
function readdirNames(directory: string): string[] {
  try {
    return readdirSync(directory);
  } catch {
    return [];
  }
}

function isDirectoryEntry(directory: string, entry: Dirent): boolean {
  if (entry.isDirectory()) return true;
  if (!entry.isSymbolicLink()) return false;
  try {
    return statSync(join(directory, entry.name)).isDirectory();
  } catch {
    return false;
  }
}

/**
 * read's observation: a file's bytes (text, or base64 when not valid UTF-8) and extension MIME,
 * a directory's entries in readdir order (symlinks to directories count as directories), or a
 * missing path with its parent's names in readdir order.
 * @see spec §2.2 steps 3–5, schemas/observations/read.json
 */
export function observeRead(absolute: string): Observation {
  if (!existsSync(absolute)) return { kind: "missing", path: absolute, siblings: readdirNames(dirname(absolute)) };
  const stats = statSync(absolute);
  if (stats.isDirectory()) {
    const entries = readdirSync(absolute, { withFileTypes: true }).map((entry) => ({ name: entry.name, directory: isDirectoryEntry(absolute, entry) }));
    return { kind: "directory", path: absolute, entries };
  }
  const bytes = new Uint8Array(readFileSync(absolute));
  const text = strictUtf8(bytes);
  const mime = extensionMime(absolute);
  return {
    kind: "file",
    path: absolute,
    ...(text === undefined ? { base64: encodeBase64(bytes) } : { content: text }),
    ...(mime === undefined ? {} : { mime }),
  };
}

/**
 * write's observation, after writing `content` (parents created): whether the file existed.
 * @see spec §2.3, schemas/observations/write.json
 */
export function observeWrite(absolute: string, content: string): Observation {
  const existed = existsSync(absolute);
  mkdirSync(dirname(absolute), { recursive: true });
  writeFileSync(absolute, content);
  return { path: absolute, existed };
}

/**
 * edit's observation, after applying an exact replacement: the count, or why it failed
 * (file missing, a directory, identical strings, empty oldString, not found, several matches).
 * Only exact matching: a fuzzy-only match reads as not-found here.
 * @see spec §2.4, schemas/observations/edit.json
 */
export function observeEdit(absolute: string, input: Record<string, unknown>): Observation {
  const oldString = typeof input.oldString === "string" ? input.oldString : "";
  const newString = typeof input.newString === "string" ? input.newString : "";
  const replaceAll = input.replaceAll === true;
  if (!existsSync(absolute)) {
    if (oldString === "") {
      observeWrite(absolute, newString);
      return { path: absolute, replacements: 1 };
    }
    return { path: absolute, error: "file-missing" };
  }
  if (statSync(absolute).isDirectory()) return { path: absolute, error: "is-directory" };
  if (oldString === newString) return { path: absolute, error: "identical" };
  if (oldString === "") return { path: absolute, error: "empty-old-string" };
  const text = readFileSync(absolute, "utf8");
  const count = text.split(oldString).length - 1;
  if (count === 0) return { path: absolute, error: "not-found" };
  if (count > 1 && !replaceAll) return { path: absolute, error: "multiple" };
  writeFileSync(absolute, replaceAll ? text.split(oldString).join(newString) : text.replace(oldString, () => newString));
  return { path: absolute, replacements: replaceAll ? count : 1 };
}

/** A path argument resolved against the workspace. */
export function resolveInWorkspace(workspace: string, path: string): string {
  return resolve(workspace, path);
}
