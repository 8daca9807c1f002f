import { decodeBase64 } from "../../../text/base64.js";
import { relativePath } from "../../../text/path-posix.js";
import { utf8Length } from "../../../text/utf8-length.js";
import type { OutputStorePort } from "../../output-store-port.js";
import { UnsupportedError } from "../../profile.js";
import type { ClaudeCodeResult } from "../claude-result.js";
import { changedOnDiskNote, modifiedFilesHint } from "./claude-changed-on-disk.js";
import { claudeNextCwd, environmentUpdateNote, withCwdReset } from "./claude-shell-cwd.js";

/** Output over this many UTF-8 bytes is persisted (success) or cut to them (failure). @see spec §3.3, §3.4 */
export const BASH_MAX_OUTPUT_LENGTH = 30000;
/** The persisted-output preview: the first 2,000 characters. @see spec §3.3 */
export const PERSISTED_PREVIEW_LENGTH = 2000;
/** A failure's text is cut in its middle to this many characters, keeping half at each end… @see spec §3.4 */
export const ERROR_MAX_LENGTH = 10000;
/** …once it is longer than 10,000 + 1,024 characters (bundle: `cp(e, n = K9t)` returns `e` while `e.length <= n + lI`, `K9t = 1e4`, `lI = 1024`; observed: 10,001 whole). @see spec §3.4 */
const ERROR_CUT_SLACK = 1024;

/** The observed facts of a Bash call (observations/command-run): stdout and stderr merged in arrival order. */
export interface ClaudeBashObservation {
  output?: string;
  outputBase64?: string;
  exitCode?: number | null;
  /** The session's working directory the command ran in, and the workspace. */
  cwd?: string;
  workspace?: string;
  /** The shell's physical working directory at the end of a command that succeeded. */
  endCwd?: string;
  /** Files the session knew that the command changed whose note is not pinned. */
  changedKnownFiles?: string[];
  /** Files the session last wrote that the command changed: the text the session held (null: over 4,096 bytes, none) and the new one. §5.4 */
  changedWrittenFiles?: { path: string; before: string | null; after: string }[];
  /** Known files whose modification time a formatting or in-place command changed. §5.4 */
  modifiedKnownFiles?: string[];
  /** Known files an earlier command changed less than a second before this write command started (whether the hint names them is a race). §5.4 */
  racedKnownFiles?: string[];
  /** The command ran past this timeout (ms) having printed nothing, and was killed. §3.1 */
  timedOutMs?: number;
  /** Its exit code is no failure for the binary (exit 1 of grep, find, diff, test, [). §3.4 */
  quietExit?: true;
  /** Its lines come from the embedded ugrep or bfs, whose order differs from run to run: the agent's order of the same lines is adopted. §3.1 */
  unorderedLines?: true;
}

/** The output as text: UTF-8 with every invalid sequence as U+FFFD. @see spec §3.2 */
function outputText(observation: ClaudeBashObservation): string {
  if (observation.output !== undefined) return observation.output;
  if (observation.outputBase64 !== undefined) return new TextDecoder("utf-8", { fatal: false, ignoreBOM: true }).decode(decodeBase64(observation.outputBase64));
  return "";
}

