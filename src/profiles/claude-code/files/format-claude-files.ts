import { decodeBase64 } from "../../../text/base64.js";
import { extnamePath } from "../../../text/path-posix.js";
import { utf8Length } from "../../../text/utf8-length.js";
import { UnsupportedError } from "../../profile.js";
import { claudeKilobytes } from "../bash/format-claude-bash.js";
import { type ClaudeCodeResult, claudeError, toolUseError } from "../claude-result.js";
import { type ClaudePermissionDenied, formatClaudePermissionDenied } from "./claude-permission-denied.js";
import { formatClaudeReadKind } from "./format-claude-read-kind.js";

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
  /** The session's working directory when a `cd` moved it from the workspace (§3.5). */
  cwd?: string;
  /** The path's extension is one Read refuses as binary; nothing was read (§4.7). */
  binaryExtension?: boolean;
  /** A missing path: what ` Did you mean …?` names (§4.3). */
  suggestion?: string;
  /** Why the path could not be read when it is not plain ENOENT (`ENOTDIR`: a path below a file, §4.3). */
  failure?: string;
  /** The system refused the file for want of permission (a run as another user, §12). */
  denied?: ClaudePermissionDenied;
  /** What count_tokens answered for the text (asked for a whole file over 25,000 bytes). */
  tokens?: number;
  /** A PDF read by `pages`: whether pdftoppm is on the agent's PATH (§4.8). */
  pdftoppm?: boolean;
}

/** The `pages` values Read takes: one page or one range, 1-based (`"3"`, `"1-5"`). */
const PAGES = /^[1-9]\d*(-[1-9]\d*)?$/;

/**
 * Read's check of `pages`, before the path is looked at (observed: `missing.pdf` with `"abc"`):
 * a list, `"0"` or no number at all is refused; other shapes the pattern does not take are not
 * pinned. Null when `pages` is absent or valid. @see spec §4.8
 */
function pagesRefusal(pages: unknown): ClaudeCodeResult | null {
  if (pages === undefined) return null;
  const text = String(pages);
  if (PAGES.test(text)) {
    const [from, to] = text.split("-").map(Number);
    if (to !== undefined && from !== undefined && to < from) throw new UnsupportedError("claude-code: a Read pages range that runs backwards is not pinned (spec §4.8)");
    return null;
  }
  if (text.includes(",") || text === "0" || !/\d/.test(text)) {
    return toolUseError(
      `Invalid pages parameter: ${JSON.stringify(text)}. Give one page ("3") or one range ("1-5"), not a list. To read several pages or ranges, read each one separately. Pages are 1-indexed.`,
    );
  }
  throw new UnsupportedError(`claude-code: Read pages ${JSON.stringify(text)} is not pinned (spec §4.8)`);
}

/** The observed facts of an Edit or a Write (observations/file-changed). */
export interface ClaudeChangeObservation {
  path: string;
  before: string | null;
  after?: string | null;
  known?: boolean;
  /** The file's text on disk differs from what the session last saw (§5.4). */
  stale?: boolean;
  /** The session's working directory when a `cd` moved it from the workspace (§3.5). */
  cwd?: string;
  /** A missing path: what ` Did you mean …?` names (§4.3). */
  suggestion?: string;
  /** A Bash command changed the file after the session saw it: whether the binary's note refreshed its state is not pinned (§9). */
  uncertain?: string;
  /** Why nothing was written: `EISDIR` for a directory (§5.2, §6.1). */
  failure?: string;
  /** The system refused the file for want of permission (a run as another user, §12). */
  denied?: ClaudePermissionDenied;
  /** The file's bytes are refused for their encoding: NUL bytes in the first 8 KB, or not valid UTF-8 (§5.2, §6.1). */
  encoding?: "nul" | "invalid";
}

/** What Edit and Write say of a file they refuse for its encoding, after the reason (observed). @see spec §5.2, §6.1 */
const ENCODING_REFUSAL_TAIL =
  " These tools write UTF-8 (or UTF-16LE behind its byte-order mark) and never convert a file's encoding on their own, so nothing was written. If the file is text, make the change with a shell command that reads and writes it in its own encoding (iconv, or PowerShell Get-Content/Set-Content -Encoding), or ask the user whether to convert it to UTF-8 first. To replace the whole file with new UTF-8 text anyway, delete it first, then Write it.";
