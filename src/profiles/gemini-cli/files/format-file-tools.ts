import { decodeBase64, encodeBase64 } from "../../../text/base64.js";
import { relativePath, resolvePath } from "../../../text/path-posix.js";
import { UnsupportedError } from "../../profile.js";
import { geminiParamsError } from "../gemini-params.js";
import { type GeminiCliResult, geminiError, geminiInput, geminiOutput } from "../gemini-result.js";
import { type GeminiPlace, geminiTempDirectory, outsideWorkspaceMessage, placeViolation, withoutTrailingSlash, workspaceDirectoriesText } from "../gemini-workspace.js";
import { geminiDiffSnippet } from "./gemini-diff-snippet.js";
import { geminiFileType } from "./gemini-file-type.js";
import { filterGeminiIgnored } from "./gemini-ignore-filter.js";
import { applyGeminiReplace } from "./gemini-replace.js";
import { decodeGeminiText } from "./gemini-text-decoding.js";
import { holdsNewPlaceholder, placeholderRefusal } from "./omission-placeholders.js";

/** Lines read_file returns at most, and chars per line. @see spec §3.1 */
const MAX_LINES = 2000;
const MAX_LINE_LENGTH = 2000;
/** Files above this many MiB are refused. @see spec §3.3 */
const MAX_FILE_MB = 20;
/** SVG files above this size are not shown. @see spec §3.3 */
const SVG_MAX_BYTES = 1024 * 1024;
/** The audio formats the CLI names when it refuses one. @see spec §3.3 */
const SUPPORTED_AUDIO_DISPLAY = "MP3, WAV, AIFF, AAC, OGG, and FLAC";

const need = (tool: string, field: string): never => {
  throw new UnsupportedError(`${tool}: the observation lacks ${field}`);
};

/**
 * read_file's result: argument refusals, then what the path was, then the file by its type —
 * text with its line selection, per-line cut and truncation header; binary; an image as a sibling
 * inlineData part.
 * @see docs/spec/gemini-cli-0.61.0.md §3, §1.5
 */
export function formatReadFile(callInput: unknown, observation: Record<string, unknown>, place: GeminiPlace): GeminiCliResult {
  const paramsError = geminiParamsError("read_file", callInput);
  if (paramsError !== null) return geminiError(paramsError);
  const input = geminiInput(callInput);
  if (String(input.file_path).trim() === "") return geminiError("The 'file_path' parameter must be non-empty.");
  const path = typeof observation.path === "string" ? observation.path : need("read_file", "path");
  if (observation.kind === "outside") return geminiError(outsideWorkspaceMessage(path, workspaceDirectoriesText(place), geminiTempDirectory(place.workspace, place.home)));
  const start = input.start_line as number | undefined;
  const end = input.end_line as number | undefined;
  if (start !== undefined && end !== undefined && start > end) return geminiError("start_line cannot be greater than end_line");
  // `.geminiignore` (§4.1), checked before the file is looked at [bundle: read-file.ts validateToolParamValues]
  if (observation.kind === "ignored") return geminiError(`File path '${path}' is ignored by configured ignore patterns.`);
  if (observation.kind === "missing") return geminiError(`File not found: ${path}`);
  if (observation.kind === "directory") return geminiError(`Path is a directory, not a file: ${path}`);
  const bytes =
    typeof observation.base64 === "string" ? decodeBase64(observation.base64) : typeof observation.text === "string" ? new TextEncoder().encode(observation.text) : need("read_file", "base64 or text");
  // The size is checked before the type: `fileSizeInMB > 20`, written with two decimals. §3.3
  if (bytes.length / (1024 * 1024) > MAX_FILE_MB) return geminiError(`File size exceeds the ${MAX_FILE_MB}MB limit: ${path} (${(bytes.length / (1024 * 1024)).toFixed(2)}MB)`);
  const type = geminiFileType(path, bytes);
  const shown = relativePath(place.workspace, path);
  switch (type.kind) {
    case "binary":
      return geminiOutput(`Cannot display content of binary file: ${shown}`);
    case "image":
      return { response: { output: "Binary content provided (1 item(s))." }, parts: [{ inlineData: { data: encodeBase64(bytes), mimeType: type.mimeType } }] };
    case "text": {
      const text = decodeOrUnsupported(bytes);
      // a read that fails while decoding (§3.1: UTF-16BE with an odd byte count)
      if (typeof text !== "string") return geminiError(`Error reading file ${path}: ${text.error}`);
      return geminiOutput(readTextSelection(text, start, end));
    }
    case "svg": {
      // the whole text, decoded by its BOM, without line handling (ranges are not applied)
      if (bytes.length > SVG_MAX_BYTES) return geminiOutput(`Cannot display content of SVG file larger than 1MB: ${shown}`);
      const text = decodeOrUnsupported(bytes);
      if (typeof text !== "string") throw new UnsupportedError("read_file: an SVG file in UTF-16BE with an odd byte count is not modelled");
      return geminiOutput(text);
    }
    case "pdf":
      return { response: { output: "Binary content provided (1 item(s))." }, parts: [{ inlineData: { data: encodeBase64(bytes), mimeType: "application/pdf" } }] };
    case "audio":
    case "video": {
      if (type.mimeType === null) return geminiError(`Unsupported audio file format for ${path}. Supported audio formats are ${SUPPORTED_AUDIO_DISPLAY}.`);
      // gemini-2.5-pro takes no audio or video in a function response: the part is injected after the turn's responses. §1.5
      return {
        response: { output: `Binary content (${type.mimeType}) read successfully. Content will be injected for analysis in the next sequence.` },
        deferredParts: [{ inlineData: { data: encodeBase64(bytes), mimeType: type.mimeType } }],
      };
    }
    default: {
      const _exhaustive: never = type;
      return _exhaustive;
    }
  }
}

