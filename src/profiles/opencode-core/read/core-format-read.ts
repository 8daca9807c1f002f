import type { ReadDirectory, ReadFacts, ReadFile } from "../../../generated/schema-types.js";
import { decodeBase64, encodeBase64 } from "../../../text/base64.js";
import { utf8Length } from "../../../text/utf8-length.js";
import { input } from "../../opencode-shared/effect-schema-input.js";
import { imageNormalizeOutcome } from "../../opencode-shared/image-normalize-outcome.js";
import type { FormatOptions } from "../../profile.js";
import { UnsupportedError } from "../../profile.js";
import { requireFacts } from "../core-observation-facts.js";
import { resourceOf } from "../core-resource.js";
import type { CoreTool } from "../core-tool-definition.js";
import { fileContent } from "../result/core-tool-content.js";
import type { ToolFailure } from "../result/core-tool-failure.js";
import { toolFailure } from "../result/core-tool-failure.js";
import type { ToolOutput } from "../result/core-tool-output.js";
import { hasBinaryExtension, hasPdfMagic, looksBinary } from "./core-read-binary.js";

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

/** Bytes `ReadTool.read` reads at a time (its first chunk is min(64 KiB, size)). @see spec §2.2b */
export const READ_CHUNK_BYTES = 65536;

/**
 * read: a small whole text file and text pages and directories are JSON (no content parts);
 * an image is `Image read successfully` plus its file part. Every failure but a binary file, the
 * media limit and an image photon cannot decode reads `Unable to read <path as the model gave it>` (relative stays relative).
 * @see spec §2.2b; README "Verified against the released binary's v2 runner" (errors);
 * docs/decisions/gate-v2-runner.md (bundle `ReadTool.execute`)
 */
export function formatRead(readInput: ReadInput, observation: ReadFacts, options: FormatOptions = {}): ToolOutput | ToolFailure {
  requireFacts("read", observation, { path: "string" });
  if (observation.kind === "directory") requireFacts("read", observation, { entries: "object-array" });
  switch (observation.kind) {
    case "missing":
      return toolFailure(unableToRead(readInput));
    case "directory":
      return { structured: readDirectoryPage(observation, readInput), content: [] };
    case "file":
      return formatReadFile(readInput, observation, resourceOf(observation.path, options.cwd));
    default: {
      const _exhaustive: never = observation;
      throw new UnsupportedError(
        `opencode-core read: the observation's kind ${JSON.stringify((_exhaustive as { kind?: unknown }).kind)} is not file, directory or missing (schemas/observations/read.json)`,
      );
    }
  }
}

/**
 * The message `ReadTool.execute` gives every failure but BinaryFileError, MediaIngestLimitError
 * and the image decode/size errors: the input path exactly as given.
 * @see spec §2.2b ("everything else `Unable to read <path>`"); README v2 list (errors)
 */
export function unableToRead(readInput: ReadInput): string {
  return `Unable to read ${readInput.path}`;
}

/**
 * A file, in `ReadTool.read`'s order: an image by magic (media cap, then `Image.normalize`: bytes
 * photon cannot decode fail, one it resizes is unsupported, §2.14b); `%PDF` magic or a binary
 * extension → binary; a whole small file (≤ 51200 bytes, no offset/limit) is binary when its
 * first chunk fails the byte test or a later chunk holds NUL, and must be UTF-8; else paged.
 * @see spec §2.2b
 */
function formatReadFile(readInput: ReadInput, observation: ReadFile, resource: string): ToolOutput | ToolFailure {
  const bytes = observation.base64 !== undefined ? decodeBase64(observation.base64) : new TextEncoder().encode(observation.content ?? "");
  const image = sniffImage(bytes);
  if (image !== undefined) {
    if (bytes.length > READ_MAX_MEDIA_BYTES) return toolFailure(`Media exceeds ${READ_MAX_MEDIA_BYTES} byte ingestion limit: ${resource}`);
    const base64 = encodeBase64(bytes);
    if (imageNormalizeOutcome("opencode-core", base64, bytes) === "undecodable") return toolFailure(`Image could not be decoded: ${resource}`);
    return {
      structured: { mime: image, name: readInput.path },
      content: [{ type: "text", text: "Image read successfully" }, fileContent(base64, image, readInput.path)],
    };
  }
  const binary = toolFailure(`Cannot read binary file: ${resource}`);
  if (hasPdfMagic(bytes) || hasBinaryExtension(resource)) return binary;
  const mime = observation.mime ?? "text/plain";
  if (bytes.length > READ_MAX_BYTES || readInput.offset !== undefined || readInput.limit !== undefined) {
    const page = readTextPage(bytes, mime, readInput, resource);
    switch (page) {
      case "binary":
        return binary;
      case "unreadable":
        return toolFailure(unableToRead(readInput));
      default:
        return { structured: page, content: [] };
    }
  }
  if (looksBinary(resource, bytes.subarray(0, READ_CHUNK_BYTES))) return binary;
  for (let at = READ_CHUNK_BYTES; at < bytes.length; at += READ_CHUNK_BYTES) {
    if (bytes.subarray(at, at + READ_CHUNK_BYTES).includes(0)) return binary;
  }
  const text = decodeUtf8(bytes);
  if (text === undefined) return toolFailure(unableToRead(readInput));
  return { structured: { uri: fileUri(observation.path), name: basename(observation.path), content: text, encoding: "utf8", mime }, content: [] };
}