const ENCODING_REFUSAL_REASON = {
  nul: "File has NUL bytes in its first 8 KB: binary data, UTF-16/UTF-32 without a byte-order mark, or text with embedded NULs.",
  invalid: "File is not valid UTF-8: it uses a legacy encoding such as Windows-1252, Shift-JIS or GBK, or it is binary.",
} as const;

/** The missing-file text, naming the session's working directory and a suggestion. @see spec §4.3 */
const missingText = (cwd: string, suggestion?: string) => `File does not exist. Note: your current working directory is ${cwd}.${suggestion === undefined ? "" : ` Did you mean ${suggestion}?`}`;

/** The note Read appends to a file that is not valid UTF-8. @see spec §4.7 */
export const NOT_UTF8_NOTE =
  "\n\n[This file is not valid UTF-8: it uses a legacy encoding such as Windows-1252, Shift-JIS or GBK, or it is binary. Its undecodable bytes show above as U+FFFD. Edit and Write will refuse it: change it with a shell command that keeps its encoding, or ask the user whether to convert it to UTF-8.]";

/** The note Read appends to a file with a NUL among its first 8,000 bytes. @see spec §4.7 */
export const NUL_NOTE =
  "\n\n[This file has NUL bytes in its first 8 KB: binary data, UTF-16/UTF-32 without a byte-order mark, or text with embedded NULs. Edit and Write will refuse it: change it with a shell command that keeps its encoding, or ask the user whether to convert it to UTF-8.]";

/** The note Read appends to a file that starts with the UTF-16BE byte-order mark (observed, `claude-unseen2-read-encodings`). @see spec §4.7 */
export const UTF16BE_NOTE =
  "\n\n[This file is UTF-16 big-endian (it starts FE FF), which these tools cannot write. Edit and Write will refuse it: change it with a shell command that keeps its encoding, or ask the user whether to convert it to UTF-8.]";

/** The note Edit adds instead of the file-state note when the file had changed on disk since the session saw it. @see spec §5.4 */
/** Edit's and Write's refusal of a file changed on disk since the session read it (observed). @see spec §5.4, §6.1 */
const MODIFIED_SINCE_READ = "File has been modified since read, either by the user or by a linter. Read it again before attempting to write it.";

export const STALE_EDIT_NOTE =
  " (note: the file had been modified on disk since you last read it — the edit applied cleanly, but the file contains other changes not in your context. Read it before edits that depend on surrounding content.)";

/**
 * The file's text and the note Read appends for what is not text, as the binary classifies the
 * bytes: `FF FE` first is UTF-16LE (decoded, no note); `FE FF` first is UTF-16BE (not modelled); a
 * NUL among the first 8,000 bytes, then invalid UTF-8, each get their note. UTF-8 is decoded with
 * a BOM dropped and invalid sequences as U+FFFD. @see spec §4.7
 */
