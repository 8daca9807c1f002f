import { encodeBase64 } from "../../text/base64.js";
import { dirnamePath, resolvePath } from "../../text/path-posix.js";
import { type EnvironmentPort, isFsFailure } from "../environment-port.js";
import { replaceV1 } from "./edit-replacers.js";
import { effectFsErrorText, nodeLstatErrorText } from "./effect-fs-error.js";
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
 * The path read reads: v1 resolves a relative path with `path.resolve` (so a trailing slash goes:
 * `sub/a.txt/` reads the file) and takes an absolute one as given; v2 resolves every path so.
 * @see the 1.18.33 binary (v1 ReadTool, v2 LocationMutation.resolve); probe (fixtures/scenarios/read-path-forms.yaml)
 */
function readTarget(runtime: OpencodeRunContext["runtime"], environment: EnvironmentPort, path: string): string {
  const absolute = resolveInWorkspace(environment, path);
  if (runtime === "v1" && path.startsWith("/")) return absolute;
  return absolute.length > 1 && absolute.endsWith("/") ? absolute.replace(/\/+$/, "") || "/" : absolute;
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
  const resolved = readTarget(context.runtime, environment, path);
  const stat = await environment.stat(resolved);
  // v2 reads a file at its real path (LocationMutation's canonical path: a link's target names the result).
  const absolute = context.runtime === "v2" && stat.kind === "file" && stat.realPath !== undefined ? stat.realPath : resolved;
  // v1 states the path first: any failure but NotFound is the tool's error (the binary: a path below a file → `BadResource: FileSystem.stat (…)`).
  if (context.runtime === "v1" && stat.kind === "missing" && stat.failure !== undefined) return { error: effectFsErrorText(stat.failure, "stat", absolute) };
  if (stat.kind === "missing") return { kind: "missing", path: absolute, siblings: await namesIn(environment, dirnamePath(absolute)) };
  if (stat.kind === "directory") {
    const listed = await environment.listDirectory(absolute);
    if (context.runtime === "v2") return { kind: "directory", path: absolute, entries: isFsFailure(listed) ? [] : await v2ListedEntries(environment, stat.realPath ?? absolute, listed) };
    const entries = isFsFailure(listed) ? [] : listed.map((entry) => ({ name: entry.name, directory: entry.kind === "directory" || (entry.kind === "symlink" && entry.targetKind === "directory") }));
    return { kind: "directory", path: absolute, entries };
  }
  const read = await environment.readFile(absolute);
  if (isFsFailure(read)) return { error: read.message };
  const text = strictUtf8(read);
  const mime = extensionMime(absolute);
  return { kind: "file", path: absolute, ...(text === undefined ? { base64: encodeBase64(read) } : { content: text }), mime };
}

/**
 * The entries v2's ReadTool.list keeps: each entry's real path must exist and lie inside the
 * directory's real path, and be a file or a directory; a dangling link, a link leading out of the
 * directory, a socket or a fifo is left out.
 * @see spec §2.2b (directory); the 1.18.33 bundle (`ReadTool.list`); read-directory.yaml (a dangling link, unlisted)
 */
async function v2ListedEntries(environment: EnvironmentPort, directory: string, listed: readonly { name: string }[]): Promise<{ name: string; directory: boolean }[]> {
  const entries: { name: string; directory: boolean }[] = [];
  for (const entry of listed) {
    const fact = await environment.stat(resolvePath(directory, entry.name));
    const real = fact.realPath;
    if (real === undefined || (real !== directory && !real.startsWith(`${directory.replace(/\/$/, "")}/`))) continue;
    if (fact.kind === "file" || fact.kind === "directory") entries.push({ name: entry.name, directory: fact.kind === "directory" });
  }
  return entries;
}

/**
 * write: whether the file existed, after writing the content as UTF-8 (parents created). A write
 * that fails is, in v2, `Unable to write <path as given>`; in v1 it is Effect's file-system error
 * text (`effectFsErrorText`): a directory fails its first read, a path below a file the write.
 * @see spec §2.3, schemas/observations/write.json; differential campaign seed 12 (v2 text)
 */
export async function runWrite(context: OpencodeRunContext): Promise<Observation> {
  const path = inputPath(context);
  if (path === undefined || typeof context.input.content !== "string") return {};
  const { environment } = context;
  const absolute = resolveInWorkspace(environment, path);
  const stat = await environment.stat(absolute);
  const named = context.runtime === "v2" ? await canonicalPath(environment, absolute) : absolute;
  const existed = stat.kind !== "missing";
  // v1 reads an existing path before writing it: a directory fails there (the binary: `BadResource: FileSystem.readFile (…)`).
  if (context.runtime === "v1" && stat.kind === "directory") return { error: effectFsErrorText("EISDIR", "readFile", absolute) };
  const failure = await environment.writeFile(absolute, new TextEncoder().encode(context.input.content), { parents: true });
  if (failure) {
    if (context.runtime === "v2") return { error: `Unable to write ${path}` };
    // below a file the write itself fails (the binary: `BadResource: FileSystem.writeFile (…)`); mkdir's EEXIST there is the write's ENOTDIR
    const errno = stat.failure === "ENOTDIR" || failure.failure === "EEXIST" ? "ENOTDIR" : failure.failure;
    return { error: effectFsErrorText(errno, "writeFile", absolute) };
  }
  return { path: named, existed };
}

