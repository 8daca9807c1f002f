import { packageOnFirstUse } from "../../input/package-on-first-use.js";

/** mime-types and its table (mime-db). */
const mimeTypes = packageOnFirstUse<typeof import("mime-types")>("mime-types");

/** The MIME types v1 read treats as images. @see spec §2.2 constants */
export const READ_IMAGE_MIMES: ReadonlySet<string> = new Set(["image/jpeg", "image/png", "image/gif", "image/webp"]);

/**
 * The MIME type opencode gives a path by its extension: `mime-types` `lookup` (3.0.x, over
 * mime-db 1.54.0, the table the 1.18.33 binary bundles — compared entry by entry), and
 * `application/octet-stream` when the extension maps to nothing or there is none (`.ts` is
 * `video/mp2t`, as in the binary).
 * @see spec §2.2, §2.2b; the bundle's `mimeType` (`lookup(path) || "application/octet-stream"`);
 * differential campaign seeds 12 and 5002 (extension-less files, `.ts`)
 */
export function extensionMime(path: string): string {
  return mimeTypes().lookup(path) || "application/octet-stream";
}

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  if (bytes.length < at + signature.length) return false;
  return signature.every((value, index) => bytes[at + index] === value);
}

/**
 * The MIME type the magic bytes of a file's first bytes declare, or undefined.
 * @see spec §2.2 step 5 (png, jpeg, gif, bmp, pdf, RIFF…WEBP)
 */
export function sniffMime(bytes: Uint8Array): string | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return "image/gif";
  if (startsWith(bytes, [0x42, 0x4d])) return "image/bmp";
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "application/pdf";
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return undefined;
}