function readText(observation: ClaudeReadObservation): { text: string; note: string } {
  const bytes = observation.base64 !== undefined ? decodeBase64(observation.base64) : new TextEncoder().encode(observation.text ?? "");
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder("utf-16le").decode(bytes), note: "" };
  // UTF-16BE is decoded as UTF-8 (its mark as two U+FFFD, the NULs kept) and gets its own note, not the NUL one (observed: FE FF 00 h 00 i 00 LF → `1⇥��\0h\0i\0⏎2⇥`).
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder("utf-8", { fatal: false, ignoreBOM: true }).decode(bytes), note: UTF16BE_NOTE };
  const text = (observation.text ?? new TextDecoder("utf-8", { fatal: false, ignoreBOM: true }).decode(bytes)).replace(/^\uFEFF/, "");
  if (bytes.subarray(0, 8000).includes(0)) return { text, note: NUL_NOTE };
  return { text, note: observation.text === undefined ? NOT_UTF8_NOTE : "" };
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
export function formatClaudeRead(input: Record<string, unknown>, observation: ClaudeReadObservation, sessionCwd: string): ClaudeCodeResult {
  const cwd = observation.cwd ?? sessionCwd;
  const refusal = pagesRefusal(input.pages);
  if (refusal !== null) return refusal;
  if (input.pages !== undefined && (observation.kind !== "file" || extnamePath(observation.path).toLowerCase() !== ".pdf")) {
    throw new UnsupportedError("claude-code: Read pages of a path that is no PDF file is not pinned (spec §4.8)");
  }
  if (observation.binaryExtension === true) {
    return toolUseError(
      `This tool cannot read binary files. The file appears to be a binary ${extnamePath(observation.path).toLowerCase()} file. Use a skill for this file type if one is available, or a shell command or script that can read the format.`,
    );
  }
  // A file it may not read (a run as another user): the system's error. §4.3, §12
  if (observation.denied !== undefined) return formatClaudePermissionDenied(observation.denied, observation.path);
  // A path below a file: the system's error as the binary words it (observed). §4.3
  if (observation.kind === "missing" && observation.failure === "ENOTDIR") return claudeError(`ENOTDIR: not a directory, open '${observation.path}'`);
  if (observation.kind === "missing") return claudeError(missingText(cwd, observation.suggestion));
  // A path written with a trailing slash is named with one more (observed: `WS/` → `read 'WS//'`, `WS/d/` → `'WS/d//'`; batch 6 judge). §4.3
  if (observation.kind === "directory") return claudeError(`EISDIR: illegal operation on a directory, read '${observation.path}${observation.path.endsWith("/") ? "/" : ""}'`);
  const special = formatClaudeReadKind(input, observation);
  if (special !== undefined) return special;
  // A negative offset reads from line 1; offset 0 reads from line 1 numbered from 0; limit 0 is no limit (observed). §4.2
  const offset = typeof input.offset === "number" && input.offset >= 0 ? input.offset : undefined;
  const limit = typeof input.limit === "number" && input.limit > 0 ? input.limit : undefined;
  const size = readBytes(observation);
  // allow_large lifts both caps (observed: a 299,981-byte file and a 54 KB file over the token cap read whole, no note; batch 6 judge); what bounds it then is not pinned. §4.5, §4.6
  if (input.allow_large === true && offset === undefined && limit === undefined && (size > READ_MAX_SIZE_BYTES || observation.tokens !== undefined)) {
    throw new UnsupportedError("claude-code: Read with allow_large of a file over the size or token cap is not modelled (docs/spec/claude-code-2.1.332.md §4.5, §4.6, §9)");
  }
  if (offset === undefined && limit === undefined && size > READ_MAX_SIZE_BYTES) {
    return claudeError(
      `File content (${claudeKilobytes(size)}) exceeds maximum allowed size (256KB). Use offset and limit parameters to read specific portions of the file, or search for specific content instead of reading the whole file. To read it anyway, up to what still fits in your context, call Read again with allow_large: true — only if you genuinely need all of it or the user asked for the whole file.`,
    );
  }
  const { text, note } = readText(observation);
  // Lines split at LF, each losing up to two CRs at its end (a lone CR inside a line stays; `a\rb\r` is `a\rb`, `c\r\r\n` is `c`, `b\r\r\r` is `b\r`: unseen batch 11's probes). §4.1
  const lines = text.split("\n").map((line) => line.replace(/\r{1,2}$/, ""));
  if (lines.length === 1 && lines[0] === "" && text.length > 1)
    throw new UnsupportedError("claude-code: Read of a file of two CRs alone (empty once its line endings are taken off, or a line of its own) is not pinned (docs/spec/claude-code-2.1.332.md §4.1)");
  const start = offset === undefined ? 1 : offset;
  // The offset is checked first: an empty file read past its one line says so (seed 26003). §4.2
  if (start > lines.length) {
    return { content: `<system-reminder>Warning: the file exists but is shorter than the provided offset (${start}). The file has ${lines.length} lines.</system-reminder>${note}` };
  }
  // Empty: nothing left once the line endings are taken off (`` and a lone `\r`, seed 26003). §4.1
  if (lines.length === 1 && lines[0] === "") return { content: "<system-reminder>Warning: the file exists but the contents are empty.</system-reminder>" };
  const numbered = (shown: string[]) => shown.map((line, index) => `${start + index}\t${line}`).join("\n") + note;
  const tokens = observation.tokens;
  if (offset === undefined && limit === undefined && tokens !== undefined && tokens > READ_MAX_TOKENS) {
    const page = Math.floor(((lines.length * READ_MAX_TOKENS) / tokens) * 0.85);
    const notice =
      `[Truncated: PARTIAL view — ${observation.path}: showing lines 1-${page} of ${lines.length} total (${tokens} tokens, cap ${READ_MAX_TOKENS}). ` +
      `Call Read with offset=${page + 1} limit=${page} for the next page, or Grep to find a specific section. To read it anyway, up to what still fits in your context, call Read again with allow_large: true — only if you genuinely need all of it or the user asked for the whole file. Do NOT answer from this page alone if the answer may be further in the file.]`;
    return { content: numbered(lines.slice(0, page)), notes: [notice] };
  }
  const first = Math.max(start - 1, 0);
  const shown = lines.slice(first, limit === undefined ? undefined : first + limit);
  return { content: numbered(shown) };
}

