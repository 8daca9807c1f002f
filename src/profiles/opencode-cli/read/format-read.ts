import { decodeBase64, encodeBase64 } from "../../../text/base64.js";
import { titlePath } from "../../../text/path-posix.js";
import { utf8Length } from "../../../text/utf8-length.js";
import { extensionMime, READ_IMAGE_MIMES, sniffMime } from "../../opencode-shared/read-sniff-mime.js";
import type { FormatContext } from "../format-context.js";
import { failOnErrorObservation } from "../format-context.js";
import type { InstructionObservation, ReadFileObservation, ReadObservation } from "../format-observations.js";
import { ToolFailure, type ToolOutcome } from "../result/format-result.js";
import { formatReadDirectory } from "./format-read-directory.js";
import { formatReadMissing } from "./format-read-missing.js";
import { isBinaryFile, READ_SAMPLE_BYTES } from "./read-binary-check.js";
import { forEachSplitLine } from "./read-split-lines.js";

/** @see spec §2.2 constants */
export const READ_DEFAULT_LIMIT = 2000;
/** @see spec §2.2 constants */
export const READ_MAX_LINE_LENGTH = 2000;
/** @see spec §2.2 constants */
export const READ_MAX_BYTES = 51200;
const LINE_SUFFIX = `... (line truncated to ${READ_MAX_LINE_LENGTH} chars)`;

/** read's v1 parameters. */
export interface ReadInput {
  filePath: string;
  offset?: number;
  limit?: number;
}

/**
 * v1 read: a file (image/PDF attachment, binary error, or numbered lines with one footer), a
 * directory listing, or a not-found error with suggestions. Title = path relative to the worktree.
 * @see spec §2.2
 */
export function formatRead(input: ReadInput, observation: Record<string, unknown>, context: FormatContext): ToolOutcome {
  failOnErrorObservation(observation);
  const read = observation as unknown as ReadObservation;
  switch (read.kind) {
    case "missing":
      return formatReadMissing(read);
    case "directory":
      return formatReadDirectory(input, read, context);
    case "file":
      return formatReadFile(input, read, context);
    default: {
      const _exhaustive: never = read;
      throw new ToolFailure(`Unknown read observation kind: ${JSON.stringify(_exhaustive)}`);
    }
  }
}

/** The file's bytes: base64 when given, else the UTF-8 encoding of `content`. */
export function readFileBytes(observation: ReadFileObservation): Uint8Array {
  if (observation.base64 !== undefined) return decodeBase64(observation.base64);
  return new TextEncoder().encode(observation.content ?? "");
}

/**
 * Steps 5–9 for a regular file.
 * @see spec §2.2 steps 5–10
 */
export function formatReadFile(input: ReadInput, observation: ReadFileObservation, context: FormatContext): ToolOutcome {
  const path = observation.path;
  const title = titlePath(path, context.options.cwd);
  const bytes = readFileBytes(observation);
  const mime = readMime(observation, bytes);
  if (mime !== undefined && (READ_IMAGE_MIMES.has(mime) || mime === "application/pdf")) {
    const output = mime === "application/pdf" ? "PDF read successfully" : "Image read successfully";
    const attachments = [{ type: "file" as const, mime, url: `data:${mime};base64,${encodeBase64(bytes)}` }];
    return { title, output, truncated: false, attachments };
  }
  const failure = readFileFailure(input, observation);
  if (failure !== undefined) throw new ToolFailure(failure);

  const offset = input.offset || 1;
  const page = readLines(readText(bytes), offset, input.limit ?? READ_DEFAULT_LIMIT);
  const last = offset + page.lines.length - 1;
  const footer = page.cut
    ? `\n\n(Output capped at 50 KB. Showing lines ${offset}-${last}. Use offset=${last + 1} to continue.)`
    : page.more
      ? `\n\n(Showing lines ${offset}-${last} of ${page.count}. Use offset=${last + 1} to continue.)`
      : `\n\n(End of file - total ${page.count} lines)`;
  const numbered = page.lines.map((line, index) => `${offset + index}: ${line}`).join("\n");
  const output = `<path>${path}</path>\n<type>file</type>\n<content>\n${numbered}${footer}\n</content>` + systemReminder(observation.instructions ?? []);
  return { title, output, truncated: page.more || page.cut };
}

