import type { PatchAppliedObservation } from "../../../generated/schema-types.js";
import { resolvePath } from "../../../text/path-posix.js";
import { type EnvironmentPort, isFsFailure } from "../../environment-port.js";
import { UnsupportedError } from "../../profile.js";
import { rustIoError } from "../rust-io-error.js";
import { rustTrim, rustTrimEnd } from "../rust-trim.js";
import { rustUtf8Error } from "../rust-utf8-error.js";
import { type Hunk, PatchParseError, parsePatch, type UpdateChunk } from "./apply-patch-parse.js";
import { PatchSourceFile } from "./patch-source-file.js";

/** A verification failure, with Codex's message. */
class PatchVerifyError extends Error {}

/**
 * apply_patch: parse the patch (spec §4.1); refuse two hunks on one path; verify every hunk
 * against the files as they are, before writing anything (spec §4.2: a file to update or delete
 * must be a readable UTF-8 file; each chunk's context and old lines must be found); then apply the
 * hunks in order against the files as they are by then: an added file is written (parents
 * created, an existing file overwritten), an updated file is read again, its chunks sought again
 * and the result written (at the destination for a move, the source then removed), a deleted
 * file removed. The first failure while applying stops there with Codex's message (a failed write
 * is `Failed to write file <path>`; what was applied before stays). Paths resolve against `cwd`
 * (the workspace; for an apply_patch heredoc, the command's folder). The port has no delete: the
 * profile removes a file by running `rm -f -- <path>` through it.
 * @see spec §4 (observed bytes; source codex-rs/apply-patch/src/lib.rs, parser.rs, seek_sequence.rs)
 */
export async function runApplyPatch(input: unknown, environment: EnvironmentPort, cwd: string = environment.workspace): Promise<PatchAppliedObservation> {
  if (typeof input !== "string") throw new UnsupportedError("codex-cli: apply_patch is a freeform tool; a JSON-arguments call is not modelled");
  let hunks: Hunk[];
  try {
    hunks = parsePatch(input);
  } catch (error) {
    if (error instanceof PatchParseError) return { refused: "invalid", message: error.message };
    throw error;
  }
  if (hunks.length === 0) return { refused: "empty" };
  const targets = new Set<string>();
  for (const hunk of hunks) {
    const path = resolvePath(cwd, hunk.path);
    if (targets.has(path)) return { refused: "invalid", message: `invalid patch: multiple operations target ${path}` };
    targets.add(path);
  }
  const changes: { action: "add" | "modify" | "delete"; path: string }[] = [];
  try {
    for (const hunk of hunks) {
      const path = resolvePath(cwd, hunk.path);
      if (hunk.kind === "add") changes.push({ action: "add", path: hunk.path });
      else if (hunk.kind === "delete") {
        await readText(environment, path, `Failed to read ${path}`);
        changes.push({ action: "delete", path: hunk.path });
      } else {
        const original = await readText(environment, path, `Failed to read file to update ${path}`);
        patchedText(original, hunk.chunks, path);
        changes.push({ action: "modify", path: hunk.movePath ?? hunk.path });
      }
    }
  } catch (error) {
    if (error instanceof PatchVerifyError) return { refused: "invalid", message: error.message };
    throw error;
  }
  for (const hunk of hunks) {
    const path = resolvePath(cwd, hunk.path);
    if (hunk.kind === "add") {
      const failed = await write(environment, path, hunk.contents);
      if (failed !== null) return { failed };
    } else if (hunk.kind === "delete") await remove(environment, path);
    else {
      const bytes = await environment.readFile(path);
      if (isFsFailure(bytes) || rustUtf8Error(bytes) !== null) throw new UnsupportedError("codex-cli: a file that became unreadable while a patch was applied is not modelled");
      let text: string;
      try {
        text = patchedText(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes), hunk.chunks, path);
      } catch (error) {
        if (error instanceof PatchVerifyError) return { failed: error.message };
        throw error;
      }
      const destination = hunk.movePath === null ? path : resolvePath(cwd, hunk.movePath);
      const failed = await write(environment, destination, text);
      if (failed !== null) return { failed };
      if (destination !== path) await remove(environment, path);
    }
  }
  return { changes };
}

/** Writes a file as apply_patch does (parents created); Codex's message when that fails, else null. */
async function write(environment: EnvironmentPort, path: string, text: string): Promise<string | null> {
  const failure = await environment.writeFile(path, new TextEncoder().encode(text), { parents: true });
  return failure ? `Failed to write file ${path}` : null;
}

async function remove(environment: EnvironmentPort, path: string): Promise<void> {
  const run = await environment.run({ file: "rm", args: ["-f", "--", path], cwd: environment.workspace, env: environment.agentEnv });
  if (run.exitCode !== 0) throw new UnsupportedError(`codex-cli: removing ${path} failed; a failed delete is not modelled`);
}

