import { decodeBase64 } from "../../../text/base64.js";
import { imageNormalizeOutcome } from "../../opencode-shared/image-normalize-outcome.js";
import { sniffMime } from "../../opencode-shared/read-sniff-mime.js";
import { UnsupportedError } from "../../profile.js";
import type { CliFilePart, ToolOutcome } from "./format-result.js";

/**
 * Whether the v1 processor can decode an image attachment: its bytes carry a raster image
 * signature (png, jpeg, gif, webp, bmp) and a header that does not end before the image's size.
 * A text file named `.png` cannot be decoded.
 * @see spec §2.14 last bullet, §2.14b
 */
export function isDecodableImage(part: CliFilePart): boolean {
  const comma = part.url.indexOf(",");
  if (!part.url.startsWith("data:") || comma === -1) return false;
  const head = part.url.slice(comma + 1, comma + 1 + 64);
  let bytes: Uint8Array;
  try {
    bytes = decodeBase64(head.slice(0, head.length - (head.length % 4)));
  } catch {
    return false;
  }
  if (sniffMime(bytes)?.startsWith("image/") !== true) return false;
  return normalizeOutcome(part) === "as-is";
}

/**
 * The v1 processor's image post-processing: image attachments it cannot bring under the size
 * limit are dropped and `⏎⏎[<k> image(s) omitted: could not be resized below the image size limit.]`
 * is appended. `omitted` forces the outcome for every image (the observation's `imageOmitted`);
 * otherwise an image is dropped when its bytes do not decode as one. An image that is kept is sent
 * as it is only within `Image.normalize`'s limits; one the runtime resizes is unsupported.
 * @see spec §2.14 last bullet, §2.14b, README "read of a file whose extension says image but whose bytes are not one"
 */
export function omitUnresizableImages(outcome: ToolOutcome, omitted: boolean | undefined): ToolOutcome {
  const attachments = outcome.attachments;
  if (attachments === undefined) return outcome;
  const kept = attachments.filter((part) => !part.mime.startsWith("image/") || (omitted === undefined ? isDecodableImage(part) : !omitted));
  if (omitted === false) for (const part of kept) if (part.mime.startsWith("image/")) normalizeOutcome(part);
  const dropped = attachments.length - kept.length;
  if (dropped === 0) return outcome;
  const { attachments: _all, ...rest } = outcome;
  return {
    ...rest,
    output: `${outcome.output}\n\n[${dropped} image${dropped === 1 ? "" : "s"} omitted: could not be resized below the image size limit.]`,
    ...(kept.length > 0 ? { attachments: kept } : {}),
  };
}

/** `Image.normalize` on the data URL's base64 (after `;base64,`, as the runtime measures it). @see spec §2.14b */
function normalizeOutcome(part: CliFilePart): "as-is" | "undecodable" {
  const marker = part.url.indexOf(";base64,");
  const base64 = marker === -1 ? "" : part.url.slice(marker + 8);
  let bytes: Uint8Array;
  try {
    bytes = decodeBase64(base64);
  } catch {
    throw new UnsupportedError("opencode-cli: photon (Image.normalize) decodes this image, and its data URL is not base64 correx can read (spec §2.14b)");
  }
  return imageNormalizeOutcome("opencode-cli", base64, bytes);
}