/** A streaming decoder that is never flushed: an incomplete UTF-8 sequence at the end is dropped (the binary: `café\xc3` reads `café`, seed 6001). */
const readText = (bytes: Uint8Array) => new TextDecoder("utf-8").decode(bytes, { stream: true });

/** The MIME type read goes by: the first bytes' magic number, else the observed or the extension's type. @see spec §2.2 step 4 */
function readMime(observation: ReadFileObservation, bytes: Uint8Array): string | undefined {
  return sniffMime(bytes.subarray(0, READ_SAMPLE_BYTES)) ?? observation.mime ?? extensionMime(observation.path);
}

/** Whether read attaches this file (an image or a PDF, by its bytes or else its type) instead of showing its text. @see spec §2.2 step 4 */
export function isMediaRead(observation: ReadFileObservation): boolean {
  const mime = readMime(observation, readFileBytes(observation));
  return mime !== undefined && (READ_IMAGE_MIMES.has(mime) || mime === "application/pdf");
}

/**
 * Why a read of this file fails after its instruction files are claimed (a binary file, an offset
 * past the end), or undefined when it completes (text, an image or a PDF).
 * @see spec §2.2 steps 4–7, step 9 (a failed read loads no instruction file)
 */
export function readFileFailure(input: Partial<ReadInput>, observation: ReadFileObservation): string | undefined {
  const bytes = readFileBytes(observation);
  const mime = readMime(observation, bytes);
  if (mime !== undefined && (READ_IMAGE_MIMES.has(mime) || mime === "application/pdf")) return undefined;
  if (isBinaryFile(observation.path, bytes)) return `Cannot read binary file: ${observation.path}`;
  const offset = input.offset || 1;
  const page = readLines(readText(bytes), offset, input.limit ?? READ_DEFAULT_LIMIT);
  if (page.count < offset && !(page.count === 0 && offset === 1)) return `Offset ${offset} is out of range for this file (${page.count} lines)`;
  return undefined;
}

/** The kept lines of a page and how reading ended. */
export interface ReadPage {
  lines: string[];
  /** Lines seen (exact unless `cut`). */
  count: number;
  more: boolean;
  cut: boolean;
}

/**
 * `ReadTool.lines`: skip lines before `offset`, keep `limit` lines (each cut to 2000 chars plus
 * the suffix) within 51200 bytes, keep counting to EOF after `limit`, stop at the byte cap.
 * @see spec §2.2 step 7
 */
export function readLines(text: string, offset: number, limit: number): ReadPage {
  const lines: string[] = [];
  let count = 0;
  let bytes = 0;
  let more = false;
  let cut = false;
  forEachSplitLine(text, (line) => {
    count++;
    if (count < offset) return true;
    if (lines.length >= limit) {
      more = true;
      return true;
    }
    const kept = line.length > READ_MAX_LINE_LENGTH ? line.substring(0, READ_MAX_LINE_LENGTH) + LINE_SUFFIX : line;
    const size = utf8Length(kept) + (lines.length > 0 ? 1 : 0);
    if (bytes + size > READ_MAX_BYTES) {
      cut = true;
      more = true;
      return false;
    }
    lines.push(kept);
    bytes += size;
    return true;
  });
  return { lines, count, more, cut };
}

/**
 * `⏎⏎<system-reminder>⏎Instructions from: <path>⏎<content>…⏎</system-reminder>`, or "" for none.
 * @see spec §2.2 step 9
 */
export function systemReminder(instructions: readonly InstructionObservation[]): string {
  if (instructions.length === 0) return "";
  const items = instructions.map((item) => `Instructions from: ${item.path}\n${item.content}`);
  return `\n\n<system-reminder>\n${items.join("\n\n")}\n</system-reminder>`;
}