/** `106.3KB`, `38KB`, `256KB`: bytes / 1024 with one decimal, a trailing `.0` dropped (observed: 38,893 bytes → `38KB`, 262,145 → `256KB`). @see spec §3.3, §4.5 */
export function claudeKilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1).replace(/\.0$/, "")}KB`;
}

/** The first `count` UTF-16 units of `text`, less a high surrogate left without its pair (bundle: `ee`). @see spec §3.3 */
function headUnits(text: string, count: number): string {
  if (text.length <= count) return text;
  const head = text.slice(0, count);
  return isHighSurrogate(head.charCodeAt(count - 1)) ? head.slice(0, -1) : head;
}

/** The last `count` UTF-16 units of `text`, less a low surrogate left without its pair (bundle: `Za`). @see spec §3.4 */
function tailUnits(text: string, count: number): string {
  if (text.length <= count) return text;
  const tail = text.slice(-count);
  return isLowSurrogate(tail.charCodeAt(0)) ? tail.slice(1) : tail;
}

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/**
 * The preview of a persisted output: its first 2,000 UTF-16 units, cut back to before the last
 * newline among them only when that newline lies past the 1,000th unit, never leaving half a
 * surrogate pair (bundle: `h$e`, `o > n * 0.5 ? o : n`). @see spec §3.3
 */
export function persistedPreview(text: string): string {
  const newline = text.slice(0, PERSISTED_PREVIEW_LENGTH).lastIndexOf("\n");
  const preview = headUnits(text, newline > PERSISTED_PREVIEW_LENGTH / 2 ? newline : PERSISTED_PREVIEW_LENGTH);
  // the binary passes the preview through a tag neutraliser for `persisted-output` (bundle: `K`, `HLt`) whose rewriting is not pinned
  if (preview.includes("persisted-output"))
    throw new UnsupportedError("claude-code: a persisted-output preview holding the text `persisted-output` (the binary neutralises that tag) is not modelled (docs/spec/claude-code-2.1.332.md §3.3)");
  return preview;
}

/** A truncation marker already in a text: its count is carried into the marker that replaces it (bundle: `uI`). */
const TRUNCATION_MARKER = /\n\n\.\.\. \[(\d+) characters truncated\] \.\.\.\n\n/g;

/**
 * A failure's text past 11,024 units: its first 5,000 and last 5,000 units (never half a surrogate
 * pair) around `⏎⏎... [K characters truncated] ...⏎⏎`, K the units left out plus what the markers
 * among them had already left out (bundle: `cp`, `MH`, `ee`, `Za`). @see spec §3.4
 */
export function cutErrorMiddle(text: string): string {
  if (text.length <= ERROR_MAX_LENGTH + ERROR_CUT_SLACK) return text;
  const half = ERROR_MAX_LENGTH / 2;
  const head = headUnits(text, half);
  const tail = tailUnits(text, half);
  let carried = 0;
  for (const marker of text.slice(half, text.length - half).matchAll(TRUNCATION_MARKER)) {
    const count = marker[1]!.length <= 15 ? Number(marker[1]) : Number.NaN;
    if (Number.isSafeInteger(count) && count >= marker[0].length) carried += count - marker[0].length;
  }
  const left = text.length - head.length - tail.length + carried;
  return `${head}\n\n... [${left} characters truncated] ...\n\n${tail}`;
}

/**
 * A Bash result: the merged output without its leading newlines and trailing whitespace; on a
 * non-zero exit `Exit code N` first and `is_error: true`; no output on success is
 * `(Bash completed with no output)`; a success over 30,000 characters is saved whole and answered
 * with the persisted-output block, a failure over it is cut to its first 30,000 characters.
 * @see docs/spec/claude-code-2.1.332.md §3
 */
export function formatClaudeBash(observation: ClaudeBashObservation, store: OutputStorePort): ClaudeCodeResult {
  // Killed at its timeout before it printed anything: exit 143 and the timeout in whole seconds, rounded down (observed: 1000, 1500 → 1s; 2000, 2500 → 2s). §3.1
  if (observation.timedOutMs !== undefined) return { content: `Exit code 143\nCommand timed out after ${Math.floor(observation.timedOutMs / 1000)}s`, is_error: true };
  if (observation.changedKnownFiles !== undefined) {
    throw new UnsupportedError(
      `claude-code: the command changed ${observation.changedKnownFiles.join(", ")}, whose state the session holds as known (written by Edit or Write, or shown by a \`cat\`) but not for sure (an earlier change, a \`cat\` in a form not observed, a text past Read's token check): the "changed on disk" note is not pinned then (docs/spec/claude-code-2.1.332.md §5.1, §5.4, §9)`,
    );
  }
  const workspace = observation.workspace ?? observation.cwd ?? "";
  const cwd = observation.cwd ?? workspace;
  const next = claudeNextCwd(cwd, observation.endCwd, workspace);
  const changed = (observation.changedWrittenFiles ?? []).flatMap((file) => changedOnDiskNote(file.path, file.before, file.after) ?? []);
  if (next.cwd !== cwd && changed.length > 0)
    throw new UnsupportedError("claude-code: a command that moved the working directory and changed a file the session wrote: how its two notes are placed is not pinned (spec §3.5, §5.4)");
  const notes = next.cwd !== cwd ? [environmentUpdateNote(next.cwd, cwd)] : changed.length > 0 ? [changed.join("\n\n")] : undefined;
  const output = outputText(observation);
  const raw = next.reset ? withCwdReset(output, workspace) : output;
  const written = observation.outputBase64 !== undefined ? decodeBase64(observation.outputBase64).length : utf8Length(output);
  const result = formatClaudeBashText(raw, written, observation.quietExit === true ? 0 : (observation.exitCode ?? 0), store);
  if (observation.racedKnownFiles !== undefined)
    throw new UnsupportedError(
      `claude-code: ${observation.racedKnownFiles.join(", ")} changed by an earlier command less than a second before this write command: whether its hint names them depends on the clock (the binary compares with the call's start floored to the second, spec §5.4)`,
    );
  const modified = observation.modifiedKnownFiles ?? [];
  if (modified.length > 1) throw new UnsupportedError(`claude-code: the command modified ${modified.length} known files: the binary names them in the order its checks of them finish (spec §5.4)`);
  if (modified.length === 1) {
    if (result.is_error === true) throw new UnsupportedError("claude-code: a failing command that modified a known file: where the hint goes is not pinned (spec §5.4)");
    const hint = modifiedFilesHint(modified.map((path) => relativePath(next.cwd, path) || path));
    result.content = raw.replace(/^\n+/, "").trimEnd() === "" ? hint : `${String(result.content)}\n${hint}`;
  }
  return { ...result, ...(notes === undefined ? {} : { notes }) };
}

