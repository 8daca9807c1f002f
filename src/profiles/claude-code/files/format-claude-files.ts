import { decodeBase64 } from "../../../text/base64.js";
import { utf8Length } from "../../../text/utf8-length.js";
import { claudeKilobytes } from "../bash/format-claude-bash.js";
import { type ClaudeCodeResult, claudeError, toolUseError } from "../claude-result.js";

/** Read refuses a whole file over 256 KB (262,144 bytes) when neither offset nor limit is given. @see spec §4.5 */
export const READ_MAX_SIZE_BYTES = 256 * 1024;
/** Read's token cap: a whole file the provider counts over this many tokens is answered with its first page. @see spec §4.6 */
export const READ_MAX_TOKENS = 25000;

/** The note Edit and Write add when the file's state is known to the session. @see spec §5.1, §6.1 */
export const FILE_STATE_NOTE = " (file state is current in your context — no need to Read it back)";

/** The observed facts of a Read (observations/file-read). */
export interface ClaudeReadObservation {
  path: string;
  kind: "file" | "missing" | "directory" | "outside";
  text?: string;
  base64?: string;
  workspace?: string;
  /** What count_tokens answered for the text (asked for a whole file over 25,000 bytes). */
  tokens?: number;
}

/** The observed facts of an Edit or a Write (observations/file-changed). */
export interface ClaudeChangeObservation {
  path: string;
  before: string | null;
  after?: string | null;
  known?: boolean;
}

const missingText = (cwd: string) => `File does not exist. Note: your current working directory is ${cwd}.`;

function readText(observation: ClaudeReadObservation): string {
  if (observation.text !== undefined) return observation.text;
  if (observation.base64 !== undefined) return new TextDecoder("utf-8", { fatal: false }).decode(decodeBase64(observation.base64));
  return "";
}

function readBytes(observation: ClaudeReadObservation): number {
  if (observation.text !== undefined) return utf8Length(observation.text);
  return observation.base64 !== undefined ? decodeBase64(observation.base64).length : 0;
}

/**
 * A Read result: `N\tline` for each line from `offset` (1-based, default 1) for `limit` lines
 * (default: all), lines split at LF with a CR before it dropped, the empty piece after a final
 * newline numbered too; an empty file and an offset past the end answer a warning reminder; a
 * missing path, a directory and a whole file over 256 KB are errors; a whole file counted over
 * 25,000 tokens is answered with its first lines (their count scaled by 25,000 / tokens × 0.85)
 * and the truncation notice as a system note. @see spec §4
 */
export function formatClaudeRead(input: Record<string, unknown>, observation: ClaudeReadObservation, cwd: string): ClaudeCodeResult {
  if (observation.kind === "missing") return claudeError(missingText(cwd));
  if (observation.kind === "directory") return claudeError(`EISDIR: illegal operation on a directory, read '${observation.path}'`);
  const offset = typeof input.offset === "number" ? input.offset : undefined;
  const limit = typeof input.limit === "number" ? input.limit : undefined;
  const size = readBytes(observation);
  if (offset === undefined && limit === undefined && size > READ_MAX_SIZE_BYTES) {
    return claudeError(
      `File content (${claudeKilobytes(size)}) exceeds maximum allowed size (256KB). Use offset and limit parameters to read specific portions of the file, or search for specific content instead of reading the whole file. To read it anyway, up to what still fits in your context, call Read again with allow_large: true — only if you genuinely need all of it or the user asked for the whole file.`,
    );
  }
  const text = readText(observation);
  if (text === "") return { content: "<system-reminder>Warning: the file exists but the contents are empty.</system-reminder>" };
  const lines = text.split(/\r?\n/);
  const start = offset === undefined || offset < 1 ? 1 : offset;
  if (start > lines.length) {
    return { content: `<system-reminder>Warning: the file exists but is shorter than the provided offset (${start}). The file has ${lines.length} lines.</system-reminder>` };
  }
  const numbered = (shown: string[]) => shown.map((line, index) => `${start + index}\t${line}`).join("\n");
  const tokens = observation.tokens;
  if (offset === undefined && limit === undefined && tokens !== undefined && tokens > READ_MAX_TOKENS) {
    const page = Math.floor(((lines.length * READ_MAX_TOKENS) / tokens) * 0.85);
    const note =
      `[Truncated: PARTIAL view — ${observation.path}: showing lines 1-${page} of ${lines.length} total (${tokens} tokens, cap ${READ_MAX_TOKENS}). ` +
      `Call Read with offset=${page + 1} limit=${page} for the next page, or Grep to find a specific section. To read it anyway, up to what still fits in your context, call Read again with allow_large: true — only if you genuinely need all of it or the user asked for the whole file. Do NOT answer from this page alone if the answer may be further in the file.]`;
    return { content: numbered(lines.slice(0, page)), notes: [note] };
  }
  const shown = lines.slice(start - 1, limit === undefined ? undefined : start - 1 + limit);
  return { content: numbered(shown) };
}