/**
 * The path v2 names for a write or an edit: LocationMutation's canonical path, the link targets
 * resolved — the file's real path, or for a missing file its nearest existing folder's real path
 * with the rest (observed: through `link.ts` → `src/main.ts` the result names `src/main.ts`, and
 * `srclink/new.txt` → `src/new.txt`; unseen batch 4). @see spec §2.3, §2.4, §2.15
 */
async function canonicalPath(environment: EnvironmentPort, absolute: string): Promise<string> {
  let rest = "";
  for (let at = absolute; ; ) {
    const fact = await environment.stat(at);
    if (fact.kind !== "missing") return `${fact.realPath ?? at}${rest}`;
    const parent = dirnamePath(at);
    if (parent === at) return absolute;
    rest = `${at.slice(at.lastIndexOf("/"))}${rest}`;
    at = parent;
  }
}

const BOM = "\ufeff";

/** `\r\n` when the text holds one, else `\n`. */
const lineEndingOf = (text: string) => (text.includes("\r\n") ? "\r\n" : "\n");

/** A string with its line endings made the file's: CRLF → LF, then LF → the file's ending. */
const inLineEnding = (value: string, ending: string) => {
  const lf = value.replaceAll("\r\n", "\n");
  return ending === "\n" ? lf : lf.replaceAll("\n", "\r\n");
};

/** A leading U+FEFF removed, and whether there was one. */
const withoutBom = (text: string) => (text.startsWith(BOM) ? { bom: true, text: text.slice(1) } : { bom: false, text });

/**
 * edit: the replacement count, or why it failed, in each runtime's order, and the file rewritten.
 *
 * v1: identical strings first; an empty oldString creates a missing file (BOM of newString kept)
 * or is refused for any existing path; then a missing file, a directory; the file is decoded with
 * its BOM set aside, oldString and newString take the file's line endings (CRLF when it holds
 * one), and the fuzzy replacer chain decides (edit-replacers.ts); the BOM is written back when
 * the old or the new text had one.
 *
 * v2: identical strings, then an empty oldString, then a path that is not a file (`unable`); the
 * bytes' BOM set aside, line endings adapted the same way, exact non-overlapping occurrences
 * counted; String.prototype.replace/replaceAll (with their `$` patterns) make the new text.
 * @see spec §2.4; the bundled edit tools of the 1.18.33 binary (v1 `Ts`, v2 `EditTool`)
 */
export async function runEdit(context: OpencodeRunContext): Promise<Observation> {
  const path = inputPath(context);
  if (path === undefined) return {};
  const { environment, input } = context;
  const absolute = resolveInWorkspace(environment, path);
  const oldString = typeof input.oldString === "string" ? input.oldString : "";
  const newString = typeof input.newString === "string" ? input.newString : "";
  const replaceAll = input.replaceAll === true;
  if (oldString === newString) return { path: absolute, error: "identical" };
  const stat = await environment.stat(absolute);
  if (context.runtime === "v2") {
    if (oldString === "") return { path: absolute, error: "empty-old-string" };
    if (stat.kind !== "file") return { path: absolute, error: "unable" };
    // The success names the file's real path (a link's target, spec §2.4); the failures the path as given.
    const named = stat.realPath ?? absolute;
    const read = await environment.readFile(absolute);
    if (isFsFailure(read)) return { path: absolute, error: "unable" };
    const bom = read[0] === 0xef && read[1] === 0xbb && read[2] === 0xbf;
    const text = new TextDecoder().decode(bom ? read.subarray(3) : read);
    const ending = lineEndingOf(text);
    const find = inLineEnding(oldString, ending);
    const replacement = inLineEnding(newString, ending);
    let count = 0;
    for (let at = text.indexOf(find); at !== -1; at = text.indexOf(find, at + find.length)) count++;
    if (count === 0) return { path: absolute, error: "not-found" };
    if (count > 1 && !replaceAll) return { path: absolute, error: "multiple" };
    const edited = withoutBom(replaceAll ? text.replaceAll(find, replacement) : text.replace(find, replacement));
    const failure = await environment.writeFile(absolute, new TextEncoder().encode((bom || edited.bom ? BOM : "") + edited.text));
    if (failure) return { path: absolute, error: "unable" };
    return { path: named, replacements: count };
  }
  if (oldString === "") {
    if (stat.kind !== "missing") return { path: absolute, error: "empty-old-string" };
    const created = withoutBom(newString);
    const failure = await environment.writeFile(absolute, new TextEncoder().encode((created.bom ? BOM : "") + created.text), { parents: true });
    return failure ? { error: failure.message } : { path: absolute, replacements: 1 };
  }
  if (stat.kind === "missing" && stat.failure !== undefined) return { error: nodeLstatErrorText(stat.failure, absolute) };
  if (stat.kind === "missing") return { path: absolute, error: "file-missing" };
  if (stat.kind === "directory") return { path: absolute, error: "is-directory" };
  const read = await environment.readFile(absolute);
  if (isFsFailure(read)) return { error: read.message };
  const original = withoutBom(new TextDecoder("utf-8", { ignoreBOM: true }).decode(read));
  const ending = lineEndingOf(original.text);
  const result = replaceV1(original.text, inLineEnding(oldString, ending), inLineEnding(newString, ending), replaceAll);
  if (typeof result !== "string") return { path: absolute, error: result.miss };
  const edited = withoutBom(result);
  const failure = await environment.writeFile(absolute, new TextEncoder().encode((original.bom || edited.bom ? BOM : "") + edited.text));
  if (failure) return { error: failure.message };
  return { path: absolute, replacements: 1 };
}