/**
 * A file read for a hunk: a directory is `<what>: path \`<path>\` is not a file`, a failed read
 * `<what>: <Rust io::Error>`, bytes that are not UTF-8 `<what>: <Rust Utf8Error>`.
 * @see spec §4.2 (observed bytes)
 */
async function readText(environment: EnvironmentPort, path: string, what: string): Promise<string> {
  const fact = await environment.stat(path);
  if (fact.kind === "directory") throw new PatchVerifyError(`${what}: path \`${path}\` is not a file`);
  if (fact.kind === "other") throw new UnsupportedError("codex-cli: patching a path that is neither a file nor a directory is not modelled");
  const bytes = await environment.readFile(path);
  if (isFsFailure(bytes)) throw new PatchVerifyError(`${what}: ${rustIoError(bytes.failure)}`);
  const invalid = rustUtf8Error(bytes);
  if (invalid !== null) throw new PatchVerifyError(`${what}: ${invalid}`);
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
}

/**
 * The file's new text: its lines (patch-source-file.ts); for each chunk in order, its `@@
 * context` line is sought from the current position (then the position moves past it), its old
 * lines are sought from there (from the end for `*** End of File`), retried without a final empty
 * line; the replacements are applied with each line's own ending kept.
 * @see spec §4.2 (source codex-rs/apply-patch/src/lib.rs `compute_replacements`, `apply_replacements`)
 */
function patchedText(original: string, chunks: UpdateChunk[], path: string): string {
  const file = new PatchSourceFile(original);
  const lines = file.texts();
  const replacements: [number, number, string[]][] = [];
  let index = 0;
  for (const chunk of chunks) {
    if (chunk.context !== null) {
      const at = seekSequence(lines, [chunk.context], index, false);
      if (at === null) throw new PatchVerifyError(`Failed to find context '${chunk.context}' in ${path}`);
      index = at + 1;
    }
    if (chunk.oldLines.length === 0) {
      replacements.push([lines.length > 0 && lines[lines.length - 1] === "" ? lines.length - 1 : lines.length, 0, chunk.newLines]);
      continue;
    }
    let pattern = chunk.oldLines;
    let items = chunk.items;
    let found = seekSequence(lines, pattern, index, chunk.endOfFile);
    if (found === null && pattern[pattern.length - 1] === "") {
      const last = items[items.length - 1]!;
      if (last.kind !== " ") throw new UnsupportedError("codex-cli: retrying a chunk whose last old line is a removed empty line is not modelled");
      pattern = pattern.slice(0, -1);
      items = items.slice(0, -1);
      found = seekSequence(lines, pattern, index, chunk.endOfFile);
    }
    if (found === null) throw new PatchVerifyError(`Failed to find expected lines in ${path}:\n${chunk.oldLines.join("\n")}`);
    replacements.push(...runsBetweenContext(items, found));
    index = found + pattern.length;
  }
  replacements.sort((a, b) => a[0] - b[0]);
  file.apply(replacements);
  return file.contents();
}

/**
 * A matched chunk as replacements of the runs of removed and added lines between its context
 * lines: the file's own context lines stay as they are (text and ending), even where they matched
 * only with whitespace ignored (observed: context ` indented` left `  indented` untouched).
 * @see spec §4.2
 */
function runsBetweenContext(items: UpdateChunk["items"], start: number): [number, number, string[]][] {
  const runs: [number, number, string[]][] = [];
  let at = start;
  let run: [number, number, string[]] | null = null;
  for (const item of items) {
    if (item.kind === " ") {
      if (run !== null) runs.push(run);
      run = null;
      at++;
      continue;
    }
    run ??= [at, 0, []];
    if (item.kind === "-") {
      run[1]++;
      at++;
    } else run[2].push(item.text);
  }
  if (run !== null) runs.push(run);
  return runs;
}

/** Unicode punctuation and spaces Codex folds to ASCII in its last matching pass. */
function normalise(line: string): string {
  return rustTrim(line)
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/[\u2018\u2019\u201A\u201B]/g, "'")
    .replace(/[\u201C\u201D\u201E\u201F]/g, '"')
    .replace(/[\u00A0\u2002-\u200A\u202F\u205F\u3000]/g, " ");
}

const PASSES: ((line: string) => string)[] = [(line) => line, rustTrimEnd, rustTrim, normalise];

/**
 * Where `pattern` starts in `lines` at or after `start` (from the end when `eof`), trying exact
 * lines, then trailing whitespace ignored, then both ends trimmed, then punctuation folded.
 * @see spec §4.2 (source codex-rs/apply-patch/src/seek_sequence.rs)
 */
function seekSequence(lines: string[], pattern: string[], start: number, eof: boolean): number | null {
  if (pattern.length === 0) return start;
  if (pattern.length > lines.length) return null;
  const from = eof && lines.length >= pattern.length ? lines.length - pattern.length : start;
  for (const pass of PASSES) {
    for (let at = from; at <= lines.length - pattern.length; at++) {
      if (pattern.every((line, offset) => pass(lines[at + offset]!) === pass(line))) return at;
    }
  }
  return null;
}
