import { dirnamePath, resolvePath } from "../../text/path-posix.js";
import { encodeBase64 } from "../../text/base64.js";
import { isFsFailure, type EnvironmentPort } from "../environment-port.js";
import { inputPath, type OpencodeRunContext } from "./opencode-runtime.js";
import { extensionMime } from "./read-sniff-mime.js";

type Observation = Record<string, unknown>;

/** UTF-8 text when the bytes are valid UTF-8 (a BOM kept), else undefined. */
export function strictUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** A path argument resolved against the workspace, as opencode resolves it. */
export function resolveInWorkspace(environment: EnvironmentPort, path: string): string {
  return resolvePath(environment.workspace, path);
}

async function namesIn(environment: EnvironmentPort, directory: string): Promise<string[]> {
  const listed = await environment.listDirectory(directory);
  return isFsFailure(listed) ? [] : listed.map((entry) => entry.name);
}

/**
 * read: a file's bytes (text, or base64 when not valid UTF-8) and extension MIME; a directory's
 * entries in listing order (a link to a directory counts as a directory); or a missing path with
 * its parent's names in listing order.
 * @see spec §2.2 steps 3–5, §2.2b, schemas/observations/read.json
 */
export async function runRead(context: OpencodeRunContext): Promise<Observation> {
  const path = inputPath(context);
  if (path === undefined) return {};
  const { environment } = context;
  const absolute = resolveInWorkspace(environment, path);
  const stat = await environment.stat(absolute);
  if (stat.kind === "missing") return { kind: "missing", path: absolute, siblings: await namesIn(environment, dirnamePath(absolute)) };
  if (stat.kind === "directory") {
    const listed = await environment.listDirectory(absolute);
    const entries = isFsFailure(listed) ? [] : listed.map((entry) => ({ name: entry.name, directory: entry.kind === "directory" || (entry.kind === "symlink" && entry.targetKind === "directory") }));
    return { kind: "directory", path: absolute, entries };
  }
  const read = await environment.readFile(absolute);
  if (isFsFailure(read)) return { error: read.message };
  const text = strictUtf8(read);
  const mime = extensionMime(absolute);
  return { kind: "file", path: absolute, ...(text === undefined ? { base64: encodeBase64(read) } : { content: text }), ...(mime === undefined ? {} : { mime }) };
}

/**
 * write: whether the file existed, after writing the content as UTF-8 (parents created).
 * @see spec §2.3, schemas/observations/write.json
 */
export async function runWrite(context: OpencodeRunContext): Promise<Observation> {
  const path = inputPath(context);
  if (path === undefined || typeof context.input.content !== "string") return {};
  const { environment } = context;
  const absolute = resolveInWorkspace(environment, path);
  const existed = (await environment.stat(absolute)).kind !== "missing";
  const failure = await environment.writeFile(absolute, new TextEncoder().encode(context.input.content), { parents: true });
  if (failure) return { error: failure.message };
  return { path: absolute, existed };
}

/**
 * edit: the replacement count, or why it failed, checked in this order: a missing file (created
 * from an empty oldString), a directory, identical strings, an empty oldString, no exact match,
 * several matches without replaceAll. The file is then rewritten with the replacement.
 * Only exact matching is modelled: v1's fuzzy replacers are not (a fuzzy-only match reads as
 * not-found).
 * @see spec §2.4, schemas/observations/edit.json
 */
export async function runEdit(context: OpencodeRunContext): Promise<Observation> {
  const path = inputPath(context);
  if (path === undefined) return {};
  const { environment, input } = context;
  const absolute = resolveInWorkspace(environment, path);
  const oldString = typeof input.oldString === "string" ? input.oldString : "";
  const newString = typeof input.newString === "string" ? input.newString : "";
  const replaceAll = input.replaceAll === true;
  const stat = await environment.stat(absolute);
  if (stat.kind === "missing") {
    if (oldString === "") {
      const failure = await environment.writeFile(absolute, new TextEncoder().encode(newString), { parents: true });
      return failure ? { error: failure.message } : { path: absolute, replacements: 1 };
    }
    return { path: absolute, error: "file-missing" };
  }
  if (stat.kind === "directory") return { path: absolute, error: "is-directory" };
  if (oldString === newString) return { path: absolute, error: "identical" };
  if (oldString === "") return { path: absolute, error: "empty-old-string" };
  const read = await environment.readFile(absolute);
  if (isFsFailure(read)) return { error: read.message };
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(read);
  const count = text.split(oldString).length - 1;
  if (count === 0) return { path: absolute, error: "not-found" };
  if (count > 1 && !replaceAll) return { path: absolute, error: "multiple" };
  const edited = replaceAll ? text.split(oldString).join(newString) : text.replace(oldString, () => newString);
  const failure = await environment.writeFile(absolute, new TextEncoder().encode(edited));
  if (failure) return { error: failure.message };
  return { path: absolute, replacements: replaceAll ? count : 1 };
}
