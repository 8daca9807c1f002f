import { base64DecodedLength } from "../text/base64.js";

/** What a model gets from one tool result's wire elements: its texts in order, and its attachments. */
export interface FragmentContents {
  texts: string[];
  attachments: { mime: string; bytes: number; data: string }[];
}

const TEXT_KEYS = new Set(["text", "content", "output", "error"]);

/**
 * The texts and attachments of a tool result's wire elements on any protocol: strings under
 * `text`, `content`, `output` and `error`; images and files as base64 (`source.data` with
 * `media_type`, `image_url.url` and `file.file_data` data: URLs, `inlineData`). Ids, names and
 * types are not what the model reads as content and are skipped.
 */
export function fragmentContents(elements: readonly unknown[]): FragmentContents {
  const out: FragmentContents = { texts: [], attachments: [] };
  for (const element of elements) walk(element, out);
  return out;
}

function walk(value: unknown, out: FragmentContents): void {
  if (Array.isArray(value)) {
    for (const item of value) walk(item, out);
    return;
  }
  if (value === null || typeof value !== "object") return;
  const record = value as Record<string, unknown>;
  const binary = binaryOf(record);
  if (binary !== null) {
    if (binary.url !== undefined) attachUrl(out, binary.url);
    else attach(out, binary.mime ?? "", binary.data ?? "");
    return;
  }
  for (const [key, item] of Object.entries(record)) {
    if (typeof item === "string") {
      if (TEXT_KEYS.has(key)) out.texts.push(item);
    } else walk(item, out);
  }
}

/** An image or file element: base64 with its MIME, or a URL (a data: URL when inline). Null for anything else. */
function binaryOf(record: Record<string, unknown>): { mime?: string; data?: string; url?: string } | null {
  const source = record.source as Record<string, unknown> | undefined;
  if (record.type === "image" && source && typeof source.data === "string") return { mime: String(source.media_type), data: source.data };
  const inline = record.inlineData as Record<string, unknown> | undefined;
  if (inline && typeof inline.data === "string") return { mime: String(inline.mimeType), data: inline.data };
  const imageUrl = record.image_url as Record<string, unknown> | undefined;
  if (imageUrl && typeof imageUrl.url === "string") return { url: imageUrl.url };
  const file = record.file as Record<string, unknown> | undefined;
  if (file && typeof file.file_data === "string") return { url: file.file_data };
  if (typeof record.image_url === "string") return { url: record.image_url };
  return null;
}

function attach(out: FragmentContents, mime: string, data: string): void {
  out.attachments.push({ mime, bytes: base64DecodedLength(data), data });
}

function attachUrl(out: FragmentContents, url: string): void {
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  if (match) attach(out, match[1]!, match[2]!);
  else out.texts.push(url);
}
