import { decodeBase64, encodeBase64 } from "../../../text/base64.js";
import { extnamePath } from "../../../text/path-posix.js";
import { UnsupportedError } from "../../profile.js";
import { type ClaudeCodeResult, claudeError } from "../claude-result.js";
import { claudeImageMagicType } from "./claude-image-magic.js";
import { CLAUDE_IMAGE_TYPES } from "./claude-read-kinds.js";
import type { ClaudeReadObservation } from "./format-claude-files.js";
import { formatClaudeNotebook } from "./format-claude-notebook.js";

/** The bytes of a file observation. */
function bytesOf(observation: ClaudeReadObservation): Uint8Array {
  if (observation.base64 !== undefined) return decodeBase64(observation.base64);
  return new TextEncoder().encode(observation.text ?? "");
}

/** A PNG's width and height from its IHDR chunk, or undefined when the bytes are no PNG. */
function pngSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 24 || signature.some((byte, index) => bytes[index] !== byte)) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** A GIF's logical screen size from its header, or undefined when the bytes are no GIF. */
function gifSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  const header = new TextDecoder("latin1").decode(bytes.subarray(0, 6));
  if (bytes.length < 10 || (header !== "GIF87a" && header !== "GIF89a")) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
}

/** Images the binary sends as they are: small PNGs (larger ones and other formats may be resized or re-encoded; not pinned). */
const IMAGE_AS_IS_MAX_SIDE = 2000;
const IMAGE_AS_IS_MAX_BYTES = 256 * 1024;

/**
 * Read's results for files that are not text: an image extension is answered with one image
 * block of the file's bytes (`{type: "image", source: {type: "base64", data, media_type}}`); a
 * notebook (`.ipynb`) as formatClaudeNotebook says; a PDF as formatPdf says. Undefined for a text
 * file. What is not pinned (a large or non-PNG image, `pages` on these) is
 * `unsupported`, naming the rule. @see docs/spec/claude-code-2.1.332.md §4.7
 */
export function formatClaudeReadKind(input: Record<string, unknown>, observation: ClaudeReadObservation): ClaudeCodeResult | undefined {
  const extension = extnamePath(observation.path).toLowerCase();
  if (extension === ".pdf") return formatPdf(input, observation);
  const mediaType = CLAUDE_IMAGE_TYPES[extension];
  if (mediaType !== undefined) {
    const bytes = bytesOf(observation);
    // Refused before any resizing: an empty file, and bytes that are no PNG, JPEG, GIF or WebP by their magic number (bundle `UDi`, `nw`, `Cxr`; observed: text saved as notpng.png). §4.7
    if (bytes.length === 0) return claudeError(`Image file is empty: ${observation.path}`);
    if (claudeImageMagicType(bytes) === null) {
      return claudeError(
        `File has an image extension but its content is not a valid PNG/JPEG/GIF/WebP. Detected: ${detectedContent(bytes)}. This usually means a download saved an error/login page instead of the image. Use \`file "${observation.path}"\` to confirm, or read it as text with Bash (e.g. \`head -c 500\`).`,
      );
    }
    // A GIF is sent as it is too (observed: a 1×1 GIF, `claude-unseen2-read-media`).
    const size = extension === ".png" ? pngSize(bytes) : extension === ".gif" ? gifSize(bytes) : undefined;
    // offset and limit change nothing (observed: a 1×1 PNG with offset 5, limit 1); pages is not pinned.
    if (input.pages !== undefined) throw new UnsupportedError("claude-code: Read of an image with pages is not modelled (docs/spec/claude-code-2.1.332.md §4.7, §9)");
    if ((extension !== ".png" && extension !== ".gif") || size === undefined || size.width > IMAGE_AS_IS_MAX_SIDE || size.height > IMAGE_AS_IS_MAX_SIDE || bytes.length > IMAGE_AS_IS_MAX_BYTES) {
      throw new UnsupportedError("claude-code: Read of an image other than a small PNG or GIF (resizing and re-encoding) is not modelled (docs/spec/claude-code-2.1.332.md §9)");
    }
    return { content: [{ type: "image", source: { type: "base64", data: encodeBase64(bytes), media_type: mediaType } }] };
  }
  if (extension === ".ipynb") return formatClaudeNotebook(observation.text ?? "", input.pages !== undefined);
  return undefined;
}