/** The first 30,000 UTF-8 bytes of a failing command's text (observed: 54,898 bytes of `line N ✓` lines cut to 25,556 characters). @see spec §3.4 */
function firstBytes(text: string): string {
  const bytes = new TextEncoder().encode(text);
  if (bytes.length <= BASH_MAX_OUTPUT_LENGTH) return text;
  // A cut inside a multi-byte character leaves one U+FFFD for the piece (observed with 2 bytes of
  // a 3-byte and of a 4-byte character: claude-unseen5-surrogates calls 7 and 8), as a decoder does.
  return new TextDecoder().decode(bytes.subarray(0, BASH_MAX_OUTPUT_LENGTH));
}

/** The result for a command's output text, the output's UTF-8 bytes as the command wrote them, and its exit code (§3.2–§3.4). */
function formatClaudeBashText(raw: string, outputBytes: number, code: number, store: OutputStorePort): ClaudeCodeResult {
  const text = raw.replace(/^\n+/, "").trimEnd();
  if (code !== 0) {
    // The cut is trimmed again: a cut ending in white space loses it (observed: unseen batch 13's probe — `start` and 40,000 spaces then `tail` → `Exit code 4⏎start`). §3.4
    const output = firstBytes(text).trimEnd();
    return { content: cutErrorMiddle(output === "" ? `Exit code ${code}` : `Exit code ${code}\n${output}`), is_error: true };
  }
  if (text === "") return { content: "(Bash completed with no output)", is_error: false };
  // The threshold counts the output's UTF-8 bytes as written, a final newline included (10,500 × ✓ = 31,500 bytes
  // and 16,000 × é = 32,000 bytes were persisted; 30,000 bytes of € and a newline too, as 29.3KB). §3.3
  if (outputBytes <= BASH_MAX_OUTPUT_LENGTH) return { content: text, is_error: false };
  const path = store.write(text);
  const size = claudeKilobytes(outputBytes);
  const preview = persistedPreview(text);
  return {
    content: `<persisted-output>\nOutput too large (${size}). Full output saved to: ${path}\n\nPreview (first 2KB):\n${preview}\n...\n</persisted-output>`,
    is_error: false,
  };
}