/** Strict UTF-8 (a BOM is dropped, as TextDecoder does), or undefined when malformed. */
function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * A page of lines, as `ReadTool.read` pages: the bytes are cut into LF-terminated pieces (also at
 * each 64 KiB chunk end); before each piece the page stops once `limit` lines (default and cap
 * 2000) or 51200 bytes are kept; each piece is tested for binary (the chunk test) and decoded as
 * strict UTF-8. Lines are split on LF with a CR before it stripped (a final terminator adds no
 * line), lines before the 1-based `offset` are skipped, lines over 2000 chars are cut with the v1
 * suffix, and a line that would take the page over 51200 bytes (one separator byte per kept line
 * after the first) stops it. `next` is the first line not sent, only when stopped. No line kept
 * with an offset other than 1 is a failure (`OffsetOutOfRangeError`, sent as `Unable to read`).
 * @see spec §2.2b (paged), §2.2 step 7 (per-line rule)
 */
export function readTextPage(bytes: Uint8Array, mime: string, readInput: Pick<ReadInput, "offset" | "limit">, resource: string): Record<string, unknown> | "binary" | "unreadable" {
  const offset = readInput.offset ?? 1;
  const limit = Math.min(readInput.limit ?? READ_MAX_LINES, READ_MAX_LINES);
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const kept: string[] = [];
  let line = 1;
  let size = 0;
  let next: number | undefined;
  let carry = "";
  let carryCut = false;
  const keep = (raw: string): boolean => {
    const text = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    if (line < offset) {
      line++;
      return true;
    }
    if (kept.length >= limit || size >= READ_MAX_BYTES) {
      next = line;
      return false;
    }
    const cut = text.length > READ_MAX_LINE_CHARS ? `${text.slice(0, READ_MAX_LINE_CHARS)}... (line truncated to ${READ_MAX_LINE_CHARS} chars)` : text;
    const cost = utf8Length(cut) + (kept.length > 0 ? 1 : 0);
    if (size + cost > READ_MAX_BYTES) {
      next = line;
      return false;
    }
    kept.push(cut);
    size += cost;
    line++;
    return true;
  };
  const take = (decoded: string): boolean => {
    let rest = decoded;
    for (;;) {
      const newline = rest.indexOf("\n");
      if (newline === -1) {
        if (!carryCut) {
          carry += rest;
          if (carry.length > READ_MAX_LINE_CHARS) {
            carry = carry.slice(0, READ_MAX_LINE_CHARS + 1);
            carryCut = true;
          }
        }
        return true;
      }
      const whole = carry + (carryCut ? "" : rest.slice(0, newline));
      carry = "";
      carryCut = false;
      rest = rest.slice(newline + 1);
      if (!keep(whole)) return false;
    }
  };
  let stopped = false;
  try {
    chunks: for (let at = 0; at < bytes.length; at += READ_CHUNK_BYTES) {
      const chunk = bytes.subarray(at, at + READ_CHUNK_BYTES);
      for (let from = 0; from < chunk.length; ) {
        if (kept.length >= limit || size >= READ_MAX_BYTES) {
          next = line;
          stopped = true;
          break chunks;
        }
        const newline = chunk.indexOf(0x0a, from);
        const end = newline === -1 ? chunk.length : newline + 1;
        const piece = chunk.subarray(from, end);
        if (looksBinary(resource, piece)) return "binary";
        if (!take(decoder.decode(piece, { stream: true }))) {
          stopped = true;
          break chunks;
        }
        from = end;
      }
    }
    if (!stopped) {
      const tail = decoder.decode();
      if (!carryCut) carry += tail;
      if (carry !== "") keep(carry);
    }
  } catch {
    return "unreadable";
  }
  if (kept.length === 0 && offset !== 1) return "unreadable";
  const page: Record<string, unknown> = { type: "text-page", content: kept.join("\n"), mime, offset, truncated: next !== undefined };
  if (next !== undefined) page.next = next;
  return page;
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
  const all = [...directories.map((entry) => ({ path: `${entry.name}/`, type: "directory" })), ...files.map((entry) => ({ path: entry.name, type: "file" }))];
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

/** @see spec §2.2b */
export const readTool: CoreTool<ReadInput, ReadFacts> = {
  // offset and limit: positive integers (the binary: `Expected a value greater than 0, got -1` at either; campaign seed 9001)
  input: [
    input.required("path", input.string),
    input.optional("offset", input.boundedNumber({ integer: true, greaterThan: 0 })),
    // WL.check(isLessThanOrEqualTo(2000)) in the bundle; the binary: limit 2001 → "Expected a value less than or equal to 2000" (seed 7002)
    input.optional("limit", input.boundedNumber({ integer: true, greaterThan: 0, atMost: 2000 })),
  ],
  format: formatRead,
};