/**
 * The text Edit matches in: the file's text with every CRLF as LF (observed: `a\nb` matches in
 * `a\r\nb\r\n`, `Y\r\nc` is not found in a CRLF file). @see spec §5.5
 */
const editableView = (text: string) => text.replaceAll("\r\n", "\n");

/**
 * The line ending an edited file is written with: CRLF when the file's line breaks are CRLF, LF
 * when they are LF (observed: `a\nb\r\nc\n` edited is written with LF). A file whose first line
 * break and most of its line breaks disagree is not pinned. @see spec §5.5
 */
function writtenLineEnding(text: string): "\r\n" | "\n" {
  const crlf = text.split("\r\n").length - 1;
  const lf = text.split("\n").length - 1 - crlf;
  const first = text.indexOf("\n");
  const firstIsCrlf = first > 0 && text[first - 1] === "\r";
  if (crlf > 0 && lf > 0 && firstIsCrlf !== crlf > lf)
    throw new UnsupportedError("claude-code: the line ending Edit writes for a file whose first line break and most of its line breaks differ is not pinned (docs/spec/claude-code-2.1.332.md §5.5)");
  return crlf > lf ? "\r\n" : "\n";
}

/** Curly quotes as the straight ones Edit's quote normalisation reads them as (observed: `say "hello"` matched `say “hello”`). */
const straightQuotes = (text: string) => text.replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"');

/**
 * Refuses, as unsupported, an old_string that is not in the file as written but is once curly
 * quotes read as straight ones: the binary then edits the file and writes the new string in the
 * file's quote style (claude-unseen5-write-endings call 6), a rule not modelled. @see spec §5.2
 */
