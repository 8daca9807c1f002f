import { decodeBase64 } from "../../../text/base64.js";
import { relativePath } from "../../../text/path-posix.js";
import { utf8Length } from "../../../text/utf8-length.js";
import type { OutputStorePort } from "../../output-store-port.js";
import { UnsupportedError } from "../../profile.js";
import type { ClaudeCodeResult } from "../claude-result.js";
import { changedOnDiskNote, modifiedFilesHint } from "./claude-changed-on-disk.js";
import { claudeNextCwd, environmentUpdateNote, withCwdReset } from "./claude-shell-cwd.js";

/** Output over this many characters is persisted (success) or cut (failure). @see spec §3.3 */
export const BASH_MAX_OUTPUT_LENGTH = 30000;
/** The persisted-output preview: the first 2,000 characters. @see spec §3.3 */
export const PERSISTED_PREVIEW_LENGTH = 2000;
/** A failure's text is cut in its middle past this many characters, keeping half at each end. @see spec §3.4 */
export const ERROR_MAX_LENGTH = 10000;

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
}

/** The output as text: UTF-8 with every invalid sequence as U+FFFD. @see spec §3.2 */
function outputText(observation: ClaudeBashObservation): string {
  if (observation.output !== undefined) return observation.output;
  if (observation.outputBase64 !== undefined) return new TextDecoder("utf-8", { fatal: false, ignoreBOM: true }).decode(decodeBase64(observation.outputBase64));
  return "";
}

/** `106.3KB`: bytes / 1024 with one decimal. @see spec §3.3 */
export function claudeKilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)}KB`;
}

/** The preview of a persisted output: its first 2,000 characters, cut back to before the last newline among them when there is one. @see spec §3.3 */
export function persistedPreview(text: string): string {
  const head = text.slice(0, PERSISTED_PREVIEW_LENGTH);
  const newline = head.lastIndexOf("\n");
  return newline > 0 ? head.slice(0, newline) : head;
}

/** A failure's text past 10,000 characters: the first and last 5,000 around a count of what was left out. @see spec §3.4 */
export function cutErrorMiddle(text: string): string {
  if (text.length <= ERROR_MAX_LENGTH) return text;
  const half = ERROR_MAX_LENGTH / 2;
  return `${text.slice(0, half)}\n\n... [${text.length - ERROR_MAX_LENGTH} characters truncated] ...\n\n${text.slice(text.length - half)}`;
}

/**
 * A Bash result: the merged output without its leading newlines and trailing whitespace; on a
 * non-zero exit `Exit code N` first and `is_error: true`; no output on success is
 * `(Bash completed with no output)`; a success over 30,000 characters is saved whole and answered
 * with the persisted-output block, a failure over it is cut to its first 30,000 characters.
 * @see docs/spec/claude-code-2.1.332.md §3
 */
export function formatClaudeBash(observation: ClaudeBashObservation, store: OutputStorePort): ClaudeCodeResult {
  if (observation.changedKnownFiles !== undefined) {
    throw new UnsupportedError(
      `claude-code: the command changed ${observation.changedKnownFiles.join(", ")}, which the session had written (Edit or Write) and whose state it no longer knows for sure (changed before, or past Read's token check): the "changed on disk" note is not pinned then (docs/spec/claude-code-2.1.332.md §5.4, §9)`,
    );
  }
  const workspace = observation.workspace ?? observation.cwd ?? "";
  const cwd = observation.cwd ?? workspace;
  const next = claudeNextCwd(cwd, observation.endCwd, workspace);
  const changed = (observation.changedWrittenFiles ?? []).flatMap((file) => changedOnDiskNote(file.path, file.before, file.after) ?? []);
  if (next.cwd !== cwd && changed.length > 0)
    throw new UnsupportedError("claude-code: a command that moved the working directory and changed a file the session wrote: how its two notes are placed is not pinned (spec §3.5, §5.4)");
  const notes = next.cwd !== cwd ? [environmentUpdateNote(next.cwd, cwd)] : changed.length > 0 ? [changed.join("\n\n")] : undefined;
  const raw = next.reset ? withCwdReset(outputText(observation), workspace) : outputText(observation);
  const result = formatClaudeBashText(raw, observation.exitCode ?? 0, store);
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

/** The result for a command's output text and exit code (§3.2–§3.4). */
function formatClaudeBashText(raw: string, code: number, store: OutputStorePort): ClaudeCodeResult {
  const text = raw.replace(/^\n+/, "").trimEnd();
  if (code !== 0) {
    const output = text.length > BASH_MAX_OUTPUT_LENGTH ? text.slice(0, BASH_MAX_OUTPUT_LENGTH) : text;
    return { content: cutErrorMiddle(output === "" ? `Exit code ${code}` : `Exit code ${code}\n${output}`), is_error: true };
  }
  if (text === "") return { content: "(Bash completed with no output)", is_error: false };
  // The threshold counts UTF-8 bytes (10,500 × ✓ = 31,500 bytes and 16,000 × é = 32,000 bytes were persisted). §3.3
  if (utf8Length(text) <= BASH_MAX_OUTPUT_LENGTH) return { content: text, is_error: false };
  const path = store.write(text);
  const size = claudeKilobytes(utf8Length(text));
  const preview = persistedPreview(text);
  return {
    content: `<persisted-output>\nOutput too large (${size}). Full output saved to: ${path}\n\nPreview (first 2KB):\n${preview}\n...\n</persisted-output>`,
    is_error: false,
  };
}