function decodeOrUnsupported(bytes: Uint8Array): string | { error: string } {
  const text = decodeGeminiText(bytes);
  if (text === null) throw new UnsupportedError("read_file: UTF-32 files are not modelled");
  return text;
}

/** The text read_file returns for a line selection. @see spec §3.1, §3.2 */
export function readTextSelection(content: string, startLine: number | undefined, endLine: number | undefined): string {
  const lines = content.split(/\r?\n/);
  const total = lines.length;
  let sliceStart = 0;
  let sliceEnd: number;
  if (startLine !== undefined || endLine !== undefined) {
    sliceStart = startLine ? startLine - 1 : 0;
    sliceEnd = endLine ? Math.min(endLine, total) : Math.min(sliceStart + MAX_LINES, total);
  } else {
    sliceEnd = Math.min(MAX_LINES, total);
  }
  const actualStart = Math.min(sliceStart, total);
  let cut = false;
  const text = lines
    .slice(actualStart, sliceEnd)
    .map((line) => {
      if (line.length <= MAX_LINE_LENGTH) return line;
      cut = true;
      return `${line.substring(0, MAX_LINE_LENGTH)}... [truncated]`;
    })
    .join("\n");
  if (!(actualStart > 0 || sliceEnd < total || cut)) return text;
  return `\nIMPORTANT: The file content has been truncated.\nStatus: Showing lines ${actualStart + 1}-${sliceEnd} of ${total} total lines.\nAction: To read more of the file, you can use the 'start_line' and 'end_line' parameters in a subsequent 'read_file' call. For example, to read the next section of the file, use start_line: ${sliceEnd + 1}.\n\n--- FILE CONTENT (truncated) ---\n${text}`;
}

/** list_directory's result. @see docs/spec/gemini-cli-0.61.0.md §4 */
export function formatListDirectory(callInput: unknown, observation: Record<string, unknown>, place: GeminiPlace): GeminiCliResult {
  const paramsError = geminiParamsError("list_directory", callInput);
  if (paramsError !== null) return geminiError(paramsError);
  const input = geminiInput(callInput);
  const path = typeof observation.path === "string" ? observation.path : need("list_directory", "path");
  if (observation.kind === "outside") return geminiError(outsideWorkspaceMessage(path, workspaceDirectoriesText(place), geminiTempDirectory(place.workspace, place.home)));
  if (observation.kind === "missing")
    return geminiError(
      observation.failure === "ENOTDIR" ? `Error listing directory: ENOTDIR: not a directory, stat '${path}'` : `Error listing directory: ENOENT: no such file or directory, stat '${path}'`,
    );
  if (observation.kind === "file") return geminiError(`Error: Path is not a directory: ${path}`);
  const entries = (Array.isArray(observation.entries) ? observation.entries : need("list_directory", "entries")) as { name: string; directory: boolean; size: number }[];
  if (entries.length === 0) return geminiOutput(`Directory ${path} is empty.`);
  const filtering = (input.file_filtering_options ?? {}) as { respect_git_ignore?: boolean; respect_gemini_ignore?: boolean };
  if (observation.gitRepository === true && filtering.respect_git_ignore !== false) throw new UnsupportedError("list_directory: .gitignore filtering inside a git repository is not modelled");
  // The file discovery's filter first (its drops are counted), on workspace-relative names passed as files; then `ignore`. §4.1
  const patterns = (Array.isArray(observation.geminiIgnore) ? observation.geminiIgnore : []) as string[];
  const relative = entries.map((entry) => relativePath(place.workspace, `${path}/${entry.name}`));
  const { kept: keptPaths, ignoredCount } = filterGeminiIgnored(relative, patterns, filtering.respect_gemini_ignore ?? true);
  const keptSet = new Set(keptPaths);
  const ignore = Array.isArray(input.ignore) ? (input.ignore as string[]) : [];
  const kept = entries.filter((entry, index) => keptSet.has(relative[index]!) && !ignoredByPatterns(entry.name, ignore));
  kept.sort((a, b) => (a.directory === b.directory ? a.name.localeCompare(b.name) : a.directory ? -1 : 1));
  const listing = kept.map((entry) => (entry.directory ? `[DIR] ${entry.name}` : `${entry.name} (${entry.size} bytes)`)).join("\n");
  return geminiOutput(`Directory listing for ${path}:\n${listing}${ignoredCount > 0 ? `\n\n(${ignoredCount} ignored)` : ""}`);
}

