import { findNonBase64Character } from "../text/base64.js";
import { escapeControl } from "../text/escape-control.js";

/** A content item's base64 field that is not base64: where (a JSON pointer into the CallToolResult) and why. */
export interface NonBase64Content {
  pointer: string;
  message: string;
}

/**
 * The first content item whose base64 (an image's or audio's `data`, an embedded resource's
 * `blob`) holds a character no base64 decoder takes, or null. A profile that decodes it would
 * otherwise fail in the middle of formatting; an empty string is a valid (empty) payload, which
 * the profiles show as dropped. Fields that are not strings are left to the profiles.
 * @see https://modelcontextprotocol.io/specification/2025-06-18/schema (ImageContent, AudioContent, BlobResourceContents)
 */
export function findNonBase64Content(content: readonly unknown[]): NonBase64Content | null {
  for (const [index, item] of content.entries()) {
    if (item === null || typeof item !== "object") continue;
    const { type, data, resource } = item as { type?: unknown; data?: unknown; resource?: unknown };
    const found =
      type === "image" || type === "audio"
        ? nonBase64(`/content/${index}/data`, data)
        : type === "resource" && resource !== null && typeof resource === "object"
          ? nonBase64(`/content/${index}/resource/blob`, (resource as { blob?: unknown }).blob)
          : null;
    if (found) return found;
  }
  return null;
}

function nonBase64(pointer: string, value: unknown): NonBase64Content | null {
  if (typeof value !== "string") return null;
  const at = findNonBase64Character(value);
  if (at === -1) return null;
  const character = String.fromCodePoint(value.codePointAt(at)!);
  return { pointer, message: `not base64 (character ${escapeControl(JSON.stringify(character), true)} at offset ${at})` };
}
