import type { ReadDirectory, ReadFacts, ReadFile } from "../../generated/schema-types.js";
import type { FormatOptions } from "../profile.js";
import { fileContent } from "./core-tool-content.js";
import { input } from "./core-input-check.js";
import type { CoreTool } from "./core-tool-definition.js";
import type { ToolFailure } from "./core-tool-failure.js";
import { toolFailure } from "./core-tool-failure.js";
import type { ToolOutput } from "./core-tool-output.js";
import { resourceOf } from "./core-resource.js";
import { utf8Length } from "./core-utf8-bytes.js";

/** read's v2 input (`path`, not `filePath`). @see spec §2.2b, README (v2 runner: tools offered) */
export interface ReadInput {
  path: string;
  offset?: number;
  limit?: number;
}

/** @see spec §2.2b (limits, image cap) */
export const READ_MAX_LINES = 2000;
export const READ_MAX_BYTES = 51200;
export const READ_MAX_LINE_CHARS = 2000;
export const READ_MAX_MEDIA_BYTES = 20971520;

/** Extensions read refuses as binary. @see spec §2.2 step 6, §2.2b (binary extensions) */
const BINARY_EXTENSIONS = new Set(
  ".zip .tar .gz .exe .dll .so .class .jar .war .7z .doc .docx .xls .xlsx .ppt .pptx .odt .ods .odp .bin .dat .obj .o .a .lib .wasm .pyc .pyo".split(" "),
);

/**
 * read: a small whole text file and text pages and directories are JSON (no content parts);
 * an image is `Image read successfully` plus its file part.
 * @see spec §2.2b
 */
export function formatRead(readInput: ReadInput, observation: ReadFacts, options: FormatOptions = {}): ToolOutput | ToolFailure {
  switch (observation.kind) {
    case "missing":
      return toolFailure(`Unable to read ${observation.path}`);
    case "directory":
      return { structured: readDirectoryPage(observation, readInput), content: [] };
    case "file":
      return formatReadFile(readInput, observation, resourceOf(observation.path, options.cwd));
    default: {
      const _exhaustive: never = observation;
      return _exhaustive;
    }
  }
}

function formatReadFile(readInput: ReadInput, observation: ReadFile, resource: string): ToolOutput | ToolFailure {
  const bytes = observation.base64 !== undefined ? decodeBase64(observation.base64) : new TextEncoder().encode(observation.content ?? "");
  const image = sniffImage(bytes);
  if (image !== undefined) {
    if (bytes.length > READ_MAX_MEDIA_BYTES) return toolFailure(`Media exceeds ${READ_MAX_MEDIA_BYTES} byte ingestion limit: ${resource}`);
    return {
      structured: { mime: image, name: readInput.path },
      content: [{ type: "text", text: "Image read successfully" }, fileContent(encodeBase64(bytes), image, readInput.path)],
    };
  }
  if (isBinary(observation.path, bytes, observation.mime)) return toolFailure(`Cannot read binary file: ${resource}`);
  let text: string;
  if (observation.base64 === undefined) text = observation.content ?? "";
  else {
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      return toolFailure(`File is not valid UTF-8: ${resource}`);
    }
  }
  const mime = observation.mime ?? "text/plain";
  if (bytes.length <= READ_MAX_BYTES && readInput.offset === undefined && readInput.limit === undefined) {
    return { structured: { uri: fileUri(observation.path), name: basename(observation.path), content: text, encoding: "utf8", mime }, content: [] };
  }
  return readTextPage(text, mime, readInput);
}

/**
 * A page of lines: lines split on LF with a CR before it stripped (a final terminator adds no
 * line), 1-based `offset` (default 1), at most `limit` (default 2000) lines and 51200 bytes
 * counting one separator byte per kept line after the first; lines over 2000 chars are cut
 * with the v1 suffix. `next` (the offset to continue from) only when truncated.
 * @see spec §2.2b (paged), §2.2 step 7 (per-line rule)
 */