/** How many times `needle` occurs in `text`, without overlaps. */
function occurrences(text: string, needle: string): number {
  let count = 0;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) count++;
  return count;
}

/**
 * An Edit result, from the file's text before and the arguments: identical strings, a missing file
 * (unless old_string is empty: then it is created), an empty old_string on an existing file, a
 * string not found, several matches without replace_all — each a `<tool_use_error>`; otherwise the
 * success line, with the file-state note when the session knew the file or the edit created it.
 * @see spec §5
 */
export function formatClaudeEdit(input: Record<string, unknown>, observation: ClaudeChangeObservation, cwd: string): ClaudeCodeResult {
  const path = String(input.file_path);
  const oldString = String(input.old_string);
  const newString = String(input.new_string);
  if (oldString === newString) return toolUseError("No changes to make: old_string and new_string are exactly the same.");
  if (observation.before === null) {
    if (oldString !== "") return toolUseError(missingText(cwd));
    return { content: `The file ${path} has been updated successfully.${FILE_STATE_NOTE}` };
  }
  if (oldString === "") {
    if (observation.before !== "") return toolUseError("Cannot create new file - file already exists.");
  } else {
    const count = occurrences(observation.before, oldString);
    if (count === 0) return toolUseError(`String to replace not found in file.\nString: ${oldString}`);
    if (count > 1 && input.replace_all !== true) {
      return toolUseError(
        `Found ${count} matches of the string to replace, but replace_all is false. To replace all occurrences, set replace_all to true. To replace only one occurrence, please provide more context to uniquely identify the instance.\nString: ${oldString}`,
      );
    }
  }
  const note = observation.known === true ? FILE_STATE_NOTE : "";
  if (input.replace_all === true) return { content: `The file ${path} has been updated. All occurrences were successfully replaced.${note}` };
  return { content: `The file ${path} has been updated successfully.${note}` };
}

/** The text an Edit leaves (null when it is refused): the one or every occurrence replaced, literally. @see spec §5 */
export function claudeEditedText(input: Record<string, unknown>, before: string | null): string | null {
  const oldString = String(input.old_string);
  const newString = String(input.new_string);
  if (oldString === newString) return null;
  if (before === null) return oldString === "" ? newString : null;
  if (oldString === "") return before === "" ? newString : null;
  const count = occurrences(before, oldString);
  if (count === 0 || (count > 1 && input.replace_all !== true)) return null;
  return input.replace_all === true ? before.split(oldString).join(newString) : before.replace(oldString, () => newString);
}

/** A Write result: created, or updated (an existing file, read or not). @see spec §6 */
export function formatClaudeWrite(input: Record<string, unknown>, observation: ClaudeChangeObservation): ClaudeCodeResult {
  const path = String(input.file_path);
  if (observation.before === null) return { content: `File created successfully at: ${path}${FILE_STATE_NOTE}` };
  return { content: `The file ${path} has been updated successfully.${FILE_STATE_NOTE}` };
}