/** PDFs over this size are refused (the bundle's limit, 20 MB; not observed). */
const PDF_MAX_BYTES = 20 * 1024 * 1024;

/** A size as the PDF reader names it: `584 bytes`, `2KB` (2,001 bytes), `1.4MB` (1,500,586 bytes) — one decimal, a trailing `.0` dropped (observed). */
export function claudeFileSize(bytes: number): string {
  const trim = (value: number) => value.toFixed(1).replace(/\.0$/, "");
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${trim(bytes / 1024)}KB`;
  return `${trim(bytes / (1024 * 1024))}MB`;
}

/**
 * Read of a PDF: the whole file as a document block after a text block naming it and its size
 * (`offset` and `limit` change nothing); an empty file and one without the `%PDF-` header are
 * refused (`is_error`, no `<tool_use_error>`); `pages` needs pdftoppm, and without it on the PATH
 * the result says so. Rendered pages are not modelled. @see docs/spec/claude-code-2.1.332.md §4.8
 */
function formatPdf(input: Record<string, unknown>, observation: ClaudeReadObservation): ClaudeCodeResult {
  const unsupported = (why: string) => new UnsupportedError(`claude-code: Read of a PDF ${why} is not modelled (docs/spec/claude-code-2.1.332.md §4.8)`);
  const bytes = bytesOf(observation);
  if (input.pages !== undefined) {
    if (observation.pdftoppm !== false) throw unsupported("by pages with pdftoppm on the PATH (rendered page images)");
    if (bytes.length === 0 || !startsWithPdfHeader(bytes)) throw unsupported("by pages that is empty or has no %PDF- header");
    return claudeError("pdftoppm is not installed. Install poppler-utils (e.g. `brew install poppler` or `apt-get install poppler-utils`) to enable PDF page rendering.");
  }
  if (bytes.length === 0) return claudeError(`PDF file is empty: ${observation.path}`);
  if (bytes.length > PDF_MAX_BYTES) throw unsupported("over 20 MB");
  if (!startsWithPdfHeader(bytes)) return claudeError(`File is not a valid PDF (missing %PDF- header): ${observation.path}`);
  return {
    content: [
      { type: "text", text: `PDF file read: ${observation.path} (${claudeFileSize(bytes.length)})` },
      { type: "document", source: { type: "base64", media_type: "application/pdf", data: encodeBase64(bytes) } },
    ],
  };
}

const startsWithPdfHeader = (bytes: Uint8Array) => new TextDecoder("latin1").decode(bytes.subarray(0, 5)) === "%PDF-";

/** What the bytes of a file with an image extension look like instead, as the binary names it. */
function detectedContent(bytes: Uint8Array): string {
  const head = bytes.subarray(0, 32);
  const shown = Array.from(head, (byte) => (byte >= 0x20 && byte <= 0x7e ? String.fromCharCode(byte) : ".")).join("");
  const lower = shown.toLowerCase();
  if (lower.includes("<!doctype") || lower.includes("<html")) return `HTML document (starts with "${shown.slice(0, 24)}")`;
  if (lower.startsWith("<?xml") || lower.startsWith("<svg")) return `XML/SVG document (starts with "${shown.slice(0, 24)}")`;
  if (lower.startsWith("{") || lower.startsWith("[")) return `JSON/text (starts with "${shown.slice(0, 24)}")`;
  if (
    Array.from(head.subarray(0, 4), (byte) => String.fromCharCode(byte))
      .join("")
      .toLowerCase() === "%pdf"
  )
    return "PDF document";
  if (head[0] === 80 && head[1] === 75 && head[2] === 3 && head[3] === 4) return "ZIP archive (Office documents such as .pptx/.docx/.xlsx are ZIPs)";
  return `unrecognized bytes (hex: ${Array.from(head.subarray(0, 8), (byte) => byte.toString(16).padStart(2, "0")).join(" ")})`;
}
