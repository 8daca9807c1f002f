import type { PatchAppliedObservation } from "../../../generated/schema-types.js";
import { resolvePath } from "../../../text/path-posix.js";
import { type EnvironmentPort, isFsFailure } from "../../environment-port.js";
import { UnsupportedError } from "../../profile.js";
import { rustIoError } from "../rust-io-error.js";
import { type Hunk, PatchParseError, parsePatch, type UpdateChunk } from "./apply-patch-parse.js";

/** A planned effect: a file's new text, or its removal. */
type Effect = { path: string; text: string } | { path: string; remove: true };

/** A verification failure, with Codex's message. */
class PatchVerifyError extends Error {}

/**
 * apply_patch: parse the patch (spec §4.1), verify every hunk against the workspace before
 * writing anything (spec §4.2: a file to update or delete must be readable; each chunk's context
 * and old lines must be found), then apply: added files written (parents created, an existing
 * file overwritten), updated files rewritten, moved files written at the destination and removed
 * at the source, deleted files removed. The port has no delete: the profile removes a file by
 * running `rm -f -- <path>` through it.
 * @see spec §4 (observed bytes; source codex-rs/apply-patch/src/lib.rs, parser.rs, seek_sequence.rs)
 */
export async function runApplyPatch(input: unknown, environment: EnvironmentPort): Promise<PatchAppliedObservation> {
  if (typeof input !== "string") throw new UnsupportedError("codex-cli: apply_patch is a freeform tool; a JSON-arguments call is not modelled");
  let hunks: Hunk[];
  try {
    hunks = parsePatch(input);
  } catch (error) {
    if (error instanceof PatchParseError) return { refused: "invalid", message: error.message };
    throw error;
  }
  if (hunks.length === 0) return { refused: "empty" };
  const effects: Effect[] = [];
  const changes: { action: "add" | "modify" | "delete"; path: string }[] = [];
  try {
    for (const hunk of hunks) {
      const path = resolvePath(environment.workspace, hunk.path);
      if (hunk.kind === "add") {
        effects.push({ path, text: hunk.contents });
        changes.push({ action: "add", path: hunk.path });
      } else if (hunk.kind === "delete") {
        await readText(environment, path, `Failed to read ${path}`);
        effects.push({ path, remove: true });
        changes.push({ action: "delete", path: hunk.path });
      } else {
        const original = await readText(environment, path, `Failed to read file to update ${path}`);
        const text = applyChunks(original, hunk.chunks, path);
        if (hunk.movePath !== null) {
          effects.push({ path: resolvePath(environment.workspace, hunk.movePath), text }, { path, remove: true });
          changes.push({ action: "modify", path: hunk.movePath });
        } else {
          effects.push({ path, text });
          changes.push({ action: "modify", path: hunk.path });
        }
      }
    }
  } catch (error) {
    if (error instanceof PatchVerifyError) return { refused: "invalid", message: error.message };
    throw error;
  }
  for (const effect of effects) {
    if ("remove" in effect) {
      const run = await environment.run({ file: "rm", args: ["-f", "--", effect.path], cwd: environment.workspace, env: environment.agentEnv });
      if (run.exitCode !== 0) throw new UnsupportedError(`codex-cli: removing ${effect.path} failed; a failed write is not modelled`);
    } else {
      const failure = await environment.writeFile(effect.path, new TextEncoder().encode(effect.text), { parents: true });
      if (failure) throw new UnsupportedError(`codex-cli: writing ${effect.path} failed (${failure.failure}); a failed write is not modelled`);
    }
  }
  return { changes };
}

async function readText(environment: EnvironmentPort, path: string, what: string): Promise<string> {
  const bytes = await environment.readFile(path);
  if (isFsFailure(bytes)) throw new PatchVerifyError(`${what}: ${rustIoError(bytes.failure)}`);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new UnsupportedError("codex-cli: patching a file that is not UTF-8 is not modelled");
  }
  if (text.includes("\r")) throw new UnsupportedError("codex-cli: patching a file with CR line endings is not modelled");
  return text;
}

/**
 * The file's new text: lines split at `\n` (the empty piece after a final newline dropped); for
 * each chunk in order, its `@@ context` line is sought from the current position (then the
 * position moves past it), its old lines are sought from there (from the end for `*** End of
 * File`), retried without a final empty line; replacements are applied last to first; the
 * result always ends with a newline.
 * @see spec §4.2 (source codex-rs/apply-patch/src/lib.rs `compute_replacements`, `apply_replacements`)
 */
function applyChunks(original: string, chunks: UpdateChunk[], path: string): string {
  const lines = original.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
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
    let replacement = chunk.newLines;
    let found = seekSequence(lines, pattern, index, chunk.endOfFile);
    if (found === null && pattern[pattern.length - 1] === "") {
      pattern = pattern.slice(0, -1);
      if (replacement[replacement.length - 1] === "") replacement = replacement.slice(0, -1);
      found = seekSequence(lines, pattern, index, chunk.endOfFile);
    }
    if (found === null) throw new PatchVerifyError(`Failed to find expected lines in ${path}:\n${chunk.oldLines.join("\n")}`);
    replacements.push([found, pattern.length, replacement]);
    index = found + pattern.length;
  }
  replacements.sort((a, b) => a[0] - b[0]);
  const result = [...lines];
  for (const [start, length, added] of [...replacements].reverse()) result.splice(start, length, ...added);
  if (result[result.length - 1] !== "") result.push("");
  return result.join("\n");
}

/** Unicode punctuation and spaces Codex folds to ASCII in its last matching pass. */
function normalise(line: string): string {
  return line
    .trim()
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/[\u2018\u2019\u201A\u201B]/g, "'")
    .replace(/[\u201C\u201D\u201E\u201F]/g, '"')
    .replace(/[\u00A0\u2002-\u200A\u202F\u205F\u3000]/g, " ");
}

const PASSES: ((line: string) => string)[] = [(line) => line, (line) => line.trimEnd(), (line) => line.trim(), normalise];

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
