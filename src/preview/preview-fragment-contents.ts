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
  const source = record.source as Record<string, unknown> | undefined;
  if (record.type === "image" && source && typeof source.data === "string") return attach(out, String(source.media_type), source.data);
  const inline = record.inlineData as Record<string, unknown> | undefined;
  if (inline && typeof inline.data === "string") return attach(out, String(inline.mimeType), inline.data);
  const imageUrl = record.image_url as Record<string, unknown> | undefined;
  if (imageUrl && typeof imageUrl.url === "string") return attachUrl(out, imageUrl.url);
  const file = record.file as Record<string, unknown> | undefined;
  if (file && typeof file.file_data === "string") return attachUrl(out, file.file_data);
  if (typeof record.image_url === "string") return attachUrl(out, record.image_url);
  for (const [key, item] of Object.entries(record)) {
    if (typeof item === "string") {
      if (TEXT_KEYS.has(key)) out.texts.push(item);
    } else walk(item, out);
  }
}

function attach(out: FragmentContents, mime: string, data: string): void {
  out.attachments.push({ mime, bytes: base64DecodedLength(data), data });
}

function attachUrl(out: FragmentContents, url: string): void {
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  if (match) attach(out, match[1]!, match[2]!);
  else out.texts.push(url);
}