/** list_directory's `ignore`: `*` → `.*`, `?` → `.`, other regex characters escaped, matched against the whole name. @see spec §4 */
function ignoredByPatterns(name: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) =>
    new RegExp(
      `^${pattern
        .replace(/[.+^${}()|[\]\\]/g, "\\$&")
        .replace(/\*/g, ".*")
        .replace(/\?/g, ".")}$`,
    ).test(name),
  );
}

/** write_file's result. @see docs/spec/gemini-cli-0.61.0.md §5 */
export function formatWriteFile(callInput: unknown, observation: Record<string, unknown>, place: GeminiPlace): GeminiCliResult {
  const paramsError = geminiParamsError("write_file", callInput);
  if (paramsError !== null) return geminiError(paramsError);
  const input = geminiInput(callInput);
  if (!input.file_path) return geminiError(`Missing or empty "file_path"`);
  const path = withoutTrailingSlash(resolvePath(place.workspace, String(input.file_path)));
  // validateToolParamValues: the workspace, then a directory (lstat of the resolved path). §5
  const violation = placeViolation(String(input.file_path), place);
  if (violation !== null) return geminiError(violation);
  if (observation.kind === "directory") return geminiError(`Path is a directory, not a file: ${path}`);
  if (holdsNewPlaceholder("write_file", input)) return geminiError(placeholderRefusal("write_file"));
  if (typeof observation.path !== "string") need("write_file", "path");
  const before = observation.before as string | null;
  const after = typeof observation.after === "string" ? observation.after : need("write_file", "after");
  const head = before === null ? `Successfully created and wrote to new file: ${path}.` : `Successfully overwrote file: ${path}.`;
  return geminiOutput(`${head} Here is the updated code:\n${geminiDiffSnippet(before ?? "", after)}`);
}

/** replace's result. @see docs/spec/gemini-cli-0.61.0.md §6 */
export function formatReplace(callInput: unknown, observation: Record<string, unknown>, place: GeminiPlace): GeminiCliResult {
  const paramsError = geminiParamsError("replace", callInput);
  if (paramsError !== null) return geminiError(paramsError);
  const input = geminiInput(callInput);
  if (!input.file_path) return geminiError("The 'file_path' parameter must be non-empty.");
  // a placeholder in new_string that old_string does not hold is refused before the path check §6.1
  if (holdsNewPlaceholder("replace", input)) return geminiError(placeholderRefusal("replace"));
  const violation = placeViolation(String(input.file_path), place);
  if (violation !== null) return geminiError(violation);
  const path = typeof observation.path === "string" ? observation.path : need("replace", "path");
  // reading a directory's text fails in calculateEdit; the error's message is sent. §6.1
  if (observation.kind === "directory") return geminiError("EISDIR: illegal operation on a directory, read");
  const before = observation.before as string | null;
  const outcome = applyGeminiReplace(before, input);
  switch (outcome.kind) {
    case "missing":
      return geminiError(`File not found: ${path}`);
    case "refused":
      return geminiError(outcome.error);
    case "exists":
      return geminiError(`File already exists, cannot create: ${path}`);
    case "written": {
      const head = outcome.created ? `Created new file: ${path} with provided content.` : `Successfully modified file: ${path} (${outcome.occurrences} replacements).`;
      return geminiOutput(`${head} Here is the updated code:\n${geminiDiffSnippet(outcome.compared, outcome.written)}`);
    }
    default: {
      const _exhaustive: never = outcome;
      return _exhaustive;
    }
  }
}