export function readTextPage(text: string, mime: string, readInput: Pick<ReadInput, "offset" | "limit">): ToolOutput | ToolFailure {
  const lines = splitReadLines(text);
  const offset = readInput.offset === undefined || readInput.offset < 1 ? 1 : readInput.offset;
  const limit = readInput.limit ?? READ_MAX_LINES;
  if (offset > lines.length && !(lines.length === 0 && offset === 1)) return toolFailure(`Offset ${offset} is out of range`);
  const kept: string[] = [];
  let bytes = 0;
  let truncated = false;
  for (let i = offset - 1; i < lines.length; i++) {
    if (kept.length >= limit) {
      truncated = true;
      break;
    }
    const raw = lines[i];
    const line = raw.length > READ_MAX_LINE_CHARS ? `${raw.substring(0, READ_MAX_LINE_CHARS)}... (line truncated to ${READ_MAX_LINE_CHARS} chars)` : raw;
    const size = utf8Length(line) + (kept.length > 0 ? 1 : 0);
    if (bytes + size > READ_MAX_BYTES) {
      truncated = true;
      break;
    }
    bytes += size;
    kept.push(line);
  }
  const structured: Record<string, unknown> = { type: "text-page", content: kept.join("\n"), mime, offset, truncated };
  if (truncated) structured.next = offset + kept.length;
  return { structured, content: [] };
}

/** LF-separated lines, a CR before each LF stripped; a final terminator adds no empty line. */
function splitReadLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n").map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line));
  if (text.endsWith("\n")) lines.pop();
  return lines;
}

/**
 * Directory entries: directories (`name/`) first, then files, each group sorted with
 * localeCompare; paged like text (1-based offset, limit 2000); `next` only when truncated.
 * @see spec §2.2b (directory)
 */
export function readDirectoryPage(observation: ReadDirectory, readInput: Pick<ReadInput, "offset" | "limit">): Record<string, unknown> {
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  const directories = observation.entries.filter((entry) => entry.directory).sort(byName);
  const files = observation.entries.filter((entry) => !entry.directory).sort(byName);
  const all = [
    ...directories.map((entry) => ({ path: `${entry.name}/`, type: "directory" })),
    ...files.map((entry) => ({ path: entry.name, type: "file" })),
  ];
  const offset = readInput.offset === undefined || readInput.offset < 1 ? 1 : readInput.offset;
  const limit = readInput.limit ?? READ_MAX_LINES;
  const entries = all.slice(offset - 1, offset - 1 + limit);
  const truncated = offset - 1 + entries.length < all.length;
  const page: Record<string, unknown> = { entries, truncated };
  if (truncated) page.next = offset + entries.length;
  return page;
}

/** png, jpeg, gif or webp by magic bytes only. @see spec §2.2b (images), §2.2 step 5 (magic bytes) */
function sniffImage(bytes: Uint8Array): string | undefined {
  const starts = (...prefix: number[]) => prefix.every((byte, i) => bytes[i] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0x47, 0x49, 0x46, 0x38)) return "image/gif";
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) return "image/webp";
  return undefined;
}

/** A PDF (magic or MIME) or a binary extension. @see spec §2.2b (no PDF support; binary extensions) */
function isBinary(path: string, bytes: Uint8Array, mime: string | undefined): boolean {
  const isPdf = mime === "application/pdf" || [0x25, 0x50, 0x44, 0x46, 0x2d].every((byte, i) => bytes[i] === byte);
  const dot = path.lastIndexOf(".");
  const extension = dot > path.lastIndexOf("/") ? path.slice(dot).toLowerCase() : "";
  return isPdf || BINARY_EXTENSIONS.has(extension);
}

/** `file://` URL of an absolute path, percent-encoded as Node's pathToFileURL does. */
export function fileUri(path: string): string {
  const url = new URL("file://");
  url.pathname = path.replaceAll("%", "%25").replaceAll("\\", "%5C").replaceAll("\n", "%0A").replaceAll("\r", "%0D").replaceAll("\t", "%09");
  return url.href;
}

function basename(path: string): string {
  const trimmed = path.endsWith("/") ? path.slice(0, -1) : path;
  return trimmed.slice(trimmed.lastIndexOf("/") + 1);
}

function decodeBase64(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function encodeBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** @see spec §2.2b */
export const readTool: CoreTool<ReadInput, ReadFacts> = {
  input: [input.required("path", input.string), input.optional("offset", input.number), input.optional("limit", input.number)],
  format: formatRead,
};