function refuseQuoteNormalisedMatch(view: string, oldString: string): void {
  if (straightQuotes(view).includes(straightQuotes(oldString)))
    throw new UnsupportedError(
      "claude-code: an Edit whose old_string is found only once curly quotes are read as straight ones: the binary edits the file then, in a quote style not modelled (docs/spec/claude-code-2.1.332.md §5.2)",
    );
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
export function formatClaudeEdit(input: Record<string, unknown>, observation: ClaudeChangeObservation, sessionCwd: string): ClaudeCodeResult {
  const cwd = observation.cwd ?? sessionCwd;
  const path = String(input.file_path);
  if (observation.uncertain !== undefined)
    throw new UnsupportedError(
      `claude-code: what the session holds of ${observation.path} is not pinned (${observation.uncertain}), so what an Edit of it then says is not pinned (docs/spec/claude-code-2.1.332.md §5.1, §5.4)`,
    );
  const oldString = String(input.old_string);
  const newString = String(input.new_string);
  if (observation.denied === "write-temp") return formatClaudePermissionDenied(observation.denied, observation.path);
  if (observation.denied !== undefined) {
    // Observed for an edit that would otherwise apply (strings that differ, old_string not empty), like EISDIR's. §5.2, §12
    if (oldString === newString || oldString === "")
      throw new UnsupportedError(
        `claude-code: an Edit of ${observation.path}, which it may not read, that would be refused anyway: which refusal comes first is not pinned (docs/spec/claude-code-2.1.332.md §12)`,
      );
    return formatClaudePermissionDenied(observation.denied, observation.path);
  }
  if (observation.failure === "EISDIR" || observation.encoding !== undefined) {
    // Observed only for edits that would otherwise apply (a directory: any strings that differ, old_string not empty).
    const applies = observation.failure === "EISDIR" ? oldString !== newString && oldString !== "" : observation.after !== null && observation.after !== undefined;
    if (!applies)
      throw new UnsupportedError(
        `claude-code: an Edit of ${observation.path} (a directory, or a file refused for its encoding) that would be refused anyway: which refusal comes first is not pinned (docs/spec/claude-code-2.1.332.md §5.2)`,
      );
    if (observation.failure === "EISDIR") return toolUseError("Error calling tool (Edit): EISDIR: illegal operation on a directory, read");
    return toolUseError(`${ENCODING_REFUSAL_REASON[observation.encoding!]}${ENCODING_REFUSAL_TAIL}`);
  }
  if (oldString === newString) return toolUseError("No changes to make: old_string and new_string are exactly the same.");
  if (observation.before === null) {
    if (oldString !== "") return toolUseError(missingText(cwd, observation.suggestion));
    return { content: `The file ${path} has been updated successfully.${FILE_STATE_NOTE}` };
  }
  if (oldString === "") {
    if (observation.before !== "") return toolUseError("Cannot create new file - file already exists.");
  } else {
    const view = editableView(observation.before);
    const count = occurrences(view, oldString);
    if (count === 0) refuseQuoteNormalisedMatch(view, oldString);
    // A file changed on disk since it was read: a string it no longer holds is that refusal (observed: batch 9 judge; where it still holds, the edit applies with the stale note). §5.4
    if (count === 0 && observation.stale === true) return toolUseError(MODIFIED_SINCE_READ);
    if (count > 1 && input.replace_all !== true && observation.stale === true)
      throw new UnsupportedError(`claude-code: an Edit of ${observation.path}, changed on disk since it was read, with several matches is not pinned (docs/spec/claude-code-2.1.332.md §5.4)`);
    if (count === 0) return toolUseError(`String to replace not found in file.\nString: ${oldString}`);
    if (count > 1 && input.replace_all !== true) {
      return toolUseError(
        `Found ${count} matches of the string to replace, but replace_all is false. To replace all occurrences, set replace_all to true. To replace only one occurrence, please provide more context to uniquely identify the instance.\nString: ${oldString}`,
      );
    }
  }
  const note = observation.stale === true ? STALE_EDIT_NOTE : observation.known === true ? FILE_STATE_NOTE : "";
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
  const view = editableView(before);
  const count = occurrences(view, oldString);
  if (count === 0) refuseQuoteNormalisedMatch(view, oldString);
  if (count === 0 || (count > 1 && input.replace_all !== true)) return null;
  const edited = input.replace_all === true ? view.split(oldString).join(newString) : view.replace(oldString, () => newString);
  return writtenLineEnding(before) === "\r\n" ? edited.replaceAll("\n", "\r\n") : edited;
}

/** A Write result: created (a new file, or an existing empty one), or updated (an existing file with text, read or not). @see spec §6 */
export function formatClaudeWrite(input: Record<string, unknown>, observation: ClaudeChangeObservation): ClaudeCodeResult {
  const path = String(input.file_path);
  if (observation.failure === "EISDIR") return toolUseError(`${path} is a directory, not a file. To create a file inside it, include the file name in file_path.`);
  if (observation.denied !== undefined) return formatClaudePermissionDenied(observation.denied, observation.path);
  // Write's encoding refusal is a plain error, without `<tool_use_error>` (observed over a file not valid UTF-8). §6.1
  if (observation.encoding !== undefined) return claudeError(`${ENCODING_REFUSAL_REASON[observation.encoding]}${ENCODING_REFUSAL_TAIL}`);
  // Over a file read whole and changed on disk since (observed: batch 9 judge's probe). §6.1
  if (observation.stale === true) return toolUseError(MODIFIED_SINCE_READ);
  // The binary picks the text by whether the old content is truthy (bundle: `if(z)` → update), so an empty file is "created" (unseen batch 15). §6.1
  if (observation.before === null || observation.before === "") return { content: `File created successfully at: ${path}${FILE_STATE_NOTE}` };
  return { content: `The file ${path} has been updated successfully.${FILE_STATE_NOTE}` };
}
